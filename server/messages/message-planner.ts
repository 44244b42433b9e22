import type { EntityManager, MikroORM } from '@mikro-orm/postgresql';
import { instantOf, localDateOf, localDayRange } from '../../shared/zoned-time.js';
import { JOB_LOG_CONTEXT } from '../common/jobs/job-log.js';
import { TIME_ZONE } from '../common/locale.js';
import type { JobQueue } from '../common/jobs/job-queue.js';
import type { HolidayDates } from '../context.js';
import { mobileNumberE164, OrderRepository, type Order } from '../orders/index.js';
import { ConsumerMessage, MessageChannel, MessageKind, MessageStatus } from './consumer-message.entity.js';
import { MessageSetting } from '../message-settings/message-setting.entity.js';
import { plannedMessage, publishedDays, saysWhere, type PlannedMessage, type PublishedDays } from './publication.js';
import { windowsChosenByConsumer } from '../consumers/visit-indication.js';
import { THANK_YOU_AFTER_MINUTES, THANK_YOU_WITHIN_HOURS, THANKED_OUTCOMES } from './thank-you.js';
import { unsubscribedAmong } from '../consumer-links/unsubscribes.js';
import { estimatesOfToday, runsLate } from '../visit-estimates/index.js';
import {
  ConsumerMessageRepository,
  MORNING_PER_SLICE,
  type NewMessageRow,
  type ThankYouVisitRow,
} from './repository/consumer-message.repository.js';
import type { LoopHeadroom } from '../common/loop-headroom.js';
import { MESSAGES_PER_SEND_JOB, SEND_QUEUES, type SendJob } from './message-sender.js';

/**
 * Orders written per transaction: a publication of thousands of orders commits in slices, each small enough that its
 * work in this process (the orders read, their messages planned) holds the event loop for a few milliseconds only.
 */
const ORDERS_PER_TRANSACTION = 100;

/** The job that plans an order's messages again once its last change can no longer be undone. */
export const AFTER_UNDO_QUEUE = 'consumer-messages.after-undo';

/** The job data of a plan after the undo: the order's id. */
export interface AfterUndoJob {
  orderId: number;
}

/** How long after the undo's end the plan runs: the database's clock (which starts the job) and ours may differ a little. */
const AFTER_UNDO_MARGIN_MS = 1_000;

/** A message that waits for its sender and that no sender holds: it can still be withdrawn unheard. */
const isWaiting = (message: ConsumerMessage) =>
  message.status === MessageStatus.QUEUED && message.claimedUntil === null;

/** Whether the message is the one the plan asks for (the same row of the unique key). */
const isSamePlan = (message: ConsumerMessage, plan: PlannedMessage | null) =>
  plan !== null &&
  message.kind === plan.kind &&
  message.windowStart.getTime() === plan.windowStart.getTime() &&
  message.windowSeconds === plan.windowSeconds &&
  message.cancellationsBefore === plan.cancellationsBefore;

/** Where a message on the channel goes for this order; null when the order has no such address. */
export function addressOf(order: Pick<Order, 'email' | 'phone' | 'country'>, channel: MessageChannel): string | null {
  if (channel === MessageChannel.EMAIL) {
    const email = order.email.trim();
    return email.includes('@') ? email : null;
  }
  return mobileNumberE164(order.phone, order.country);
}

/**
 * Writes the messages consumers need now (docs/rules.md, Consumer messages): at publication, for
 * orders created or moved onto a published day, and for changes after publication. The rows are
 * unique per (order, kind, window, channel), so any number of instances may run this at once; each new
 * row's send job is queued in the same transaction, so a crash loses neither and doubles neither.
 */
export class MessagePlanner {
  constructor(
    private readonly orm: MikroORM,
    private readonly holidays: HolidayDates,
    private readonly jobs: JobQueue,
    /** Waited for before each slice of a publication: the plan gives way to the requests that come meanwhile. */
    private readonly headroom: Pick<LoopHeadroom, 'room'> = { room: () => Promise.resolve() },
  ) {}

  /** Plans for every order (`orderIds` unset) or for the given ones; resolves to the messages written. */
  plan(now: Date, orderIds?: readonly number[]): Promise<number> {
    if (orderIds === undefined || orderIds.length > ORDERS_PER_TRANSACTION)
      return this.planIn(undefined, now, orderIds);
    // A change's plan (after each technician's tap) writes in one transaction: one for each kind of message cost a
    // begin and a commit each. A publication's slices, which give way to requests between them, keep their own.
    return this.orm.em
      .fork({ loggerContext: JOB_LOG_CONTEXT })
      .transactional((em: EntityManager) => this.planIn(em, now, orderIds), { loggerContext: JOB_LOG_CONTEXT });
  }

  /** Runs `work` in `shared` (a change's whole plan) when given, else in a transaction of its own. */
  private inTransaction<T>(shared: EntityManager | undefined, work: (em: EntityManager) => Promise<T>): Promise<T> {
    if (shared) return work(shared);
    return this.orm.em.fork({ loggerContext: JOB_LOG_CONTEXT }).transactional(work, { loggerContext: JOB_LOG_CONTEXT });
  }

  private async planIn(shared: EntityManager | undefined, now: Date, orderIds?: readonly number[]): Promise<number> {
    const em = shared ?? this.orm.em.fork({ loggerContext: JOB_LOG_CONTEXT });
    // A plan after a change reads the settings of the changed orders' countries only: each other country costs as
    // many statements as its own and finds nothing, on every technician's tap.
    const countries = orderIds ? await new ConsumerMessageRepository(em, JOB_LOG_CONTEXT).countriesOf(orderIds) : null;
    if (countries?.length === 0) return 0;
    const settings = await em.find(MessageSetting, {
      enabled: true,
      ...(countries ? { country: { $in: countries } } : {}),
    });
    let written = 0;
    for (const setting of settings) {
      const channels = [...(setting.email ? [MessageChannel.EMAIL] : []), ...(setting.sms ? [MessageChannel.SMS] : [])];
      if (channels.length === 0) continue;
      const days = await publishedDays(this.holidays, setting.country, now);
      const candidates = await new ConsumerMessageRepository(em, JOB_LOG_CONTEXT).planCandidates({
        country: setting.country,
        from: days.from,
        to: days.to,
        now,
        orderIds,
      });
      for (let index = 0; index < candidates.length; index += ORDERS_PER_TRANSACTION) {
        const slice = candidates.slice(index, index + ORDERS_PER_TRANSACTION);
        if (index > 0) await this.headroom.room();
        written += await this.write(slice, setting, channels, days, now, shared);
      }
      if (setting.sms) written += await this.writeOnTheWay(setting, days, now, orderIds, shared);
      if (setting.sms) written += await this.writeMorning(setting, now, orderIds, shared);
      written += await this.writeAfterVisit(MessageKind.THANK_YOU, setting, now, orderIds, shared);
      written += await this.writeAfterVisit(MessageKind.VISIT_REPORT, setting, now, orderIds, shared);
      written += await this.writeRunningLate(setting, now, orderIds, shared);
    }
    return written;
  }

  /**
   * After a visit finished a few minutes ago (a mis-tap, or a last photo, is corrected first) and within a day, one
   * message of `kind` per visit, by mail when the order has an address that takes mail, else by SMS: the thank-you
   * with the rating link (docs/rules.md, Consumer messages; mail first, the rating being a form better read at leisure
   * than on a text message's link), or the work report of a recorded visit (docs/decisions/technician.md, Visit
   * records; its SMS carries the report's link).
   */
  private writeAfterVisit(
    kind: MessageKind.THANK_YOU | MessageKind.VISIT_REPORT,
    setting: MessageSetting,
    now: Date,
    orderIds: readonly number[] | undefined,
    shared: EntityManager | undefined,
  ): Promise<number> {
    return this.inTransaction(shared, async (em: EntityManager) => {
      const messages = new ConsumerMessageRepository(em, JOB_LOG_CONTEXT);
      // A day after the visit at most: later reads oddly.
      const finished = {
        country: setting.country,
        outcomes: THANKED_OUTCOMES,
        finishedAfter: new Date(now.getTime() - THANK_YOU_WITHIN_HOURS * 3_600_000),
        finishedBy: new Date(now.getTime() - THANK_YOU_AFTER_MINUTES * 60_000),
        orderIds,
      };
      const visits =
        kind === MessageKind.THANK_YOU
          ? await messages.thankYouVisits(finished)
          : await messages.visitReportVisits(finished);
      return this.writeOneEach(em, setting, now, kind, visits, [MessageChannel.EMAIL, MessageChannel.SMS]);
    });
  }

  /**
   * One message of `kind` per visit, on the first of the two channels whose address takes it (the setting's channel
   * on, an address of that kind, not unsubscribed); none when neither does.
   */
  private async writeOneEach(
    em: EntityManager,
    setting: MessageSetting,
    now: Date,
    kind: MessageKind,
    visits: readonly ThankYouVisitRow[],
    preference: readonly [MessageChannel, MessageChannel],
  ): Promise<number> {
    if (visits.length === 0) return 0;
    const addresses = visits.map((visit) => {
      const order = { email: visit.email, phone: visit.phone, country: setting.country };
      return {
        visit,
        [MessageChannel.EMAIL]: setting.email ? addressOf(order, MessageChannel.EMAIL) : null,
        [MessageChannel.SMS]: setting.sms ? addressOf(order, MessageChannel.SMS) : null,
      };
    });
    const unsubscribed = await unsubscribedAmong(
      em,
      addresses.flatMap((address) =>
        [MessageChannel.EMAIL, MessageChannel.SMS].flatMap((channel) => {
          const value = address[channel];
          return value ? [{ channel, address: value }] : [];
        }),
      ),
    );
    const rows = addresses.flatMap((address): NewMessageRow[] => {
      const channel = preference.find((each) => {
        const value = address[each];
        return value !== null && !unsubscribed.has(`${each}|${value}`);
      });
      if (channel === undefined) return [];
      return [
        {
          order_id: address.visit.id,
          kind,
          channel,
          window_start: new Date(address.visit.appointment).toISOString(),
          window_seconds: address.visit.duration,
          recipient: address[channel],
          language: setting.language,
          created_at: now.toISOString(),
        },
      ];
    });
    return this.insert(em, rows);
  }

  /**
   * The notice of today's visits expected after their window ends (docs/rules.md, Narrow time): the technician's own
   * estimate, or the narrow time pushed by a visit running long. One per visit, by SMS to a mobile number that takes
   * it, else by mail; the unique row and the check of earlier notices keep it once on any number of instances. A plan
   * after a change (`orderIds`) looks at the days of the changed visits only: the minute's run sees the rest, which
   * runs late by time passing alone.
   */
  private writeRunningLate(
    setting: MessageSetting,
    now: Date,
    orderIds: readonly number[] | undefined,
    shared: EntityManager | undefined,
  ): Promise<number> {
    return this.inTransaction(shared, async (em: EntityManager) => {
      const estimates = await estimatesOfToday(em, setting.country, now, orderIds);
      const late = [...estimates.values()].filter(runsLate).map((estimate) => estimate.orderId);
      if (late.length === 0) return 0;
      const visits = await new ConsumerMessageRepository(em, JOB_LOG_CONTEXT).runningLateVisits(late);
      // A text first: read at once, where a mail may wait in an inbox until after the visit.
      const order = [MessageChannel.SMS, MessageChannel.EMAIL] as const;
      return this.writeOneEach(em, setting, now, MessageKind.RUNNING_LATE, visits, order);
    });
  }

  /**
   * The morning SMS of today's visits from the country's time on (docs/rules.md, Consumer messages): one per visit
   * day to a mobile number that did not stop SMS, while the window has not started. Written after the time only, so
   * a visit moved onto today later that morning gets it at once, and one moved within the day does not get a second.
   */
  private async writeMorning(
    setting: MessageSetting,
    now: Date,
    orderIds: readonly number[] | undefined,
    shared: EntityManager | undefined,
  ): Promise<number> {
    const zone = TIME_ZONE[setting.country];
    const today = localDateOf(now, zone);
    const [hour, minute] = setting.morningSmsAt.split(':').map(Number);
    if (now.getTime() < instantOf(today, hour, minute, zone).getTime()) return 0;
    const day = localDayRange(today, zone);
    let written = 0;
    let afterId = 0;
    for (;;) {
      const slice = await this.inTransaction(shared, async (em: EntityManager) => {
        const visits = await new ConsumerMessageRepository(em, JOB_LOG_CONTEXT).morningVisits({
          country: setting.country,
          after: now,
          dayStart: day.start,
          dayEnd: day.end,
          orderIds,
          afterId,
        });
        const numbered = visits.flatMap((visit) => {
          const recipient = mobileNumberE164(visit.phone, setting.country);
          return recipient ? [{ visit, recipient }] : [];
        });
        const unsubscribed = await unsubscribedAmong(
          em,
          numbered.map(({ recipient }) => ({ channel: MessageChannel.SMS, address: recipient })),
        );
        const inserted = await this.insert(
          em,
          numbered
            .filter(({ recipient }) => !unsubscribed.has(`${MessageChannel.SMS}|${recipient}`))
            .map(({ visit, recipient }): NewMessageRow => ({
              order_id: visit.id,
              kind: MessageKind.MORNING,
              channel: MessageChannel.SMS,
              window_start: new Date(visit.appointment).toISOString(),
              window_seconds: visit.duration,
              recipient,
              language: setting.language,
              created_at: now.toISOString(),
            })),
        );
        return { rows: visits.length, lastId: visits.at(-1)?.id ?? afterId, inserted };
      });
      written += slice.inserted;
      if (slice.rows < MORNING_PER_SLICE) return written;
      afterId = slice.lastId;
    }
  }

  /** The "on the way" SMS of today's visits whose technician set out (docs/rules.md, Consumer messages). */
  private writeOnTheWay(
    setting: MessageSetting,
    days: PublishedDays,
    now: Date,
    orderIds: readonly number[] | undefined,
    shared: EntityManager | undefined,
  ): Promise<number> {
    const endOfToday = localDayRange(days.first, TIME_ZONE[setting.country]).end;
    return this.inTransaction(shared, async (em: EntityManager) => {
      const visits = await new ConsumerMessageRepository(em, JOB_LOG_CONTEXT).onTheWayVisits({
        country: setting.country,
        from: days.from,
        to: endOfToday,
        orderIds,
      });
      const rows = visits.flatMap((visit): NewMessageRow[] => {
        const recipient = mobileNumberE164(visit.phone, setting.country);
        if (!recipient) return [];
        return [
          {
            order_id: visit.id,
            kind: MessageKind.ON_THE_WAY,
            channel: MessageChannel.SMS,
            window_start: new Date(visit.appointment).toISOString(),
            window_seconds: visit.duration,
            recipient,
            language: setting.language,
            created_at: now.toISOString(),
          },
        ];
      });
      return this.insert(em, rows);
    });
  }

  /**
   * Writes the rows that are new and queues their send jobs in the caller's transaction: one per slice of
   * MESSAGES_PER_SEND_JOB messages of a channel, under a singleton key of the slice (its ids are new, so no other job
   * has it).
   */
  private async insert(em: EntityManager, rows: readonly NewMessageRow[]): Promise<number> {
    if (rows.length === 0) return 0;
    const inserted = await new ConsumerMessageRepository(em, JOB_LOG_CONTEXT).insertNew(rows);
    for (const channel of [MessageChannel.EMAIL, MessageChannel.SMS]) {
      const ids = inserted.filter((row) => row.channel === channel).map((row) => row.id);
      const jobs: { data: SendJob; singletonKey: string }[] = [];
      for (let index = 0; index < ids.length; index += MESSAGES_PER_SEND_JOB) {
        const slice = ids.slice(index, index + MESSAGES_PER_SEND_JOB);
        jobs.push({ data: { messageIds: slice }, singletonKey: `consumer-messages:${slice[0]}-${slice.at(-1)}` });
      }
      await this.jobs.sendMany(SEND_QUEUES[channel], jobs, em);
    }
    return inserted.length;
  }

  private write(
    orderIds: number[],
    setting: MessageSetting,
    channels: MessageChannel[],
    days: PublishedDays,
    now: Date,
    shared: EntityManager | undefined,
  ): Promise<number> {
    return this.inTransaction(shared, async (em: EntityManager) => {
      // Deleted ones too: a deleted order's consumer is told of the cancellation.
      const orders = await new OrderRepository(em).manyIncludingDeleted(orderIds);
      const told = await em.find(ConsumerMessage, { order: { $in: orderIds } }, { orderBy: { id: 'asc' } });
      const rows: NewMessageRow[] = [];
      const held: Order[] = [];
      const active = orders.filter((order) => {
        // A change the admin can still undo is not told yet: told and undone, the consumer would hear it twice.
        if (order.undoableUntil !== null && order.undoableUntil.getTime() > now.getTime()) {
          held.push(order);
          return false;
        }
        return true;
      });
      // A window the consumer chose is told with its hours, whatever its day (docs/rules.md, Visit window).
      const chosen = await windowsChosenByConsumer(
        em,
        active.map((order) => order.id),
      );
      const historyOf = (order: Order, channel: MessageChannel, withdrawn: ReadonlySet<number>) =>
        told.filter(
          (message) => message.order.id === order.id && message.channel === channel && !withdrawn.has(message.id),
        );
      // A message about where the visit stands that still waits for its sender, while the plan now says something
      // else, was never heard: it is withdrawn, and the plan is made from what the consumer did hear. So a window
      // that changes back before its update went, or a confirm that shifts a window whose 13:30 message still
      // waits, tells one true message instead of a false one and its correction.
      const withdraw: number[] = [];
      for (const order of active) {
        for (const channel of channels) {
          const history = historyOf(order, channel, new Set());
          const waiting = history.filter((message) => saysWhere(message) && isWaiting(message));
          if (waiting.length === 0) continue;
          const heard = history.filter((message) => !waiting.includes(message));
          const plan = plannedMessage(order, days, heard, now, chosen.has(order.id));
          withdraw.push(...waiting.filter((message) => !isSamePlan(message, plan)).map((message) => message.id));
        }
      }
      const withdrawn = new Set(await new ConsumerMessageRepository(em, JOB_LOG_CONTEXT).withdrawWaiting(withdraw));
      for (const order of active) {
        for (const channel of channels) {
          const history = historyOf(order, channel, withdrawn);
          const plan = plannedMessage(order, days, history, now, chosen.has(order.id));
          if (!plan) continue;
          // A cancellation goes where the window went, whatever the order says now.
          const recipient =
            plan.kind === MessageKind.CANCELLATION ? (history.at(-1)?.recipient ?? null) : addressOf(order, channel);
          if (!recipient) continue;
          rows.push({
            order_id: order.id,
            kind: plan.kind,
            channel,
            window_start: plan.windowStart.toISOString(),
            window_seconds: plan.windowSeconds,
            cancellations_before: plan.cancellationsBefore,
            recipient,
            language: setting.language,
            created_at: now.toISOString(),
          });
        }
      }
      await this.planAfterUndo(em, held, now);
      return this.insert(em, rows);
    });
  }

  /**
   * Queues, in the caller's transaction, a plan of each held order for when its undo has passed: it reads the order
   * and what its consumer was told then, so an undone change tells nothing and a kept one is told once. One job per
   * order and end of undo, whoever plans it (every instance hears a change); should the job still find the order held
   * (the clocks differ more than the margin), the minute's publication tells it.
   */
  private async planAfterUndo(em: EntityManager, held: readonly Order[], now: Date): Promise<void> {
    for (const order of held) {
      const until = order.undoableUntil?.getTime() ?? now.getTime();
      // The job queue starts jobs on real time, our clock may stand elsewhere (a demo): the wait is what is left.
      const startAfter = new Date(Date.now() + until - now.getTime() + AFTER_UNDO_MARGIN_MS);
      await this.jobs.send(AFTER_UNDO_QUEUE, { orderId: order.id } satisfies AfterUndoJob, {
        singletonKey: `order-${order.id}-until-${until}`,
        startAfter,
        em,
      });
    }
  }
}
