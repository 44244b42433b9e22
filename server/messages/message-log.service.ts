import { LockMode } from '@mikro-orm/core';
import { recordOrderEvents } from '../audit/order-audit.js';
import { OrderEventKind } from '../audit/order-event-kind.js';
import { AppError } from '../common/errors/app-error.js';
import type { AppContext } from '../context.js';
import { maskEmail, maskMobileNumber } from '../consumer-links/masked-contact.js';
import { reportExpiresAt } from '../consumer-links/link-check.js';
import { isUnsubscribed } from '../consumer-links/unsubscribes.js';
import { MessageSetting } from '../message-settings/message-setting.entity.js';
import { isDeleted, OrderError, OrderRepository } from '../orders/index.js';
import { VisitStage, VisitStatus } from '../visits/visit-status.entity.js';
import { ratingOpenUntil } from '../../shared/ratings.js';
import { ConsumerMessage, MessageChannel, MessageKind, MessageStatus } from './consumer-message.entity.js';
import type { ConsumerMessageLogEntry, OrderMessageLog } from './message-log.types.js';
import { addressOf } from './message-planner.js';
import { SEND_QUEUES } from './message-sender.js';
import { MessageError } from './message.errors.js';
import { ConsumerMessageRepository } from './repository/consumer-message.repository.js';

function maskedRecipient(channel: MessageChannel, recipient: string | null): string | null {
  if (!recipient) return null;
  return channel === MessageChannel.EMAIL ? maskEmail(recipient) : maskMobileNumber(recipient);
}

const toDate = (value: Date | string | null) => (value === null ? null : new Date(value));

/** The message log of an order and sending a message again, for admins (docs/rules.md, Consumer messages). */
export class MessageLogService {
  constructor(private readonly ctx: AppContext) {}

  async log(orderId: number): Promise<OrderMessageLog> {
    const em = this.ctx.em;
    if (!(await new OrderRepository(em).exists(orderId))) throw new AppError(OrderError.ORDER_NOT_FOUND);
    const rows = await new ConsumerMessageRepository(em).messageLog(orderId);
    return {
      totalCount: rows.length > 0 ? Number(rows[0].total) : 0,
      messages: rows.map((row): ConsumerMessageLogEntry => ({
        id: row.id,
        kind: row.kind,
        channel: row.channel,
        maskedRecipient: maskedRecipient(row.channel, row.recipient),
        status: row.status,
        failureReason: row.last_error,
        failureCode: row.failure_code,
        tries: row.tries,
        createdAt: new Date(row.created_at),
        sentAt: toDate(row.sent_at),
        failedAt: toDate(row.failed_at),
        openedAt: toDate(row.opened_at),
      })),
    };
  }

  /**
   * Queues the message again, through the job queue, to the order's current address on its channel
   * (corrected since, perhaps). Refused when it could not or should not go: messages off for the
   * country or the channel, an unsubscribed address, a deleted order, a visit that is over, a message
   * a later one replaced, or one that waits to be sent already. Recorded in the order's audit trail.
   */
  async resend(messageId: number): Promise<ConsumerMessageLogEntry> {
    const now = this.ctx.services.clock.now();
    const { orderId } = await this.ctx.em.transactional(async (em) => {
      const message = await em.findOne(ConsumerMessage, messageId, { lockMode: LockMode.PESSIMISTIC_WRITE });
      if (!message) throw new AppError(MessageError.MESSAGE_NOT_FOUND);
      const order = await new OrderRepository(em).findIncludingDeleted(message.order.id);
      // Never null: a message goes with its order (the key cascades), and this one is locked.
      if (!order) throw new AppError(MessageError.MESSAGE_NOT_FOUND);
      if (isDeleted(order)) throw new AppError(MessageError.MESSAGE_ORDER_DELETED);
      const setting = await em.findOneOrFail(MessageSetting, { country: order.country });
      const channelOn = message.channel === MessageChannel.EMAIL ? setting.email : setting.sms;
      if (!setting.enabled || !channelOn) {
        throw new AppError(MessageError.MESSAGES_OFF, {
          message: setting.enabled ? `MESSAGES_OFF_${message.channel}` : 'MESSAGES_OFF',
          params: { country: order.country },
        });
      }
      if (message.status === MessageStatus.QUEUED) throw new AppError(MessageError.MESSAGE_ALREADY_QUEUED);
      // The work report stands beside the other messages: neither supersedes the other.
      const report = message.kind === MessageKind.VISIT_REPORT;
      const newer = await em.count(ConsumerMessage, {
        order: order.id,
        channel: message.channel,
        id: { $gt: message.id },
        kind: report ? MessageKind.VISIT_REPORT : { $ne: MessageKind.VISIT_REPORT },
      });
      if (newer > 0) throw new AppError(MessageError.MESSAGE_SUPERSEDED);
      if (message.kind === MessageKind.THANK_YOU) {
        // A thank-you comes after the visit: it may go again while its rating link still rates.
        const status = await em.findOne(VisitStatus, { order: order.id });
        const finished = status?.stage === VisitStage.FINISHED && status.finishedAt !== null;
        if (!finished || !status.finishedAt || now.getTime() >= ratingOpenUntil(status.finishedAt).getTime()) {
          throw new AppError(MessageError.MESSAGE_RATING_CLOSED);
        }
      } else if (report) {
        // A work report may go again while its link still opens the report.
        if (now.getTime() >= reportExpiresAt(order).getTime()) throw new AppError(MessageError.MESSAGE_VISIT_OVER);
      } else if (order.appointment.getTime() + order.duration * 1000 <= now.getTime()) {
        throw new AppError(MessageError.MESSAGE_VISIT_OVER);
      }
      const recipient = addressOf(order, message.channel);
      if (!recipient) throw new AppError(MessageError.MESSAGE_NO_ADDRESS);
      if (await isUnsubscribed(em, message.channel, recipient)) throw new AppError(MessageError.MESSAGE_UNSUBSCRIBED);

      const before = { messageStatus: message.status };
      message.status = MessageStatus.QUEUED;
      message.recipient = recipient;
      message.lastError = null;
      message.failureCode = null;
      message.failedAt = null;
      await em.flush();
      // In this transaction: the job exists exactly when the message says it waits for one.
      await this.ctx.services.jobs.sendMany(
        SEND_QUEUES[message.channel],
        [{ data: { messageId: message.id }, singletonKey: `consumer-message:${message.id}` }],
        em,
      );
      await recordOrderEvents(this.ctx, em, OrderEventKind.MESSAGE_RESENT, [
        {
          order,
          before,
          after: { messageStatus: MessageStatus.QUEUED, messageKind: message.kind, messageChannel: message.channel },
        },
      ]);
      return { orderId: order.id };
    });
    const log = await this.log(orderId);
    const entry = log.messages.find((item) => item.id === messageId);
    if (!entry) throw new AppError(MessageError.MESSAGE_NOT_FOUND);
    return entry;
  }
}
