import { TIME_ZONE } from '../common/locale.js';
import { requestBatchLoader } from '../common/request-batch-loader.js';
import { localDateOf } from '../../shared/zoned-time.js';
import type { AppContext } from '../context.js';
import type { Order } from '../orders/index.js';
import { OrderCall } from './order-call.entity.js';

/** The visit day of an order in its country: the day whose call list it is on. */
export const callDateOf = (order: Pick<Order, 'appointment' | 'country'>) =>
  localDateOf(order.appointment, TIME_ZONE[order.country]);

/**
 * The `call` fields asked for in one pass of the executor (the rows of a call list), read in one statement. A call
 * made for another day (before a reschedule) is not this visit's call.
 */
export const orderCallLoader = requestBatchLoader(
  (order: Order) => order.id,
  async (ctx: AppContext, orders) => {
    const calls = await ctx.em.find(OrderCall, { order: { $in: orders.map((order) => order.id) } });
    const callOf = new Map(calls.map((call) => [call.order.id, call]));
    return (order): OrderCall | null => {
      const call = callOf.get(order.id);
      return call && call.callDate === callDateOf(order) ? call : null;
    };
  },
);
