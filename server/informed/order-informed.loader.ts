import type { AppContext } from '../context.js';
import { requestBatchLoader } from '../common/request-batch-loader.js';
import { windowShownFrom } from '../consumers/visit-indication.js';
import { TIME_ZONE } from '../common/locale.js';
import { localDateOf } from '../../shared/zoned-time.js';
import type { Order } from '../orders/index.js';
import { ConsumerReply } from '../replies/consumer-reply.entity.js';
import { InformedRepository } from './repository/informed.repository.js';
import type { OrderInformed } from './order-informed.types.js';

const asDate = (value: Date | string | null) => (value === null ? null : new Date(value));

/** "Informed?" of several orders at once: two statements (lookups, replies) plus one holiday query per visit day. */
export async function informedOf(ctx: AppContext, orders: readonly Order[]): Promise<Map<number, OrderInformed>> {
  const { em } = ctx;
  const shownFromByDay = new Map<string, Promise<Date>>();
  const shownFrom = await Promise.all(
    orders.map((order) => {
      const day = `${order.country}:${localDateOf(order.appointment, TIME_ZONE[order.country])}`;
      let instant = shownFromByDay.get(day);
      if (!instant) {
        instant = windowShownFrom(em, order.country, order.appointment);
        shownFromByDay.set(day, instant);
      }
      return instant;
    }),
  );
  const rows = await new InformedRepository(em).lookupsOf(
    orders.map((order, index) => ({ id: order.id, shownFrom: shownFrom[index] })),
  );
  const lookupsOf = new Map(rows.map((row) => [Number(row.order_id), row]));
  const replies = await em.find(ConsumerReply, { order: { $in: orders.map((order) => order.id) } });
  const replyOf = new Map(replies.map((reply) => [reply.order.id, reply]));
  return new Map(
    orders.map((order, index) => {
      const row = lookupsOf.get(order.id);
      return [
        order.id,
        {
          lookupCount: row?.lookups ?? 0,
          firstLookupAt: asDate(row?.first_at ?? null),
          lastLookupAt: asDate(row?.last_at ?? null),
          windowShownFrom: shownFrom[index],
          windowSeenAt: asDate(row?.seen_at ?? null),
          reply: replyOf.get(order.id) ?? null,
        },
      ];
    }),
  );
}

/**
 * The `informed` fields asked for in one pass of the executor (a page of orders), answered with one batch, so a list
 * of 100 orders costs the same statements as one order.
 */
export const orderInformedLoader = requestBatchLoader(
  (order: Order) => order.id,
  async (ctx: AppContext, orders) => {
    const informed = await informedOf(ctx, orders);
    return (order) => informed.get(order.id)!;
  },
);
