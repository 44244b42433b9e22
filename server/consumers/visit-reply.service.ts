import { recordOrderEvents } from '../audit/order-audit.js';
import { OrderEventKind } from '../audit/order-event-kind.js';
import { changedValues, type OrderValues } from '../audit/order-values.js';
import type { AppContext } from '../context.js';
import { AppError, type FieldProblem } from '../common/errors/app-error.js';
import { CommonError } from '../common/errors/common.errors.js';
import { TIME_ZONE, type Language } from '../common/locale.js';
import { clockOf } from '../../shared/clock-time.js';
import { formatDayMonthYear, localDateOf } from '../../shared/zoned-time.js';
import { ConsumerError } from './consumer.errors.js';
import { ownShownVisit } from './own-visit.js';
import { type Order, OrderRepository } from '../orders/index.js';
import { normalizeAccessNote } from '../replies/access-note.js';
import { ConsumerReply } from '../replies/consumer-reply.entity.js';
import { ReplyError } from '../replies/reply.errors.js';
import type { ReplyToVisitInput } from './visit-reply.inputs.js';

/** "24-11-2026 8.00" in the order's zone and the reader's notation, for the closed message. */
function localStart(order: Order, language: Language): string {
  const zone = TIME_ZONE[order.country];
  return `${formatDayMonthYear(localDateOf(order.appointment, zone))} ${clockOf(order.appointment, zone, language)}`;
}

/** A reply as the audit trail records it (`answer`, `accessNote` as stored: escaped). */
const replyValues = (reply: ConsumerReply | null): OrderValues => ({
  answer: reply?.answer ?? null,
  accessNote: reply?.accessNote ?? null,
});

/** The reply (answer and access note) of a consumer to a visit of the data token. */
export class VisitReplyService {
  constructor(private readonly ctx: AppContext) {}

  /**
   * Saves the reply in one transaction with the order row locked, so a reply and a schedule confirm
   * that moves the start cannot cross: the "before the visit starts" check sees the start that holds.
   * Refused once the window has started (server clock). Rate-limited per order.
   */
  async reply(input: ReplyToVisitInput): Promise<ConsumerReply | null> {
    const { services } = this.ctx;
    const problems: FieldProblem[] = [];
    let note: string | null | undefined;
    if (input.accessNote !== undefined && input.accessNote !== null) {
      const normalized = normalizeAccessNote(input.accessNote);
      if (normalized.ok) note = normalized.note;
      else problems.push(normalized.problem);
    }
    if (problems.length > 0) throw new AppError(CommonError.BAD_USER_INPUT, { fields: problems });
    if ((input.answer ?? null) === null && note === undefined) {
      throw new AppError(CommonError.BAD_USER_INPUT, { message: 'REPLY_EMPTY' });
    }
    const visit = await ownShownVisit(this.ctx, input.referenceNumber);
    await services.rateLimiter.consume('CONSUMER_REPLY_PER_ORDER', String(visit.id));

    return this.ctx.em.transactional(async (em) => {
      // Deleted by an admin since the visit was found: gone for the consumer, as everywhere else.
      const gone = (reference: string) => new AppError(ConsumerError.VISIT_NOT_FOUND, { params: { reference } });
      const order = await new OrderRepository(em).activeForChange(visit.id, {
        notFound: () => gone(visit.referenceNumber),
        deleted: (deleted) => gone(deleted.referenceNumber),
      });
      const now = services.clock.now();
      if (now.getTime() >= order.appointment.getTime()) {
        throw new AppError(ReplyError.REPLY_CLOSED, { params: { start: localStart(order, this.ctx.language) } });
      }
      let reply = await em.findOne(ConsumerReply, { order: order.id });
      const before = replyValues(reply);
      if (!reply) reply = em.create(ConsumerReply, { order, createdAt: now, updatedAt: now });
      if (input.answer) reply.answer = input.answer;
      if (note !== undefined) reply.accessNote = note;
      reply.updatedAt = now;
      // The audit trail records what changed, in this transaction (a repeated reply changes nothing).
      const changed = changedValues(before, replyValues(reply));
      if (Object.keys(changed.after).length > 0) {
        await recordOrderEvents(this.ctx, em, OrderEventKind.CONSUMER_REPLIED, [{ order, ...changed }]);
      }
      // Clearing the only note leaves nothing to show: no row rather than an empty one.
      const empty = reply.answer === null && reply.accessNote === null;
      if (empty) em.remove(reply);
      await em.flush();
      return empty ? null : reply;
    });
  }
}
