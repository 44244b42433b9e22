import { AppError } from '../common/errors/app-error.js';
import type { AppContext } from '../context.js';
import { unsubscribedAmong } from '../consumer-links/unsubscribes.js';
import { MessageSetting } from '../message-settings/message-setting.entity.js';
import { isDeleted, OrderError, OrderRepository } from '../orders/index.js';
import { ConsumerMessage, MessageChannel, MessageKind } from './consumer-message.entity.js';
import { plannedMessage, publishedDays } from './publication.js';

/**
 * How the consumer would hear of the order's deletion, asked before an admin deletes it: the planner's own rule
 * (`plannedMessage` on the order as deleted now, to where the window went), the country's message settings and the
 * unsubscribes, as the sender checks them. Empty when nothing would go (nothing told yet, messages off, a deleted order).
 */
export class CancellationNoticeService {
  constructor(private readonly ctx: AppContext) {}

  async channels(orderId: number): Promise<MessageChannel[]> {
    const em = this.ctx.em;
    const now = this.ctx.services.clock.now();
    const [order] = await new OrderRepository(em).manyIncludingDeleted([orderId]);
    if (!order) throw new AppError(OrderError.ORDER_NOT_FOUND);
    if (isDeleted(order)) return [];
    const setting = await em.findOne(MessageSetting, { country: order.country });
    if (!setting?.enabled) return [];
    const days = await publishedDays(this.ctx.services.holidays, order.country, now);
    const told = await em.find(ConsumerMessage, { order: orderId }, { orderBy: { id: 'asc' } });
    const on = [...(setting.email ? [MessageChannel.EMAIL] : []), ...(setting.sms ? [MessageChannel.SMS] : [])];
    const notices = on.flatMap((channel) => {
      const history = told.filter((message) => message.channel === channel);
      const plan = plannedMessage(
        { appointment: order.appointment, duration: order.duration, deletedAt: now },
        days,
        history,
        now,
      );
      const address = history.at(-1)?.recipient ?? null;
      return plan?.kind === MessageKind.CANCELLATION && address !== null ? [{ channel, address }] : [];
    });
    const unsubscribed = await unsubscribedAmong(em, notices, { job: false });
    return notices
      .filter(({ channel, address }) => !unsubscribed.has(`${channel}|${address}`))
      .map(({ channel }) => channel);
  }
}
