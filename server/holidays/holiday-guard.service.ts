import { findPage, type Connection, type PageArgs } from '../common/pagination.js';
import type { Country } from '../common/locale.js';
import type { LocalDate } from '../../shared/zoned-time.js';
import type { AppContext } from '../context.js';
import { Order, ORDER_SORT, OrderRepository } from '../orders/index.js';
import { parseLocalDateInput } from './local-date-input.js';

/**
 * The holiday guard: which active orders a new holiday would land on. A holiday is not a working
 * day, so those visits would fall outside every planner's day; the admin decides to keep or cancel.
 */
export class HolidayGuardService {
  constructor(private readonly ctx: AppContext) {}

  /** A page of the active orders on that date in that country, by appointment then id. */
  activeOrdersOn(country: Country, dateInput: string, page: PageArgs): Promise<Connection<Order>> {
    const date = parseLocalDateInput(dateInput, 'date');
    return findPage(
      this.ctx.em,
      Order,
      new OrderRepository(this.ctx.em).countryDayCondition(country, date),
      page,
      ORDER_SORT,
      {
        populate: ['technician'],
      },
    );
  }

  countActiveOrdersOn(country: Country, date: LocalDate): Promise<number> {
    return this.ctx.em.count(Order, new OrderRepository(this.ctx.em).countryDayCondition(country, date));
  }
}
