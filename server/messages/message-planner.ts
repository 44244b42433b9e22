import type { EntityManager, MikroORM } from '@mikro-orm/postgresql';
import { addDays, instantOf } from '../../shared/zoned-time.js';
import { JOB_LOG_CONTEXT } from '../common/jobs/job-log.js';
import { TIME_ZONE } from '../common/locale.js';
import type { JobQueue } from '../common/jobs/job-queue.js';
import type { HolidayDates } from '../context.js';
import { mobileNumberE164 } from '../orders/address-normalization.js';
import { Order } from '../orders/order.entity.js';
import { ConsumerMessage, MessageChannel, MessageKind } from './consumer-message.entity.js';
import { MessageSetting } from '../message-settings/message-setting.entity.js';
import { plannedMessage, publishedDays, type PublishedDays } from './publication.js';
import { THANK_YOU_AFTER_MINUTES, THANK_YOU_PER_RUN, THANK_YOU_WITHIN_HOURS, THANKED_OUTCOMES } from './thank-you.js';
import { unsubscribedAmong } from '../consumer-links/unsubscribes.js';

/** The queue that sends one message per job. */
export const SEND_QUEUE = 'consumer-messages.send';

/** Orders written per transaction: a publication of thousands of orders commits in slices. */
const ORDERS_PER_TRANSACTION = 500;

/**
 * Orders of the country that may need a message now: on a published day without a message telling
 * their current window; deleted after a message of today or later, without a cancellation since; restored
 * after a cancellation of today or later, without a message telling the window since; or moved to a later
 * day after such a message, without one telling that day. A superset: the planning decides per channel.
 */
const CANDIDATES_SQL = `
  select o.id from orders o
  where o.country = ? and o.deleted_at is null and o.appointment >= ? and o.appointment < ?
    and o.appointment + o.duration * interval '1 second' > ?
    and (o.email <> '' or o.phone <> '')
    and not exists (select 1 from consumer_messages m where m.order_id = o.id and m.kind in ('WINDOW', 'UPDATE', 'RESTORED')
                    and m.window_start = o.appointment and m.window_seconds = o.duration)
    and (?::int[] is null or o.id = any(?::int[]))
  union
  select m.order_id from consumer_messages m join orders o on o.id = m.order_id
  where o.country = ? and m.window_start >= ?
    and ((o.deleted_at is not null and m.kind in ('WINDOW', 'UPDATE', 'RESTORED')
          and not exists (select 1 from consumer_messages c where c.order_id = o.id and c.channel = m.channel
                          and c.kind = 'CANCELLATION' and c.id > m.id))
      or (o.deleted_at is null and m.kind = 'CANCELLATION'
          and not exists (select 1 from consumer_messages r where r.order_id = o.id and r.channel = m.channel
                          and r.kind in ('WINDOW', 'UPDATE', 'RESTORED') and r.id > m.id))
      or (o.deleted_at is null and o.appointment >= ?
          and not exists (select 1 from consumer_messages u where u.order_id = o.id
                          and u.window_start = o.appointment and u.window_seconds = 0)))
    and (?::int[] is null or o.id = any(?::int[]))
  order by 1`;

/**
 * Today's visits of the country whose technician set out with an expected arrival, and whose consumer was
 * not told so for this visit (its window): one "on the way" SMS per visit, whatever new estimates and undos
 * follow. At most one visit per technician is on the way at a time, so the list is as long as the staff.
 */
const ON_THE_WAY_SQL = `
  select o.id, o.phone, o.appointment, o.duration from orders o join visit_statuses s on s.order_id = o.id
  where o.country = ? and o.deleted_at is null and s.stage = 'ON_THE_WAY' and s.expected_arrival is not null
    and o.appointment >= ? and o.appointment < ? and o.phone <> ''
    and not exists (select 1 from consumer_messages m where m.order_id = o.id and m.kind = 'ON_THE_WAY'
                    and m.window_start = o.appointment and m.window_seconds = o.duration)
    and (?::int[] is null or o.id = any(?::int[]))
  order by o.id`;

/**
 * Finished visits of the country whose consumer was not thanked for this visit (its window) yet, finished at least
 * a few minutes ago (a mis-tap is corrected first) and at most a day ago (a thank-you days late reads oddly), with
 * an outcome that is thanked. A bounded slice per run: the next minute's run takes the rest.
 */
const THANK_YOU_SQL = `
  select o.id, o.email, o.phone, o.appointment, o.duration from orders o join visit_statuses s on s.order_id = o.id
  where o.country = ? and o.deleted_at is null and s.stage = 'FINISHED' and s.outcome::text = any(?::text[])
    and s.finished_at > ? and s.finished_at <= ? and (o.email <> '' or o.phone <> '')
    and not exists (select 1 from consumer_messages m where m.order_id = o.id and m.kind = 'THANK_YOU'
                    and m.window_start = o.appointment and m.window_seconds = o.duration)
    and (?::int[] is null or o.id = any(?::int[]))
  order by o.id
  limit ${THANK_YOU_PER_RUN}`;

interface ThankYouRow {
  id: number;
  email: string;
  phone: string;
  appointment: Date | string;
  duration: number;
}

interface OnTheWayRow {
  id: number;
  phone: string;
  appointment: Date | string;
  duration: number;
}

/** New rows only: a message already written (by another instance, an earlier try) is left alone. */
const INSERT_SQL = `
  insert into consumer_messages (order_id, kind, channel, window_start, window_seconds, cancellations_before,
    recipient, language, created_at)
  select order_id, kind, channel, window_start, window_seconds, coalesce(cancellations_before, 0),
    recipient, language, created_at
  from jsonb_to_recordset(?::jsonb) as r(order_id int, kind text, channel text, window_start timestamptz,
    window_seconds int, cancellations_before int, recipient text, language text, created_at timestamptz)
  on conflict on constraint consumer_messages_once do nothing
  returning id`;

const pgIntArray = (ids: readonly number[] | undefined) => (ids ? `{${ids.join(',')}}` : null);

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
  ) {}

  /** Plans for every order (`orderIds` unset) or for the given ones; resolves to the messages written. */
  async plan(now: Date, orderIds?: readonly number[]): Promise<number> {
    const em = this.orm.em.fork({ loggerContext: JOB_LOG_CONTEXT });
    const settings = await em.find(MessageSetting, { enabled: true });
    let written = 0;
    for (const setting of settings) {
      const channels = [...(setting.email ? [MessageChannel.EMAIL] : []), ...(setting.sms ? [MessageChannel.SMS] : [])];
      if (channels.length === 0) continue;
      const days = await publishedDays(this.holidays, setting.country, now);
      const ids = pgIntArray(orderIds);
      const rows = await em.execute<{ id: number }[]>(
        CANDIDATES_SQL,
        [setting.country, days.from, days.to, now, ids, ids, setting.country, days.from, days.to, ids, ids],
        'all',
        JOB_LOG_CONTEXT,
      );
      for (let index = 0; index < rows.length; index += ORDERS_PER_TRANSACTION) {
        const slice = rows.slice(index, index + ORDERS_PER_TRANSACTION).map((row) => row.id);
        written += await this.write(slice, setting, channels, days, now);
      }
      if (setting.sms) written += await this.writeOnTheWay(setting, days, now, ids);
      written += await this.writeThankYou(setting, now, ids);
    }
    return written;
  }

  /**
   * The thank-you with the rating link of visits finished a few minutes ago (docs/rules.md, Consumer messages):
   * one per visit, by mail when the order has an address that takes mail, else by SMS to a mobile number.
   */
  private writeThankYou(setting: MessageSetting, now: Date, ids: string | null): Promise<number> {
    return this.orm.em.fork({ loggerContext: JOB_LOG_CONTEXT }).transactional(
      async (em: EntityManager) => {
        const visits = await em.execute<ThankYouRow[]>(
          THANK_YOU_SQL,
          [
            setting.country,
            `{${THANKED_OUTCOMES.join(',')}}`,
            new Date(now.getTime() - THANK_YOU_WITHIN_HOURS * 3_600_000),
            new Date(now.getTime() - THANK_YOU_AFTER_MINUTES * 60_000),
            ids,
            ids,
          ],
          'all',
          JOB_LOG_CONTEXT,
        );
        if (visits.length === 0) return 0;
        const addresses = visits.map((visit) => {
          const order = { email: visit.email, phone: visit.phone, country: setting.country };
          return {
            visit,
            email: setting.email ? addressOf(order, MessageChannel.EMAIL) : null,
            sms: setting.sms ? addressOf(order, MessageChannel.SMS) : null,
          };
        });
        const unsubscribed = await unsubscribedAmong(
          em,
          addresses.flatMap(({ email, sms }) => [
            ...(email ? [{ channel: MessageChannel.EMAIL, address: email }] : []),
            ...(sms ? [{ channel: MessageChannel.SMS, address: sms }] : []),
          ]),
        );
        const takes = (channel: MessageChannel, address: string | null): address is string =>
          address !== null && !unsubscribed.has(`${channel}|${address}`);
        const rows = addresses.flatMap(({ visit, email, sms }) => {
          // Mail first: the rating is a form, better read at leisure than on a text message's link.
          const channel = takes(MessageChannel.EMAIL, email)
            ? MessageChannel.EMAIL
            : takes(MessageChannel.SMS, sms)
              ? MessageChannel.SMS
              : null;
          if (channel === null) return [];
          return [
            {
              order_id: visit.id,
              kind: MessageKind.THANK_YOU,
              channel,
              window_start: new Date(visit.appointment).toISOString(),
              window_seconds: visit.duration,
              recipient: channel === MessageChannel.EMAIL ? email : sms,
              language: setting.language,
              created_at: now.toISOString(),
            },
          ];
        });
        return this.insert(em, rows);
      },
      { loggerContext: JOB_LOG_CONTEXT },
    );
  }

  /** The "on the way" SMS of today's visits whose technician set out (docs/rules.md, Consumer messages). */
  private writeOnTheWay(setting: MessageSetting, days: PublishedDays, now: Date, ids: string | null): Promise<number> {
    const endOfToday = instantOf(addDays(days.first, 1), 0, 0, TIME_ZONE[setting.country]);
    return this.orm.em.fork({ loggerContext: JOB_LOG_CONTEXT }).transactional(
      async (em: EntityManager) => {
        const visits = await em.execute<OnTheWayRow[]>(
          ON_THE_WAY_SQL,
          [setting.country, days.from, endOfToday, ids, ids],
          'all',
          JOB_LOG_CONTEXT,
        );
        const rows = visits.flatMap((visit) => {
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
      },
      { loggerContext: JOB_LOG_CONTEXT },
    );
  }

  /** Writes the rows that are new and queues a send job for each, in the caller's transaction. */
  private async insert(em: EntityManager, rows: object[]): Promise<number> {
    if (rows.length === 0) return 0;
    const inserted = await em.execute<{ id: number }[]>(INSERT_SQL, [JSON.stringify(rows)], 'all', JOB_LOG_CONTEXT);
    await this.jobs.sendMany(
      SEND_QUEUE,
      inserted.map((row) => ({ data: { messageId: row.id }, singletonKey: `consumer-message:${row.id}` })),
      em,
    );
    return inserted.length;
  }

  private write(
    orderIds: number[],
    setting: MessageSetting,
    channels: MessageChannel[],
    days: PublishedDays,
    now: Date,
  ): Promise<number> {
    return this.orm.em.fork({ loggerContext: JOB_LOG_CONTEXT }).transactional(
      async (em: EntityManager) => {
        const orders = await em.find(Order, { id: { $in: orderIds } });
        const told = await em.find(ConsumerMessage, { order: { $in: orderIds } }, { orderBy: { id: 'asc' } });
        const rows = [];
        for (const order of orders) {
          for (const channel of channels) {
            const history = told.filter((message) => message.order.id === order.id && message.channel === channel);
            const plan = plannedMessage(order, days, history, now);
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
        return this.insert(em, rows);
      },
      { loggerContext: JOB_LOG_CONTEXT },
    );
  }
}
