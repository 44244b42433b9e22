import type { MikroORM } from '@mikro-orm/postgresql';
import type { Clock } from '../common/clock.js';
import { JOB_LOG_CONTEXT } from '../common/jobs/job-log.js';
import type { JobAttempt, JobQueue } from '../common/jobs/job-queue.js';
import { Lanes } from '../common/lanes.js';
import { Pace, untilSlot, type PaceSlots } from '../common/pace.js';
import type { LoopHeadroom } from '../common/loop-headroom.js';
import { type Country, Language, TIME_ZONE } from '../common/locale.js';
import { localDateOf } from '../../shared/zoned-time.js';
import type { Mailer } from '../common/mail/mailer.js';
import type { SmsSender } from '../common/sms/sms-sender.js';
import type { AppConfig } from '../config.js';
import type { FileStorage } from '../common/files/file-storage.js';
import { reportExpiresAt } from '../consumer-links/link-check.js';
import { personalLinkUrls } from '../consumer-links/personal-link.js';
import { ratingLinkUrl } from '../consumer-links/rating-link.js';
import { unsubscribedAmong } from '../consumer-links/unsubscribes.js';
import { windowShownFrom } from '../consumers/visit-indication.js';
import { EXTERNAL_COMPANIES, externalPartnerOf, type ExternalCompanyContact } from '../consumers/contact-details.js';
import type { HolidayDates } from '../context.js';
import { mailOpenPixelUrl } from '../statistics/mail-open-token.js';
import { estimateOfOrder, runsLate } from '../visit-estimates/index.js';
import { VisitStage } from '../visits/visit-status.entity.js';
import { visitReportContent } from '../visit-records/index.js';
import { ratingOpenUntil } from '../../shared/ratings.js';
import { isThankedOutcome } from './thank-you.js';
import { visitDayTimeText } from './visit-day-time.js';
import { MessageChannel, MessageKind, MessageStatus } from './consumer-message.entity.js';
import { messageMail, messageSms, type MessageFacts } from './message-content.js';
import {
  ConsumerMessageRepository,
  type ClaimedMessageRow,
  type MessageOutcomeRow,
} from './repository/consumer-message.repository.js';
import { classifyFailure, FINAL_FAILURES, MessageFailureCode } from './message-failure.js';

/** Per channel, the queue of the jobs that send its messages: a slow mail server holds up no SMS. */
export const SEND_QUEUES: Readonly<Record<MessageChannel, string>> = {
  [MessageChannel.EMAIL]: 'consumer-messages.send-mail',
  [MessageChannel.SMS]: 'consumer-messages.send-sms',
};

/** The queue both channels shared before they had one each; its worker sends what was queued there before. */
export const SHARED_SEND_QUEUE = 'consumer-messages.send';

/** The job that sends again the messages whose sender died with them claimed. */
export const RESUME_QUEUE = 'consumer-messages.resume';

/**
 * How much longer than a transport call a claim lasts: the claim statement, the unsubscribes' statement and the
 * outcome's statement come on top, each a short wait at most for a connection of the pool.
 */
const CLAIM_MARGIN_SECONDS = 10;

/** Abandoned messages queued again per look; the next look (at once) takes the rest. */
const RESUME_PER_LOOK = 1000;

/** The partner that makes a visit, by the order's `externalCompany`: its name and number when the order names one. */
function partnerOf(externalCompany: number, country: Country): { name: string | null; phone: string | null } {
  const company = EXTERNAL_COMPANIES[externalCompany] as ExternalCompanyContact | undefined;
  return { name: externalPartnerOf(externalCompany), phone: company?.phone[country].display ?? null };
}

/**
 * The job data of a send: message ids only (nothing personal outlives the purge in the queue's history). A publication
 * queues a job per slice of MESSAGES_PER_SEND_JOB messages (`messageIds`): a job row per message, fetched and
 * completed, cost the database more than the message row itself. A resend or a resume queues one (`messageId`).
 */
export type SendJob = { messageId: number } | { messageIds: number[] };

/**
 * Messages in a publication's send job: claimed and handed over together, so twice a transport's connections, which
 * even a slow provider takes well within a claim, while the queue's rows and statements per message are few.
 */
export const MESSAGES_PER_SEND_JOB = 16;

/** The messages a send job asks for. */
export const messagesOf = (job: SendJob): number[] => ('messageIds' in job ? job.messageIds : [job.messageId]);

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
 * Sends written messages, a batch (the jobs of one fetch of a channel's queue) at once, and never inside a
 * transaction: one statement claims the batch's waiting rows for a short while and reads all they say, one asks
 * for the unsubscribes, each message is handed to its transport (each call bounded by the transport's timeout),
 * and each outcome is written as soon as it is known, by the next of the statements that write outcomes one
 * after another. So no connection and no lock is held while a mail server thinks, and a crash repeats at most the
 * messages being handed over at that moment: the others are recorded already or were never handed over. A claim
 * keeps a second sender away (there should be none: the queue's singleton key); one that runs out without an
 * outcome belonged to a sender that died, and `resumeAbandoned` queues its message again. Plain SQL, no entities:
 * a publication sends tens of thousands of messages, and hydrating and tracking an object per row cost more than
 * the rest. A failure is counted and retried by the queue with growing waits; after the last try the row is
 * marked failed with the reason.
 */
export class MessageSender {
  /**
   * Per channel, the messages being rendered and handed over at once: as many as the transport takes at once,
   * shared by every batch of this instance. A message waits for its lane before it is rendered, so a batch
   * holds its rows, not rendered mails in a transport's queue (short-lived objects are cheap to collect).
   */
  private readonly lanes: Record<MessageChannel, Lanes>;
  /** Per channel, the pace this instance's batches are claimed at (the configured messages a second). */
  private readonly paces: Record<MessageChannel, Pace>;
  /** Outcomes waiting for the next statement that writes them, and the one under way. */
  private pendingOutcomes: { outcome: MessageOutcomeRow; settle: (error?: Error) => void }[] = [];
  private writingOutcomes = false;

  constructor(
    private readonly orm: MikroORM,
    private readonly config: AppConfig,
    private readonly clock: Clock,
    private readonly holidays: HolidayDates,
    /** Where the work report's signature and photos are read from. */
    private readonly files: FileStorage,
    private readonly transports: MessageTransports,
    /** Told of each message that ended (sent, or failed for good), for the metrics. */
    private readonly onFinished: (channel: MessageChannel, status: MessageStatus) => void = () => undefined,
    /** Waited for before each message is rendered: a publication gives way to the requests that come meanwhile. */
    private readonly headroom: Pick<LoopHeadroom, 'room'> = { room: () => Promise.resolve() },
  ) {
    this.lanes = {
      [MessageChannel.EMAIL]: new Lanes(transports.mailer.concurrency),
      [MessageChannel.SMS]: new Lanes(transports.sms.concurrency),
    };
    this.paces = {
      [MessageChannel.EMAIL]: new Pace(config.messageSendRates.mail),
      [MessageChannel.SMS]: new Pace(config.messageSendRates.sms),
    };
  }

  /**
   * How long a claim lasts: longer than one transport call and the statements around it (which a live sender never
   * passes), short enough that a dead sender's messages go again within a minute.
   */
  claimSeconds(): number {
    return Math.ceil(this.config.transportTimeoutMs / 1000) + CLAIM_MARGIN_SECONDS;
  }

  /**
   * Sends a batch; resolves to the messages whose try failed and is to be retried, by message id (the reason
   * without the address: the queue keeps a failed job's error, and the log shows it, longer than the purge
   * keeps addresses). A message no lane took in time is queued again at once on `jobs` (see below). A batch of one
   * channel's queue (`channel`) waits for its turn at the channel's pace before it claims anything, so no claim runs
   * out while it waits.
   */
  async sendBatch(
    requests: readonly SendRequest[],
    jobs: Pick<JobQueue, 'sendMany'>,
    channel?: MessageChannel,
  ): Promise<Map<number, Error>> {
    const failures = new Map<number, Error>();
    const attempts = new Map(requests.map((request) => [request.messageId, request.attempt]));
    const em = this.orm.em.fork({ loggerContext: JOB_LOG_CONTEXT });
    const messages = new ConsumerMessageRepository(em, JOB_LOG_CONTEXT);
    // The batch's turn at the channel's pace, before anything is claimed; then a slot each, so it goes at the pace
    // too (at the lowest rate allowed, a batch's slots end well before `startBy`).
    const slots: PaceSlots = channel ? await this.paces[channel].take(requests.length) : () => 0;
    // Rows another sender holds, or no longer waiting, are not ours to send: their jobs end here.
    const claimedAt = Date.now();
    const rows = await messages.claimQueued([...attempts.keys()], this.claimSeconds());
    // The last moment a transport call may start and still end well within the claim (measured on this clock: the
    // claim's own end is the database's): a message that waited that long for a lane is queued again (`queueAgain`).
    const startBy =
      claimedAt + (this.claimSeconds() - CLAIM_MARGIN_SECONDS / 2) * 1000 - this.config.transportTimeoutMs;
    if (rows.length === 0) return failures;
    let unsubscribed: Set<string>;
    try {
      // Before anything is handed over: a failed batch is tried again whole.
      const unset = rows.find((row) => row.language === null);
      if (unset) throw new Error(`no message settings for ${unset.country}`);
      unsubscribed = await unsubscribedAmong(
        em,
        rows.flatMap((row) => (row.recipient === null ? [] : [{ channel: row.channel, address: row.recipient }])),
      );
    } catch (error) {
      // Nothing was handed over: the claims end now, so the jobs' next tries need not wait for them to run out.
      await messages.releaseClaims(rows.map((row) => ({ id: row.id, claimed_until: row.claimed_until })));
      throw error;
    }
    // An outcome that cannot be written fails the batch; its claims run out and the messages go again (those
    // handed over already included: they may have gone, but a lost message is worse than one sent twice).
    const notTaken: ClaimedMessageRow[] = [];
    await Promise.all(
      rows.map(async (row, index) => {
        const record = (outcome: MessageOutcomeRow) => {
          this.onFinished(row.channel, outcome.status);
          return this.recordOutcome(outcome);
        };
        const last = attempts.get(row.id)?.last ?? true;
        const outcome = await this.sendRow(row, last, unsubscribed, failures, { slot: slots(index), startBy }, record);
        if (outcome === 'recorded') return;
        if (outcome) return record(outcome);
        notTaken.push(row);
      }),
    );
    await this.queueAgain(messages, notTaken, jobs);
    return failures;
  }

  /**
   * The messages no lane took in time (the transport's connections were busy the whole while: a slow provider, or
   * a host whose cores are all taken) were not tried, so nothing failed: their claims end, and each is queued again
   * at once in a job of its own, under a singleton key of the ended claim (the job, should this batch be tried
   * again, queues it once). Failing the job instead would have them wait for a retry's delay, meant for a transport
   * that failed (half a minute at first): a publication then waited that long for its last messages. Should the
   * queueing fail, the batch fails and its next try sends them.
   */
  private async queueAgain(
    messages: ConsumerMessageRepository,
    rows: readonly ClaimedMessageRow[],
    jobs: Pick<JobQueue, 'sendMany'>,
  ): Promise<void> {
    if (rows.length === 0) return;
    await messages.releaseClaims(rows.map((row) => ({ id: row.id, claimed_until: row.claimed_until })));
    for (const channel of [MessageChannel.EMAIL, MessageChannel.SMS]) {
      await jobs.sendMany(
        SEND_QUEUES[channel],
        rows
          .filter((row) => row.channel === channel)
          .map((row) => ({
            data: { messageId: row.id } satisfies SendJob,
            singletonKey: `consumer-message:${row.id}:not-taken-${new Date(row.claimed_until).getTime()}`,
          })),
      );
    }
  }

  /**
   * Queues again the messages whose sender died with them, under a singleton key of what was left behind, so two
   * instances looking at once queue each once; and asks for the next look when the earliest of those still in doubt
   * is decided, so a dead sender's messages go as soon as that is known rather than at the next minute. Two things
   * are left behind: a claim that ran out without an outcome (the sender died while it handed the message over), and
   * a send job active for longer than a claim lasts whose message nobody claimed (the sender died between the queue's
   * fetch and its claim: the job waits for pg-boss's expiry, the claim's length and 30 s, and its expiry check,
   * which together may pass the minute). A live sender claims at once after its fetch and ends its batch within the
   * claim, so such a job is a dead one's; and should it not be, the claim statement still lets one sender only. The
   * dead sender's job is given up and retried by pg-boss in the end, and finds the message sent.
   */
  async resumeAbandoned(jobs: JobQueue): Promise<number> {
    const messages = new ConsumerMessageRepository(
      this.orm.em.fork({ loggerContext: JOB_LOG_CONTEXT }),
      JOB_LOG_CONTEXT,
    );
    const { abandoned, nextEnd } = await messages.abandonedClaims(RESUME_PER_LOOK);
    const resumed: { id: number; channel: MessageChannel; singletonKey: string }[] = abandoned.map((row) => ({
      id: row.id,
      channel: row.channel,
      singletonKey: `consumer-message:${row.id}:claim-${new Date(row.claimed_until).getTime()}`,
    }));
    const { stranded, nextDue } = await this.strandedJobs(jobs, messages);
    resumed.push(...stranded);
    for (const channel of [MessageChannel.EMAIL, MessageChannel.SMS]) {
      await jobs.sendMany(
        SEND_QUEUES[channel],
        resumed
          .filter((row) => row.channel === channel)
          .map((row) => ({ data: { messageId: row.id } satisfies SendJob, singletonKey: row.singletonKey })),
      );
    }
    const nexts = [nextEnd, nextDue].flatMap((at) => (at ? [new Date(at).getTime()] : []));
    if (abandoned.length === RESUME_PER_LOOK) nexts.push(Date.now());
    if (nexts.length > 0) {
      // A second after: the database's clock and this one may differ a little.
      const at = new Date(Math.min(...nexts) + 1_000);
      await jobs.send(RESUME_QUEUE, {}, { singletonKey: `at-${at.getTime()}`, startAfter: at });
    }
    return resumed.length;
  }

  /**
   * The messages of send jobs fetched longer ago than a claim lasts and never claimed, each with a singleton key of
   * that job; and when the first of those fetched more recently would be due.
   */
  private async strandedJobs(
    jobs: JobQueue,
    messages: ConsumerMessageRepository,
  ): Promise<{ stranded: { id: number; channel: MessageChannel; singletonKey: string }[]; nextDue: Date | null }> {
    const active = await jobs.activeJobs([...Object.values(SEND_QUEUES), SHARED_SEND_QUEUE], RESUME_PER_LOOK);
    const jobOf = new Map<number, { id: string; activeMs: number }>();
    for (const job of active) {
      const data = job.data as { messageId?: unknown; messageIds?: unknown } | null;
      const ids = Array.isArray(data?.messageIds) ? (data.messageIds as unknown[]) : [data?.messageId];
      for (const messageId of ids) if (typeof messageId === 'number') jobOf.set(messageId, job);
    }
    const unclaimed = await messages.unclaimedQueued([...jobOf.keys()]);
    const claimMs = this.claimSeconds() * 1000;
    const stranded: { id: number; channel: MessageChannel; singletonKey: string }[] = [];
    let nextDue: number | null = null;
    for (const row of unclaimed) {
      const job = jobOf.get(row.id);
      if (!job) continue;
      if (job.activeMs > claimMs) {
        stranded.push({ id: row.id, channel: row.channel, singletonKey: `consumer-message:${row.id}:job-${job.id}` });
      } else {
        const due = Date.now() + claimMs - job.activeMs;
        nextDue = nextDue === null ? due : Math.min(nextDue, due);
      }
    }
    return { stranded, nextDue: nextDue === null ? null : new Date(nextDue) };
  }

  /**
   * Writes an outcome with those that came in while the previous statement ran: one statement at a time, so a
   * publication's thousands of outcomes take few statements and at most one connection, yet each is written
   * right after its message went.
   */
  private recordOutcome(outcome: MessageOutcomeRow): Promise<void> {
    return new Promise<void>((resolve, reject) => {
      this.pendingOutcomes.push({ outcome, settle: (error) => (error === undefined ? resolve() : reject(error)) });
      this.writeOutcomes();
    });
  }

  private writeOutcomes(): void {
    if (this.writingOutcomes || this.pendingOutcomes.length === 0) return;
    const batch = this.pendingOutcomes;
    this.pendingOutcomes = [];
    this.writingOutcomes = true;
    const messages = new ConsumerMessageRepository(
      this.orm.em.fork({ loggerContext: JOB_LOG_CONTEXT }),
      JOB_LOG_CONTEXT,
    );
    // Each waiting sender hears of its own outcome's fate through `settle`; nothing else waits for this.
    void messages
      .recordOutcomes(batch.map((pending) => pending.outcome))
      .then(
        () => batch.forEach((pending) => pending.settle()),
        (error: unknown) => {
          const failure = error instanceof Error ? error : new Error(`outcome not written: ${String(error)}`);
          batch.forEach((pending) => pending.settle(failure));
        },
      )
      .finally(() => {
        this.writingOutcomes = false;
        this.writeOutcomes();
      });
  }

  private async sendRow(
    row: ClaimedMessageRow,
    lastTry: boolean,
    unsubscribed: ReadonlySet<string>,
    failures: Map<number, Error>,
    /** Its slot at the channel's pace, and the last moment its transport call may start (`Date.now()` values). */
    { slot, startBy }: { slot: number; startBy: number },
    record: (outcome: MessageOutcomeRow) => Promise<void>,
  ): Promise<MessageOutcomeRow | 'recorded' | null> {
    const skipped = (code: MessageFailureCode, reason: string): MessageOutcomeRow => ({
      id: row.id,
      claimed_until: row.claimed_until,
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
    // Handed to a partner meanwhile: our technician is not coming, so "on the way" would not be true.
    if (row.kind === MessageKind.ON_THE_WAY && row.external_company !== null) {
      return skipped(MessageFailureCode.SKIPPED_NOT_ON_THE_WAY, 'a partner makes the visit');
    }
    if (row.kind === MessageKind.THANK_YOU) {
      const unthanked = this.unthankedReason(row);
      if (unthanked) return skipped(MessageFailureCode.SKIPPED_VISIT_CHANGED, unthanked);
    }
    let lateArrival: Date | null = null;
    if (row.kind === MessageKind.RUNNING_LATE) {
      const late = await this.lateArrival(row);
      if (typeof late === 'string') return skipped(MessageFailureCode.SKIPPED_VISIT_CHANGED, late);
      lateArrival = late;
    }
    if (row.kind === MessageKind.VISIT_REPORT) {
      const unreported = this.unreportedReason(row);
      if (unreported) return skipped(MessageFailureCode.SKIPPED_VISIT_CHANGED, unreported);
    }
    if (row.kind === MessageKind.MORNING) {
      const changed = this.morningChangedReason(row);
      if (changed) return skipped(MessageFailureCode.SKIPPED_VISIT_CHANGED, changed);
    }
    const tries = row.tries + 1;
    await untilSlot(slot, startBy);
    // The lane is held until the outcome is written: a message handed over whose outcome is not yet written is one a
    // crash sends again, so there are never more of those than the transport takes at once, however many are claimed.
    return this.lanes[row.channel].run(async () => {
      if (Date.now() > startBy) return null;
      await this.headroom.room(startBy);
      await record(await this.handOver(row, recipient, lateArrival, tries, lastTry, failures));
      return 'recorded' as const;
    });
  }

  /** Hands one message to its transport: the outcome to write, sent or (for now, or for good) failed. */
  private async handOver(
    row: ClaimedMessageRow,
    recipient: string,
    lateArrival: Date | null,
    tries: number,
    lastTry: boolean,
    failures: Map<number, Error>,
  ): Promise<MessageOutcomeRow> {
    try {
      await this.deliver(row, recipient, lateArrival);
      return {
        id: row.id,
        claimed_until: row.claimed_until,
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
          claimed_until: row.claimed_until,
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
        claimed_until: row.claimed_until,
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
    // The answer came before the question: a thank-you asking for it again would not be true.
    if (row.rated) return 'the consumer rated the visit already';
    if (row.external_company !== null) return 'a partner made the visit';
    if (this.clock.now().getTime() >= ratingOpenUntil(new Date(row.finished_at)).getTime()) {
      return 'the visit can no longer be rated';
    }
    return null;
  }

  /** Why a work report may no longer go: the order or its visit changed since it was written. */
  private unreportedReason(row: ClaimedMessageRow): string | null {
    if (row.deleted_at !== null) return 'the order was deleted';
    if (row.stage !== VisitStage.FINISHED || row.finished_at === null) return 'the visit is no longer finished';
    if (!isThankedOutcome(row.outcome)) return 'the visit ended without meeting the consumer';
    if (row.external_company !== null) return 'a partner made the visit';
    const order = { appointment: new Date(row.appointment), country: row.country };
    if (this.clock.now().getTime() >= reportExpiresAt(order).getTime()) return 'the report can no longer be opened';
    return null;
  }

  /** Why the morning SMS may no longer go: the visit left the day, started, or another makes it. */
  private morningChangedReason(row: ClaimedMessageRow): string | null {
    if (row.deleted_at !== null) return 'the order was deleted';
    if (row.external_company !== null) return 'a partner makes the visit';
    if (row.stage !== null) return 'the technician set out already';
    const zone = TIME_ZONE[row.country];
    const appointment = new Date(row.appointment);
    if (localDateOf(appointment, zone) !== localDateOf(new Date(row.window_start), zone)) {
      return 'the visit moved to another day';
    }
    if (this.clock.now().getTime() >= appointment.getTime()) return 'the window has started';
    return null;
  }

  private now(): string {
    return this.clock.now().toISOString();
  }

  /**
   * The arrival now expected of a visit told it runs late, read when it goes (the day may have moved since it was
   * written); or why it no longer goes: the visit was reached, finished, cancelled, or is back within its window.
   */
  private async lateArrival(row: ClaimedMessageRow): Promise<Date | string> {
    if (row.deleted_at !== null) return 'the order was deleted';
    if (row.external_company !== null) return 'a partner makes the visit';
    if (row.stage === VisitStage.ARRIVED || row.stage === VisitStage.FINISHED)
      return 'the technician reached the visit';
    const now = this.clock.now();
    const estimate = await estimateOfOrder(this.orm.em.fork({ loggerContext: JOB_LOG_CONTEXT }), row.order_id, now);
    if (!estimate || !runsLate(estimate)) return 'the visit is expected within its window again';
    return estimate.expectedArrival;
  }

  /** The narrow time and place in the day of a visit of today, read as its message goes: null until the day is confirmed. */
  private async expectedTime(orderId: number): Promise<{ from: Date; until: Date; position: number } | null> {
    const em = this.orm.em.fork({ loggerContext: JOB_LOG_CONTEXT });
    const estimate = await estimateOfOrder(em, orderId, this.clock.now());
    if (!estimate?.confirmed || !estimate.today || !estimate.band) return null;
    return { ...estimate.band, position: estimate.position };
  }

  private async deliver(row: ClaimedMessageRow, recipient: string, lateArrival: Date | null): Promise<void> {
    // The morning SMS tells the window as it stands when it goes: it may have moved within the day since it was written.
    const morning = row.kind === MessageKind.MORNING;
    const windowStart = new Date(morning ? row.appointment : row.window_start);
    const windowSeconds = morning ? row.duration : row.window_seconds;
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
      windowSeconds,
      shownFrom: moved ? await windowShownFrom(this.holidays, row.country, windowStart) : null,
      links: personalLinkUrls(this.config, order),
      pixelUrl: mailOpenPixelUrl(this.config.appUrl, this.config.jwtSecret, row.order_id),
      expectedArrival: lateArrival ?? (row.expected_arrival === null ? null : new Date(row.expected_arrival)),
      technicianName: row.technician_firstname,
      partner: row.external_company === null ? null : partnerOf(row.external_company, row.country),
      ...(morning
        ? {
            visitDayTime: visitDayTimeText({
              windowStart,
              windowSeconds,
              expected: await this.expectedTime(row.order_id),
              country: row.country,
              language: row.language ?? Language.NL,
            }),
          }
        : {}),
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
    if (row.kind === MessageKind.VISIT_REPORT && isThankedOutcome(row.outcome)) {
      const em = this.orm.em.fork({ loggerContext: JOB_LOG_CONTEXT });
      // The record as it stands when the report goes; the SMS carries the link only, so it reads no file.
      const content =
        row.channel === MessageChannel.EMAIL
          ? await visitReportContent(em, this.files, row.order_id)
          : {
              applianceBrand: null,
              applianceModel: null,
              partsUsed: [],
              consumerNote: null,
              signedAt: null,
              images: [],
            };
      if (!content) throw new Error('the visit record of a work report is gone');
      facts.report = {
        content,
        outcome: row.outcome,
        openUntil: reportExpiresAt({ appointment: new Date(row.appointment), country: row.country }),
      };
    }
    if (row.channel === MessageChannel.EMAIL) await this.transports.mailer.send(messageMail(facts));
    else await this.transports.sms.send({ to: recipient, body: messageSms(facts) });
  }
}
