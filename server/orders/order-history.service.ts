import { findPage, type Connection, type PageArgs, type SortKey } from '../common/pagination.js';
import { AppError } from '../common/errors/app-error.js';
import { readableCountries } from '../common/auth/viewer.js';
import type { AppContext } from '../context.js';
import { OrderEvent } from '../audit/order-event.entity.js';
import { OrderError } from './order.errors.js';
import { OrderRepository } from './repository/order.repository.js';

/** Newest first, in the order the events were recorded (ids rise with each insert). */
const HISTORY_SORT: readonly SortKey<OrderEvent>[] = [{ property: 'id', kind: 'number', direction: 'desc' }];

/** An order's audit trail, for admins. */
export class OrderHistoryService {
  constructor(private readonly ctx: AppContext) {}

  /** A page of the order's events, newest first; ORDER_NOT_FOUND for an unknown order. */
  async history(orderId: number, page: PageArgs): Promise<Connection<OrderEvent>> {
    const em = this.ctx.em;
    // An application's key reads the trail of its countries' orders only: another's is not found.
    const countries = readableCountries(this.ctx.viewer);
    if (!(await new OrderRepository(em).exists(orderId, countries))) throw new AppError(OrderError.ORDER_NOT_FOUND);
    return findPage(em, OrderEvent, { order: orderId }, page, HISTORY_SORT);
  }
}
