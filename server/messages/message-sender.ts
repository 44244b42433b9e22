import { LockMode, type EntityManager, type MikroORM } from '@mikro-orm/postgresql';
import type { Clock } from '../common/clock.js';
import { JOB_LOG_CONTEXT } from '../common/jobs/job-log.js';
import type { JobAttempt } from '../common/jobs/job-queue.js';
import type { Mailer } from '../common/mail/mailer.js';
import type { SmsSender } from '../common/sms/sms-sender.js';
import type { AppConfig } from '../config.js';
import { personalLinkUrls } from '../consumer-links/personal-link.js';
import { isUnsubscribed } from '../consumer-links/unsubscribes.js';
import { windowShownFrom } from '../consumers/visit-indication.js';
import type { HolidayDates } from '../context.js';
import { Order } from '../orders/order.entity.js';
import { mailOpenPixelUrl } from '../statistics/mail-open-token.js';
import { ConsumerMessage, MessageChannel, MessageKind, MessageStatus } from './consumer-message.entity.js';
import { messageMail, messageSms, type MessageFacts } from './message-content.js';
import { MessageSetting } from '../message-settings/message-setting.entity.js';
import { Technician } from '../technicians/technician.entity.js';
import { VisitStage, VisitStatus } from '../visits/visit-status.entity.js';

/** What an "on the way" message says besides the order: read when it is sent, so the latest estimate goes. */
interface OnTheWay {
  expectedArrival: Date;
  technicianName: string | null;
}

export interface MessageTransports {
  mailer: Mailer;
  sms: SmsSender;
}

/** A failure's reason as stored: short, and without the address (providers echo it). */
function reasonOf(error: unknown, recipient: string): string {
  const text = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
  return text.split(recipient).join('<recipient>').slice(0, 500);
}

/**
 * Sends one written message (the job of the send queue). The row is locked while it is sent, so a
 * second job for it (there should be none: the queue's singleton key) waits and then finds it sent.
 * A failure is counted and retried by the queue with growing waits; after the last try the row is
 * marked failed with the reason.
 */
export class MessageSender {
  constructor(
    private readonly orm: MikroORM,
    private readonly config: AppConfig,
    private readonly clock: Clock,
    private readonly holidays: HolidayDates,
    private readonly transports: MessageTransports,
  ) {}

  async send(messageId: number, attempt: JobAttempt): Promise<void> {
    const outcome: { failure: Error | null } = { failure: null };
    await this.orm.em.fork({ loggerContext: JOB_LOG_CONTEXT }).transactional(
      async (em: EntityManager) => {
        const message = await em.findOne(
          ConsumerMessage,
          { id: messageId, status: MessageStatus.QUEUED },
          { lockMode: LockMode.PESSIMISTIC_PARTIAL_WRITE },
        );
        if (!message) return;
        const order = await em.findOneOrFail(Order, message.order.id);
        const setting = await em.findOneOrFail(MessageSetting, { country: order.country });
        const channelOn = message.channel === MessageChannel.EMAIL ? setting.email : setting.sms;
        if (!setting.enabled || !channelOn) return this.skip(message, 'messages are switched off for the country');
        const recipient = message.recipient;
        if (recipient === null) return this.skip(message, 'the address was removed after the visit');
        if (await isUnsubscribed(em, message.channel, recipient)) return this.skip(message, 'unsubscribed');
        let onTheWay: OnTheWay | null = null;
        if (message.kind === MessageKind.ON_THE_WAY) {
          onTheWay = await this.onTheWay(em, order);
          // Arrived, finished or stepped back before it went: "on the way" would no longer be true.
          if (!onTheWay) return this.skip(message, 'the technician is no longer on the way');
        }
        message.tries += 1;
        try {
          await this.deliver(message, recipient, order, setting, onTheWay);
          message.status = MessageStatus.SENT;
          message.sentAt = this.clock.now();
          message.lastError = null;
        } catch (error) {
          const reason = reasonOf(error, recipient);
          message.lastError = reason;
          if (attempt.last) {
            message.status = MessageStatus.FAILED;
            message.failedAt = this.clock.now();
          } else {
            // The reason without the address: the queue keeps a failed job's error (and the log shows it)
            // longer than the purge keeps addresses.
            outcome.failure = new Error(reason);
          }
        }
      },
      { loggerContext: JOB_LOG_CONTEXT },
    );
    // After the commit, so the try and its reason are kept; the queue retries after a wait.
    if (outcome.failure) throw outcome.failure;
  }

  /** The visit's current estimate and the technician's first name, while the technician is on the way. */
  private async onTheWay(em: EntityManager, order: Order): Promise<OnTheWay | null> {
    const status = await em.findOne(VisitStatus, { order: order.id });
    if (status?.stage !== VisitStage.ON_THE_WAY || !status.expectedArrival) return null;
    const technician = order.technician ? await em.findOne(Technician, order.technician.id) : null;
    return { expectedArrival: status.expectedArrival, technicianName: technician?.firstname ?? null };
  }

  private skip(message: ConsumerMessage, reason: string): void {
    message.status = MessageStatus.SKIPPED;
    message.lastError = reason;
  }

  private async deliver(
    message: ConsumerMessage,
    recipient: string,
    order: Order,
    setting: MessageSetting,
    onTheWay: OnTheWay | null,
  ): Promise<void> {
    const moved = message.kind !== MessageKind.CANCELLATION && message.windowSeconds === 0;
    const facts: MessageFacts = {
      kind: message.kind,
      country: order.country,
      language: setting.language,
      senderName: setting.senderName,
      mailFrom: this.config.mailFrom,
      recipient,
      customerName: order.name,
      reference: order.referenceNumber,
      windowStart: message.windowStart,
      windowSeconds: message.windowSeconds,
      shownFrom: moved ? await windowShownFrom(this.holidays, order.country, message.windowStart) : null,
      links: personalLinkUrls(this.config, order),
      pixelUrl: mailOpenPixelUrl(this.config.appUrl, this.config.jwtSecret, order.id),
      expectedArrival: onTheWay?.expectedArrival ?? null,
      technicianName: onTheWay?.technicianName ?? null,
    };
    if (message.channel === MessageChannel.EMAIL) await this.transports.mailer.send(messageMail(facts));
    else await this.transports.sms.send({ to: recipient, body: messageSms(facts) });
  }
}
