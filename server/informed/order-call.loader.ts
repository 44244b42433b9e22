import { TIME_ZONE } from '../common/locale.js';
import { localDateOf } from '../../shared/zoned-time.js';
import type { AppContext } from '../context.js';
import type { Order } from '../orders/order.entity.js';
import { OrderCall } from './order-call.entity.js';

/** The visit day of an order in its country: the day whose call list it is on. */
export const callDateOf = (order: Pick<Order, 'appointment' | 'country'>) =>
  localDateOf(order.appointment, TIME_ZONE[order.country]);

interface Pending {
  order: Order;
  resolve: (call: OrderCall | null) => void;
  reject: (error: unknown) => void;
}

/**
 * Collects the `call` fields asked for in one pass of the executor (the rows of a call list) and reads them in
 * one statement. A call made for another day (before a reschedule) is not this visit's call.
 */
class OrderCallLoader {
  private pending: Pending[] = [];

  constructor(private readonly ctx: AppContext) {}

  load(order: Order): Promise<OrderCall | null> {
    return new Promise((resolve, reject) => {
      this.pending.push({ order, resolve, reject });
      if (this.pending.length === 1) process.nextTick(() => void this.run());
    });
  }

  private async run(): Promise<void> {
    const batch = this.pending;
    this.pending = [];
    try {
      const ids = [...new Set(batch.map((item) => item.order.id))];
      const calls = await this.ctx.em.find(OrderCall, { order: { $in: ids } });
      const callOf = new Map(calls.map((call) => [call.order.id, call]));
      for (const item of batch) {
        const call = callOf.get(item.order.id);
        item.resolve(call && call.callDate === callDateOf(item.order) ? call : null);
      }
    } catch (error) {
      for (const item of batch) item.reject(error);
    }
  }
}

const loaders = new WeakMap<AppContext, OrderCallLoader>();

/** The request's loader: batches never mix requests (each has its own entity manager and caller). */
export function orderCallLoader(ctx: AppContext): OrderCallLoader {
  let loader = loaders.get(ctx);
  if (!loader) {
    loader = new OrderCallLoader(ctx);
    loaders.set(ctx, loader);
  }
  return loader;
}
