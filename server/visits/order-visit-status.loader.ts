import type { AppContext } from '../context.js';
import type { Order } from '../orders/order.entity.js';
import { VisitStatus } from './visit-status.entity.js';

interface Pending {
  orderId: number;
  resolve: (status: VisitStatus | null) => void;
  reject: (error: unknown) => void;
}

/**
 * Collects the `visitStatus` fields asked for in one pass of the executor (a page of orders) and
 * answers them with one statement, so a list of 100 orders costs the same as one.
 */
class OrderVisitStatusLoader {
  private pending: Pending[] = [];

  constructor(private readonly ctx: AppContext) {}

  load(order: Order): Promise<VisitStatus | null> {
    return new Promise((resolve, reject) => {
      this.pending.push({ orderId: order.id, resolve, reject });
      if (this.pending.length === 1) process.nextTick(() => void this.run());
    });
  }

  private async run(): Promise<void> {
    const batch = this.pending;
    this.pending = [];
    try {
      const ids = [...new Set(batch.map((item) => item.orderId))];
      const statuses = await this.ctx.em.find(VisitStatus, { order: { $in: ids } });
      const statusOf = new Map(statuses.map((status) => [status.order.id, status]));
      for (const item of batch) item.resolve(statusOf.get(item.orderId) ?? null);
    } catch (error) {
      for (const item of batch) item.reject(error);
    }
  }
}

const loaders = new WeakMap<AppContext, OrderVisitStatusLoader>();

/** The request's loader: batches never mix requests (each has its own entity manager and caller). */
export function orderVisitStatusLoader(ctx: AppContext): OrderVisitStatusLoader {
  let loader = loaders.get(ctx);
  if (!loader) {
    loader = new OrderVisitStatusLoader(ctx);
    loaders.set(ctx, loader);
  }
  return loader;
}
