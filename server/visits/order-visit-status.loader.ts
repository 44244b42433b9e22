import { requestBatchLoader } from '../common/request-batch-loader.js';
import type { AppContext } from '../context.js';
import type { Order } from '../orders/index.js';
import { VisitStatus } from './visit-status.entity.js';

/**
 * The `visitStatus` fields asked for in one pass of the executor (a page of orders), answered with one statement,
 * so a list of 100 orders costs the same as one.
 */
export const orderVisitStatusLoader = requestBatchLoader(
  (order: Order) => order.id,
  async (ctx: AppContext, orders) => {
    const statuses = await ctx.em.find(VisitStatus, { order: { $in: orders.map((order) => order.id) } });
    const statusOf = new Map(statuses.map((status) => [status.order.id, status]));
    return (order): VisitStatus | null => statusOf.get(order.id) ?? null;
  },
);
