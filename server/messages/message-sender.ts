import type { EntityManager, MikroORM } from '@mikro-orm/postgresql';
import type { Clock } from '../common/clock.js';
import { JOB_LOG_CONTEXT } from '../common/jobs/job-log.js';
import type { JobAttempt } from '../common/jobs/job-queue.js';
import { Lanes } from '../common/lanes.js';
import { Language } from '../common/locale.js';
import type { Mailer } from '../common/mail/mailer.js';
import type { SmsSender } from '../common/sms/sms-sender.js';
import type { AppConfig } from '../config.js';
import { personalLinkUrls } from '../consumer-links/personal-link.js';
import { ratingLinkUrl } from '../consumer-links/rating-link.js';
import { unsubscribedAmong } from '../consumer-links/unsubscribes.js';
import { windowShownFrom } from '../consumers/visit-indication.js';
import type { HolidayDates } from '../context.js';
import { mailOpenPixelUrl } from '../statistics/mail-open-token.js';
import { VisitStage } from '../visits/visit-status.entity.js';
import { ratingOpenUntil } from '../../shared/ratings.js';
import { isThankedOutcome } from './thank-you.js';
import { MessageChannel, MessageKind, MessageStatus } from './consumer-message.entity.js';
import { messageMail, messageSms, type MessageFacts } from './message-content.js';
import {
  ConsumerMessageRepository,
  type ClaimedMessageRow,
  type MessageOutcomeRow,
} from './repository/consumer-message.repository.js';
import { classifyFailure, FINAL_FAILURES, MessageFailureCode } from './message-failure.js';

/** One message to send, with the try of its job. */
export interface SendRequest {
  messageId: number;
  attempt: JobAttempt;
}

export interface MessageTransports {
  mailer: Mailer;
  sms: SmsSender;
}

/**
 * Sends written messages, a batch (the jobs of one fetch) in one transaction: one statement locks the
 * batch's waiting rows and reads all they say, one asks for the unsubscribes, the messages are handed to the
 * transports side by side (as many per channel as the transport takes at once: pooled SMTP connections,
 * kept-alive HTTP connections to the SMS provider), and one statement
 * writes every outcome. The rows stay locked while they are handed over, so a second job for a message
 * (there should be none: the queue's singleton key) finds it sent. Plain SQL, no entities: a publication
 * sends tens of thousands of messages, and hydrating and tracking an object per row cost more than the rest.
 * A failure is counted and retried by the queue with growing waits; after the last try the row is marked
 * failed with the reason.
 */
export class MessageSender {
  /**
   * Per channel, the messages being rendered and handed over at once: as many as the transport takes at once,
   * shared by every batch of this instance. A message waits for its lane before it is rendered, so a batch
   * holds its rows, not fifty rendered mails in a transport's queue (short-lived objects are cheap to collect).
   */
  private readonly lanes: Record<MessageChannel, Lanes>;

  constructor(
    private readonly orm: MikroORM,
    private readonly config: AppConfig,
    private readonly clock: Clock,
    private readonly holidays: HolidayDates,
    private readonly transports: MessageTransports,
  ) {
    this.lanes = {
      [MessageChannel.EMAIL]: new Lanes(transports.mailer.concurrency),
      [MessageChannel.SMS]: new Lanes(transports.sms.concurrency),
    };
  }

  /**
   * Sends a batch; resolves to the messages whose try failed and is to be retried, by message id (the reason
   * without the address: the queue keeps a failed job's error, and the log shows it, longer than the purge
   * keeps addresses).
   */
  async sendBatch(requests: readonly SendRequest[]): Promise<Map<number, Error>> {
    const failures = new Map<number, Error>();
    const attempts = new Map(requests.map((request) => [request.messageId, request.attempt]));
    await this.orm.em.fork({ loggerContext: JOB_LOG_CONTEXT }).transactional(
      async (em: EntityManager) => {
        const messages = new ConsumerMessageRepository(em, JOB_LOG_CONTEXT);
        const rows = await messages.claimQueued([...attempts.keys()]);
        if (rows.length === 0) return;
        // Before anything is handed over: a failed batch is tried again whole.
        const unset = rows.find((row) => row.language === null);
        if (unset) throw new Error(`no message settings for ${unset.country}`);
        const unsubscribed = await unsubscribedAmong(
          em,
          rows.flatMap((row) => (row.recipient === null ? [] : [{ channel: row.channel, address: row.recipient }])),
        );
        const outcomes = await Promise.all(
          rows.map((row) => this.sendRow(row, attempts.get(row.id)?.last ?? true, unsubscribed, failures)),
        );
        await messages.recordOutcomes(outcomes);
      },
      { loggerContext: JOB_LOG_CONTEXT },
    );
    return failures;
  }

  private async sendRow(
    row: ClaimedMessageRow,
    lastTry: boolean,
    unsubscribed: ReadonlySet<string>,
    failures: Map<number, Error>,
  ): Promise<MessageOutcomeRow> {
    const skipped = (code: MessageFailureCode, reason: string): MessageOutcomeRow => ({
      id: row.id,
      status: MessageStatus.SKIPPED,
      tries: row.tries,
      last_error: reason,
      failure_code: code,
      sent_at: null,
      failed_at: null,
    });
    const channelOn = row.channel === MessageChannel.EMAIL ? row.email_on : row.sms_on;
    if (!row.enabled || !channelOn) {
      return skipped(MessageFailureCode.SKIPPED_MESSAGES_OFF, 'messages are switched off for the country');
    }
    const recipient = row.recipient;
    if (recipient === null) {
      return skipped(MessageFailureCode.SKIPPED_ADDRESS_REMOVED, 'the address was removed after the visit');
    }
    if (unsubscribed.has(`${row.channel}|${recipient}`)) {
      return skipped(MessageFailureCode.SKIPPED_UNSUBSCRIBED, 'unsubscribed');
    }
    // Arrived, finished or stepped back before it went: "on the way" would no longer be true.
    const onTheWay = row.stage === VisitStage.ON_THE_WAY && row.expected_arrival !== null;
    if (row.kind === MessageKind.ON_THE_WAY && !onTheWay) {
      return skipped(MessageFailureCode.SKIPPED_NOT_ON_THE_WAY, 'the technician is no longer on the way');
    }
    if (row.kind === MessageKind.THANK_YOU) {
      const unthanked = this.unthankedReason(row);
      if (unthanked) return skipped(MessageFailureCode.SKIPPED_VISIT_CHANGED, unthanked);
    }
    const tries = row.tries + 1;
    try {
      await this.lanes[row.channel].run(() => this.deliver(row, recipient));
      return {
        id: row.id,
        status: MessageStatus.SENT,
        tries,
        last_error: null,
        failure_code: null,
        sent_at: this.now(),
        failed_at: null,
      };
    } catch (error) {
      const { code, detail } = classifyFailure(row.channel === MessageChannel.EMAIL ? 'mail' : 'sms', error, recipient);
      // A refusal that another try cannot mend (no such mailbox, no valid number) fails at once.
      if (lastTry || FINAL_FAILURES.has(code)) {
        return {
          id: row.id,
          status: MessageStatus.FAILED,
          tries,
          last_error: detail,
          failure_code: code,
          sent_at: null,
          failed_at: this.now(),
        };
      }
      failures.set(row.id, new Error(`${code}: ${detail}`));
      return {
        id: row.id,
        status: MessageStatus.QUEUED,
        tries,
        last_error: detail,
        failure_code: code,
        sent_at: null,
        failed_at: null,
      };
    }
  }

  /** Why a thank-you may no longer go: the order or its visit changed since it was written, or rating closed. */
  private unthankedReason(row: ClaimedMessageRow): string | null {
    if (row.deleted_at !== null) return 'the order was deleted';
    if (row.stage !== VisitStage.FINISHED || row.finished_at === null) return 'the visit is no longer finished';
    if (!isThankedOutcome(row.outcome)) return 'the visit ended without a visit to rate';
    if (this.clock.now().getTime() >= ratingOpenUntil(new Date(row.finished_at)).getTime()) {
      return 'the visit can no longer be rated';
    }
    return null;
  }

  private now(): string {
    return this.clock.now().toISOString();
  }

  private async deliver(row: ClaimedMessageRow, recipient: string): Promise<void> {
    const windowStart = new Date(row.window_start);
    const moved = row.kind !== MessageKind.CANCELLATION && row.window_seconds === 0;
    const order = {
      id: row.order_id,
      appointment: new Date(row.appointment),
      technician: row.technician_id === null ? null : { id: row.technician_id },
      linkGeneration: row.link_generation,
    };
    const facts: MessageFacts = {
      kind: row.kind,
      country: row.country,
      // Checked for the whole batch before anything was handed over.
      language: row.language ?? Language.NL,
      senderName: row.sender_name ?? '',
      mailFrom: this.config.mailFrom,
      recipient,
      customerName: row.name,
      reference: row.reference_number,
      windowStart,
      windowSeconds: row.window_seconds,
      shownFrom: moved ? await windowShownFrom(this.holidays, row.country, windowStart) : null,
      links: personalLinkUrls(this.config, order),
      pixelUrl: mailOpenPixelUrl(this.config.appUrl, this.config.jwtSecret, row.order_id),
      expectedArrival: row.expected_arrival === null ? null : new Date(row.expected_arrival),
      technicianName: row.technician_firstname,
      ...(row.kind === MessageKind.THANK_YOU && row.finished_at !== null && isThankedOutcome(row.outcome)
        ? {
            thanks: {
              ratingUrl: ratingLinkUrl(this.config, order),
              ratingOpenUntil: ratingOpenUntil(new Date(row.finished_at)),
              outcome: row.outcome,
            },
          }
        : {}),
    };
    if (row.channel === MessageChannel.EMAIL) await this.transports.mailer.send(messageMail(facts));
    else await this.transports.sms.send({ to: recipient, body: messageSms(facts) });
  }
}
