import { UniqueConstraintViolationException } from '@mikro-orm/postgresql';
import type { AppContext } from '../context.js';
import { AppError } from '../common/errors/app-error.js';
import { CommonError } from '../common/errors/common.errors.js';
import type { Country } from '../common/locale.js';
import { HolidayGuardService } from './holiday-guard.service.js';
import { Holiday } from './holiday.entity.js';
import { HolidayError } from './holiday.errors.js';
import type { CreateHolidayInput } from './holiday.inputs.js';
import { parseLocalDateInput } from './local-date-input.js';

/** "2026-12-25" as the lists show it: 25-12-2026. */
const dayMonthYear = (date: string) => date.split('-').reverse().join('-');

export class HolidayService {
  constructor(private readonly ctx: AppContext) {}

  /** Holidays in date order, of one country or of all. */
  list(country?: Country): Promise<Holiday[]> {
    return this.ctx.em.find(Holiday, country ? { country } : {}, { orderBy: { date: 'asc', country: 'asc' } });
  }

  /**
   * Adds a holiday; the same date twice in one country is refused (the unique key decides, also under races).
   * When active orders fall on the date it is refused with their number, unless the caller saves anyway.
   */
  async create(input: CreateHolidayInput): Promise<Holiday> {
    const date = parseLocalDateInput(input.date, 'date');
    if (input.saveDespiteOrders !== true) {
      const orderCount = await new HolidayGuardService(this.ctx).countActiveOrdersOn(input.country, date);
      if (orderCount > 0) {
        throw new AppError(HolidayError.HOLIDAY_HAS_ORDERS, {
          message: orderCount === 1 ? 'HOLIDAY_HAS_ONE_ORDER' : 'HOLIDAY_HAS_ORDERS',
          params: { date: dayMonthYear(date), country: input.country, count: orderCount },
          data: { orderCount },
        });
      }
    }
    const holiday = this.ctx.em.create(Holiday, { country: input.country, date });
    try {
      await this.ctx.em.flush();
    } catch (error) {
      if (!(error instanceof UniqueConstraintViolationException)) throw error;
      throw new AppError(HolidayError.HOLIDAY_EXISTS, {
        params: { date: dayMonthYear(date), country: input.country },
        fields: [
          { field: 'date', message: 'HOLIDAY_EXISTS', params: { date: dayMonthYear(date), country: input.country } },
        ],
        cause: error,
      });
    }
    return holiday;
  }

  /** Removes a holiday entered by mistake; answers the removed holiday. */
  async delete(id: number): Promise<Holiday> {
    const holiday = await this.ctx.em.findOne(Holiday, { id });
    if (!holiday) throw new AppError(CommonError.NOT_FOUND, { message: 'HOLIDAY_NOT_FOUND' });
    await this.ctx.em.remove(holiday).flush();
    return holiday;
  }
}
