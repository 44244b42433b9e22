import type { EntityManager, LoggingOptions } from '@mikro-orm/postgresql';
import type { Country, Language } from '../../common/locale.js';
import { activeOrderSql, deletedOrderSql } from '../../orders/index.js';
import type { VisitOutcome, VisitStage } from '../../visits/visit-status.entity.js';
import type { MessageChannel, MessageKind, MessageStatus } from '../consumer-message.entity.js';
import type { MessageFailureCode } from '../message-failure.js';
import { THANK_YOU_PER_RUN } from '../thank-you.js';

/** An instant as the driver hands it back: a `Date`, or its text where the column came through JSON or a union. */
type Instant = Date | string;

/**
 * Orders of the country that may need a message now: on a published day without a message telling
 * their current window, whose technician has not set out yet (from then on the visit's own messages tell); deleted after a message of today or later, without a cancellation since; restored
 * after a cancellation of today or later, without a message telling the window since; or moved to a later
 * day after such a message, without one telling that day; or with a message about the window that still waits while
 * the order stands elsewhere now (it may be withdrawn unheard). An order a partner makes is told once. A superset:
 * the planning decides per channel.
 */
const CANDIDATES_SQL = `
  select o.id from orders o
  where o.country = ? and ${activeOrderSql('o')} and o.appointment >= ? and o.appointment < ?
    and o.appointment + o.duration * interval '1 second' > ?
    and (o.email <> '' or o.phone <> '')
    and not exists (select 1 from consumer_messages m where m.order_id = o.id and m.kind in ('WINDOW', 'UPDATE', 'RESTORED')
                    and (o.external_company is not null
                         or (m.window_start = o.appointment and m.window_seconds = o.duration)))
    and not exists (select 1 from visit_statuses v where v.order_id = o.id)
    and (?::int[] is null or o.id = any(?::int[]))
  union
  select m.order_id from consumer_messages m join orders o on o.id = m.order_id
  where o.country = ? and m.window_start >= ?
    and ((${deletedOrderSql('o')} and m.kind in ('WINDOW', 'UPDATE', 'RESTORED')
          and not exists (select 1 from consumer_messages c where c.order_id = o.id and c.channel = m.channel
                          and c.kind = 'CANCELLATION' and c.id > m.id))
      or (${activeOrderSql('o')} and m.kind = 'CANCELLATION'
          and not exists (select 1 from consumer_messages r where r.order_id = o.id and r.channel = m.channel
                          and r.kind in ('WINDOW', 'UPDATE', 'RESTORED') and r.id > m.id))
      or (${activeOrderSql('o')} and o.appointment >= ? and o.external_company is null
          and not exists (select 1 from consumer_messages u where u.order_id = o.id
                          and u.window_start = o.appointment and u.window_seconds = 0)))
    and (?::int[] is null or o.id = any(?::int[]))
  union
  select w.order_id from consumer_messages w join orders o on o.id = w.order_id
  where o.country = ? and ${activeOrderSql('o')} and w.status = 'QUEUED' and w.claimed_until is null
    and w.kind in ('WINDOW', 'UPDATE', 'RESTORED') and w.window_start <> o.appointment
    and (?::int[] is null or o.id = any(?::int[]))
  order by 1`;

/**
 * Today's visits of the country whose technician set out with an expected arrival, and whose consumer was
 * not told so for this visit (its window): one "on the way" SMS per visit, whatever new estimates and undos
 * follow. Never for a visit a partner makes: our technician is not coming. At most one visit per technician is on the way at a time, so the list is as long as the staff.
 */
const ON_THE_WAY_SQL = `
  select o.id, o.phone, o.appointment, o.duration from orders o join visit_statuses s on s.order_id = o.id
  where o.country = ? and ${activeOrderSql('o')} and s.stage = 'ON_THE_WAY' and s.expected_arrival is not null
    and o.appointment >= ? and o.appointment < ? and o.phone <> '' and o.external_company is null
    and not exists (select 1 from consumer_messages m where m.order_id = o.id and m.kind = 'ON_THE_WAY'
                    and m.window_start = o.appointment and m.window_seconds = o.duration)
    and (?::int[] is null or o.id = any(?::int[]))
  order by o.id`;

/**
 * Finished visits of the country whose consumer was not thanked for this visit (its window) yet, finished within
 * the given span, with an outcome that is thanked, made by us (not a partner) and not rated already (the consumer
 * answered the question before it was asked). A bounded slice per run: the next minute's run takes the rest.
 */
const THANK_YOU_SQL = `
  select o.id, o.email, o.phone, o.appointment, o.duration from orders o join visit_statuses s on s.order_id = o.id
  where o.country = ? and ${activeOrderSql('o')} and s.stage = 'FINISHED' and s.outcome::text = any(?::text[])
    and s.finished_at > ? and s.finished_at <= ? and (o.email <> '' or o.phone <> '') and o.external_company is null
    and not exists (select 1 from visit_ratings r where r.order_id = o.id)
    and not exists (select 1 from consumer_messages m where m.order_id = o.id and m.kind = 'THANK_YOU'
                    and m.window_start = o.appointment and m.window_seconds = o.duration)
    and (?::int[] is null or o.id = any(?::int[]))
  order by o.id
  limit ${THANK_YOU_PER_RUN}`;

/**
 * Finished visits of the country that the technician recorded, whose consumer got no work report for this visit (its
 * window) yet, finished within the given span, with an outcome that met the consumer, made by us (not a partner). The
 * report goes once: a record changed after it was written writes nothing more. A bounded slice per run.
 */
const VISIT_REPORT_SQL = `
  select o.id, o.email, o.phone, o.appointment, o.duration from orders o join visit_statuses s on s.order_id = o.id
  where o.country = ? and ${activeOrderSql('o')} and s.stage = 'FINISHED' and s.outcome::text = any(?::text[])
    and s.finished_at > ? and s.finished_at <= ? and (o.email <> '' or o.phone <> '') and o.external_company is null
    and exists (select 1 from visit_records r where r.order_id = o.id)
    and not exists (select 1 from consumer_messages m where m.order_id = o.id and m.kind = 'VISIT_REPORT'
                    and m.window_start = o.appointment and m.window_seconds = o.duration)
    and (?::int[] is null or o.id = any(?::int[]))
  order by o.id
  limit ${THANK_YOU_PER_RUN}`;

/** Visits read per statement for the morning SMS: a day of thousands is read in slices, by id. */
export const MORNING_PER_SLICE = 1000;

/**
 * The country's visits of the day (from `?` to the day's end) whose window has not started, with a phone number, made
 * by us (a partner agrees its own hour), whose technician has not set out, and whose consumer had no morning SMS for a
 * visit on that day: one per visit day, even when the window moved within the day since. A slice after an order id:
 * landlines and stopped numbers stay candidates all day, so a bounded read from the start would never pass them.
 */
const MORNING_SQL = `
  select o.id, o.phone, o.appointment, o.duration from orders o
  where o.country = ? and ${activeOrderSql('o')} and o.appointment > ? and o.appointment < ?
    and o.phone <> '' and o.external_company is null
    and not exists (select 1 from visit_statuses v where v.order_id = o.id)
    and not exists (select 1 from consumer_messages m where m.order_id = o.id and m.kind = 'MORNING'
                    and m.window_start >= ? and m.window_start < ?)
    and (?::int[] is null or o.id = any(?::int[])) and o.id > ?
  order by o.id
  limit ${MORNING_PER_SLICE}`;

/**
 * The order of the latest SMS sent to a number about a visit between two instants, that is still on: the visit an
 * answer by SMS is about. Only messages sent to that very number, so an answer never reaches another customer's
 * order. Read through the index of the SMS sent per number (a few rows), and one row at most.
 */
export const TEXTED_ORDER_SQL = `
  select o.id from consumer_messages m join orders o on o.id = m.order_id
  where m.channel = 'SMS' and m.recipient = ? and m.status = 'SENT' and m.window_start >= ?
    and ${activeOrderSql('o')} and o.appointment >= ? and o.appointment < ?
  order by m.sent_at desc, m.id desc
  limit 1`;

/**
 * Of the visits expected past their window, those of active orders we make ourselves whose consumer was not told for
 * this visit (its window) that it runs late, with an address: one notice per visit, whatever follows.
 */
const RUNNING_LATE_SQL = `
  select o.id, o.email, o.phone, o.appointment, o.duration from orders o
  where o.id = any(?::int[]) and ${activeOrderSql('o')} and o.external_company is null and (o.email <> '' or o.phone <> '')
    and not exists (select 1 from consumer_messages m where m.order_id = o.id and m.kind = 'RUNNING_LATE'
                    and m.window_start = o.appointment and m.window_seconds = o.duration)
  order by o.id`;

/**
 * New rows only: a message already written (by another instance, an earlier try) is left alone. Its language is the
 * order's, else the country's setting given with the row (a record: the sender reads the order's again).
 */
const INSERT_SQL = `
  insert into consumer_messages (order_id, kind, channel, window_start, window_seconds, cancellations_before,
    recipient, language, created_at)
  select order_id, kind, channel, window_start, window_seconds, coalesce(cancellations_before, 0),
    recipient, coalesce((select o.language from orders o where o.id = r.order_id), r.language), created_at
  from jsonb_to_recordset(?::jsonb) as r(order_id int, kind text, channel text, window_start timestamptz,
    window_seconds int, cancellations_before int, recipient text, language text, created_at timestamptz)
  on conflict on constraint consumer_messages_once do nothing
  returning id, channel`;

/**
 * Claims, for `?` seconds, the batch's messages that still wait and that no live sender holds, and reads all they
 * say: its order, the country's settings, the language (the order's now, else the setting's: a consumer's choice
 * reaches what still waits), and for "on the way" (and running late) the visit's stage, estimate and the technician's first name. One
 * statement, committed on its own: the rows are not locked while they are handed over (a transaction held across a
 * slow mail server kept a connection and its locks for minutes); the claim keeps a second sender away instead, and a
 * claim whose sender died runs out. Database time (`clock_timestamp()`): every instance shares it, whatever the
 * application clock says. Cut to milliseconds: the claim comes back through a JS `Date`
 * and is compared when the outcome is written.
 */
const CLAIM_SQL = `
  with claimed as (
    update consumer_messages m
       set claimed_until = date_trunc('milliseconds', clock_timestamp() + make_interval(secs => ?::int))
     where m.id in (select c.id from consumer_messages c
                     where c.id in (select value::int from jsonb_array_elements_text(?::jsonb)) and c.status = 'QUEUED'
                       and (c.claimed_until is null or c.claimed_until < clock_timestamp())
                       for update skip locked)
    returning m.*)
  select m.id, m.kind, m.channel, m.window_start, m.window_seconds, m.recipient, m.tries, m.claimed_until,
         o.id as order_id, o.name, o.reference_number, o.country, o.appointment, o.duration, o.technician_id, o.deleted_at,
         o.link_generation, o.external_company,
         m.kind = 'THANK_YOU' and exists (select 1 from visit_ratings r where r.order_id = o.id) as rated,
         s.enabled, s.email as email_on, s.sms as sms_on, s.sender_name,
         case when s.country is not null then coalesce(o.language, s.language) end as language,
         v.stage, v.expected_arrival, v.outcome, v.finished_at, t.firstname as technician_firstname
    from claimed m
    join orders o on o.id = m.order_id
    left join message_settings s on s.country = o.country
    left join visit_statuses v on m.kind in ('ON_THE_WAY', 'THANK_YOU', 'RUNNING_LATE', 'MORNING', 'VISIT_REPORT')
      and v.order_id = o.id
    left join technicians t on m.kind in ('ON_THE_WAY', 'RUNNING_LATE') and t.id = o.technician_id
   order by m.id`;

/**
 * Each outcome, for the messages whose claim still holds (the one the sender made): a claim that ran out and was
 * taken by another sender is that sender's to settle. The claim ends with it.
 */
const RECORD_SQL = `
  update consumer_messages m
     set status = r.status, tries = r.tries, last_error = r.last_error, failure_code = r.failure_code,
         sent_at = coalesce(r.sent_at, m.sent_at), failed_at = coalesce(r.failed_at, m.failed_at), claimed_until = null
    from jsonb_to_recordset(?::jsonb)
      as r(id int, claimed_until timestamptz, status text, tries int, last_error text, failure_code text,
           sent_at timestamptz, failed_at timestamptz)
   where m.id = r.id and m.status = 'QUEUED' and m.claimed_until = r.claimed_until
  returning m.id`;

/**
 * Withdraws waiting messages that no sender holds: deleted in the planner's transaction, the row lock keeping a sender
 * out (a sender claims with `skip locked`); one a sender claimed meanwhile stays and goes.
 */
const WITHDRAW_SQL = `
  delete from consumer_messages
   where id in (select value::int from jsonb_array_elements_text(?::jsonb)) and status = 'QUEUED' and claimed_until is null
  returning id`;

/** Ends claims without an outcome: nothing was handed over, and the message waits for its job's next try. */
const RELEASE_SQL = `
  update consumer_messages m set claimed_until = null
    from jsonb_to_recordset(?::jsonb) as r(id int, claimed_until timestamptz)
   where m.id = r.id and m.status = 'QUEUED' and m.claimed_until = r.claimed_until`;

/**
 * Waiting messages whose claim ran out without an outcome: their sender died (a claim lasts longer than a send may
 * take), so they are sent again. And when the earliest claim still running ends, for when to look next.
 */
const ABANDONED_SQL = `
  select id, channel, claimed_until from consumer_messages
   where status = 'QUEUED' and claimed_until is not null and claimed_until < clock_timestamp()
   order by id
   limit ?`;
const NEXT_CLAIM_END_SQL = `
  select min(claimed_until) as next_end from consumer_messages
   where status = 'QUEUED' and claimed_until >= clock_timestamp()`;

/** Of these messages, those waiting and claimed by nobody: a send job that holds one has not begun it. */
const UNCLAIMED_SQL = `
  select id, channel from consumer_messages
   where id in (select value::int from jsonb_array_elements_text(?::jsonb))
     and status = 'QUEUED' and claimed_until is null`;

/** An order gets a few messages (a window, an update or two, per channel); more than this is shown in part. */
export const MESSAGE_LOG_LIMIT = 50;

/**
 * The order's messages with when each mail was opened: the first load of the order's open pixel at or
 * after the mail was sent and before the order's next mail was sent (the pixel names the order).
 */
const LOG_SQL = `
  with mails as (
    select id, order_id, channel, sent_at,
           lead(sent_at) over (partition by channel order by sent_at nulls last, id) as next_sent_at
      from consumer_messages where order_id = ?)
  select m.id, m.kind, m.channel, m.recipient, m.status, m.last_error, m.failure_code, m.tries, m.created_at, m.sent_at, m.failed_at,
         (select min(o.opened_at) from mail_opens o
           where mails.channel = 'EMAIL' and mails.sent_at is not null and o.order_id = mails.order_id
             and o.opened_at >= mails.sent_at and (mails.next_sent_at is null or o.opened_at < mails.next_sent_at)
         ) as opened_at,
         count(*) over () as total
    from consumer_messages m join mails on mails.id = m.id
   order by m.id desc
   limit ${MESSAGE_LOG_LIMIT}`;

/**
 * Per local day, the mails sent that day and how many of them were opened at least once, counted the way the
 * message log shows `openedAt`: a load of the order's open image at or after the mail was sent and before the
 * order's next mail (the image names the order, not the mail). A mail sent on one day and read on the next
 * counts as read on the day it was sent, so a day's rate never passes 100 %.
 *
 * Bounded by the period (at most FIGURES_MAX_DAYS days) on the partial index of sent mails
 * (`consumer_messages_mail_sent_idx`); the opens of a mail are found by the order's index on `mail_opens`, and
 * its order's next mail by the order's index on `consumer_messages`. At most one row per day comes back.
 * Its parameters: the zone, the start and end instants, and the country when one is given.
 */
export function mailReadSql(country: Country | null): string {
  return `
    select to_char((m.sent_at at time zone ?)::date, 'YYYY-MM-DD') as day,
           count(*)::int as sent,
           count(*) filter (where exists (
             select 1 from mail_opens mo
              where mo.order_id = m.order_id and mo.opened_at >= m.sent_at
                and mo.opened_at < coalesce(
                  (select min(n.sent_at) from consumer_messages n
                    where n.order_id = m.order_id and n.channel = 'EMAIL' and n.sent_at > m.sent_at),
                  'infinity'::timestamptz)
           ))::int as opened
      from consumer_messages m
      ${country ? 'join orders o on o.id = m.order_id' : ''}
     where m.channel = 'EMAIL' and m.sent_at is not null and m.sent_at >= ? and m.sent_at < ?
       ${country ? 'and o.country = ?' : ''}
     group by 1`;
}

/**
 * One batch of messages whose visit ended before their country's cutoff: the visit is the later of the message's
 * window and the order's appointment (an order moved to a later day keeps its earlier messages' address until that
 * day is past too). The address goes, and so does a failure's reason (a provider may echo the address in another
 * notation); a message still waiting is not sent any more. Rows another worker is sending are left for the next run.
 */
function purgeBatchSql(countries: number): string {
  const cutoffs = Array.from({ length: countries }, () => '(?, ?::timestamptz)').join(', ');
  return `
    with due as (
      select m.id
      from consumer_messages m
      join orders o on o.id = m.order_id
      join (values ${cutoffs}) as cutoff (country, visits_before) on cutoff.country = o.country::text
      where m.purged_at is null and m.window_start < cutoff.visits_before and o.appointment < cutoff.visits_before
        and (m.status <> 'QUEUED' or m.claimed_until is null or m.claimed_until < clock_timestamp())
      limit ?
      for update of m skip locked
    )
    update consumer_messages m
    set recipient = null,
        purged_at = ?,
        last_error = case when m.status = 'FAILED' then null
                          when m.status = 'QUEUED' then 'the address was removed after the visit'
                          else m.last_error end,
        failure_code = case when m.status = 'QUEUED' then 'SKIPPED_ADDRESS_REMOVED' else m.failure_code end,
        status = case when m.status = 'QUEUED' then 'SKIPPED' else m.status end
    from due
    where m.id = due.id`;
}

/** Some orders by id, or every order (`undefined`), as the planning statements take them. */
const pgIntArray = (ids: readonly number[] | undefined) => (ids ? `{${ids.join(',')}}` : null);

/** A visit that may get its "on the way" SMS. */
export interface OnTheWayVisitRow {
  id: number;
  phone: string;
  appointment: Instant;
  duration: number;
}

/** A visit of today that may get its morning SMS. */
export interface MorningVisitRow {
  id: number;
  phone: string;
  appointment: Instant;
  duration: number;
}

/** A finished visit that may get its thank-you (and a visit running late, its notice). */
export interface ThankYouVisitRow {
  id: number;
  email: string;
  phone: string;
  appointment: Instant;
  duration: number;
}

/** A message to write, in the table's columns; `window_start` and `created_at` as ISO text. */
export interface NewMessageRow {
  order_id: number;
  kind: MessageKind;
  channel: MessageChannel;
  window_start: string;
  window_seconds: number;
  /** Written as 0 when left out. */
  cancellations_before?: number;
  recipient: string | null;
  language: Language;
  created_at: string;
}

/** A waiting message claimed for sending, with all it says. */
export interface ClaimedMessageRow {
  id: number;
  kind: MessageKind;
  channel: MessageChannel;
  window_start: Date;
  window_seconds: number;
  recipient: string | null;
  tries: number;
  /** Until when this sender's claim holds. */
  claimed_until: Date;
  order_id: number;
  name: string;
  reference_number: string;
  country: Country;
  appointment: Date;
  /** The order's window length now, in seconds (the morning SMS tells the window as it stands when it goes). */
  duration: number;
  technician_id: number | null;
  deleted_at: Date | null;
  /** The order's personal link generation now: the link a message carries is written when it is sent. */
  link_generation: number;
  /** The partner that makes the visit (`Order.externalCompany`), read when it goes; null when we make it. */
  external_company: number | null;
  /** A thank-you only: the consumer rated the visit already. */
  rated: boolean;
  enabled: boolean | null;
  email_on: boolean | null;
  sms_on: boolean | null;
  sender_name: string | null;
  language: Language | null;
  stage: VisitStage | null;
  expected_arrival: Date | null;
  outcome: VisitOutcome | null;
  finished_at: Date | null;
  technician_firstname: string | null;
}

/** A waiting message whose claim ran out without an outcome. */
export interface AbandonedClaimRow {
  id: number;
  channel: MessageChannel;
  claimed_until: Date;
}

/** What became of a claimed message; the times as ISO text. */
export interface MessageOutcomeRow {
  id: number;
  /** The claim it was sent under. */
  claimed_until: Date;
  status: MessageStatus;
  tries: number;
  last_error: string | null;
  failure_code: MessageFailureCode | null;
  sent_at: string | null;
  failed_at: string | null;
}

/** A line of an order's message log. */
export interface MessageLogRow {
  id: number;
  kind: MessageKind;
  channel: MessageChannel;
  recipient: string | null;
  status: MessageStatus;
  last_error: string | null;
  failure_code: MessageFailureCode | null;
  tries: number;
  created_at: Date;
  sent_at: Date | null;
  failed_at: Date | null;
  opened_at: Date | null;
  /** How many messages the order has, the ones beyond the log's limit included. */
  total: string | number;
}

/** The mails sent on a local day and how many of them were read. */
export interface MailReadDayRow {
  day: string;
  sent: number;
  opened: number;
}

/** The instant before which a country's visits are over for the purge. */
export interface PurgeCutoff {
  country: Country;
  visitsBefore: Date;
}

/**
 * The statements on consumer messages. The services keep the rules (which order gets which message, when one may go
 * again, how long an address is kept) and ask here for the rows. Statements of jobs carry the jobs' log label: the
 * repository is made with it (`JOB_LOG_CONTEXT`) by the planner, the sender and the purge.
 */
export class ConsumerMessageRepository {
  constructor(
    private readonly em: EntityManager,
    private readonly logContext?: LoggingOptions,
  ) {}

  /** The countries of these orders. */
  async countriesOf(orderIds: readonly number[]): Promise<Country[]> {
    const rows = await this.em.execute<{ country: Country }[]>(
      'select distinct country from orders where id = any(?::int[])',
      [pgIntArray(orderIds)],
      'all',
      this.logContext,
    );
    return rows.map((row) => row.country);
  }

  /** The orders of a country that may need a message now (see CANDIDATES_SQL), by id. */
  async planCandidates(query: {
    country: Country;
    from: Date;
    to: Date;
    now: Date;
    orderIds?: readonly number[];
  }): Promise<number[]> {
    const ids = pgIntArray(query.orderIds);
    const { country, from, to, now } = query;
    const rows = await this.em.execute<{ id: number }[]>(
      CANDIDATES_SQL,
      [country, from, to, now, ids, ids, country, from, to, ids, ids, country, ids, ids],
      'all',
      this.logContext,
    );
    return rows.map((row) => row.id);
  }

  /** The country's visits between `from` and `to` whose technician set out and whose consumer was not told so. */
  onTheWayVisits(query: {
    country: Country;
    from: Date;
    to: Date;
    orderIds?: readonly number[];
  }): Promise<OnTheWayVisitRow[]> {
    const ids = pgIntArray(query.orderIds);
    return this.em.execute<OnTheWayVisitRow[]>(
      ON_THE_WAY_SQL,
      [query.country, query.from, query.to, ids, ids],
      'all',
      this.logContext,
    );
  }

  /**
   * The country's visits starting after `after` and before `dayEnd` whose consumer had no morning SMS for a visit
   * between `dayStart` and `dayEnd`, a slice of MORNING_PER_SLICE by id (see MORNING_SQL).
   */
  morningVisits(query: {
    country: Country;
    after: Date;
    dayStart: Date;
    dayEnd: Date;
    orderIds?: readonly number[];
    /** The slice after this order id (0: the first). */
    afterId: number;
  }): Promise<MorningVisitRow[]> {
    const ids = pgIntArray(query.orderIds);
    return this.em.execute<MorningVisitRow[]>(
      MORNING_SQL,
      [query.country, query.after, query.dayEnd, query.dayStart, query.dayEnd, ids, ids, query.afterId],
      'all',
      this.logContext,
    );
  }

  /** Of these orders expected past their window, those still to be told so (RUNNING_LATE_SQL). */
  runningLateVisits(orderIds: readonly number[]): Promise<ThankYouVisitRow[]> {
    return this.em.execute<ThankYouVisitRow[]>(RUNNING_LATE_SQL, [pgIntArray(orderIds)], 'all', this.logContext);
  }

  /** The country's visits finished after `finishedAfter` and at most at `finishedBy` with one of these outcomes, not thanked yet. */
  thankYouVisits(query: {
    country: Country;
    outcomes: readonly VisitOutcome[];
    finishedAfter: Date;
    finishedBy: Date;
    orderIds?: readonly number[];
  }): Promise<ThankYouVisitRow[]> {
    const ids = pgIntArray(query.orderIds);
    return this.em.execute<ThankYouVisitRow[]>(
      THANK_YOU_SQL,
      [query.country, `{${query.outcomes.join(',')}}`, query.finishedAfter, query.finishedBy, ids, ids],
      'all',
      this.logContext,
    );
  }

  /** The country's recorded visits finished in the span with one of these outcomes, without their work report yet. */
  visitReportVisits(query: {
    country: Country;
    outcomes: readonly VisitOutcome[];
    finishedAfter: Date;
    finishedBy: Date;
    orderIds?: readonly number[];
  }): Promise<ThankYouVisitRow[]> {
    const ids = pgIntArray(query.orderIds);
    return this.em.execute<ThankYouVisitRow[]>(
      VISIT_REPORT_SQL,
      [query.country, `{${query.outcomes.join(',')}}`, query.finishedAfter, query.finishedBy, ids, ids],
      'all',
      this.logContext,
    );
  }

  /**
   * The order of the latest SMS sent to `recipient` (E.164) whose visit starts between `from` and `to` and is still
   * on; null when none. Messages whose window was told before `toldSince` are not looked at.
   */
  async latestTextedOrder(query: { recipient: string; toldSince: Date; from: Date; to: Date }): Promise<number | null> {
    const [row] = await this.em.execute<{ id: number }[]>(
      TEXTED_ORDER_SQL,
      [query.recipient, query.toldSince, query.from, query.to],
      'all',
      this.logContext,
    );
    return row?.id ?? null;
  }

  /** Writes the rows that are new (unique per order, kind, window and channel); resolves to their ids and channels. */
  insertNew(rows: readonly NewMessageRow[]): Promise<{ id: number; channel: MessageChannel }[]> {
    return this.em.execute<{ id: number; channel: MessageChannel }[]>(
      INSERT_SQL,
      [JSON.stringify(rows)],
      'all',
      this.logContext,
    );
  }

  /** Withdraws those of these messages that still wait unclaimed (see WITHDRAW_SQL); resolves to their ids. */
  async withdrawWaiting(messageIds: readonly number[]): Promise<number[]> {
    if (messageIds.length === 0) return [];
    const rows = await this.em.execute<{ id: number }[]>(
      WITHDRAW_SQL,
      [JSON.stringify(messageIds)],
      'all',
      this.logContext,
    );
    return rows.map((row) => row.id);
  }

  /**
   * Claims, for `seconds`, the messages among these ids that still wait and that no live sender holds (see
   * CLAIM_SQL); a statement of its own, outside any transaction.
   */
  claimQueued(messageIds: readonly number[], seconds: number): Promise<ClaimedMessageRow[]> {
    return this.em
      .getConnection()
      .execute<ClaimedMessageRow[]>(
        CLAIM_SQL,
        [seconds, JSON.stringify(messageIds)],
        'all',
        undefined,
        this.logContext,
      );
  }

  /** Writes the outcomes whose claim still holds, in one statement; resolves to the ids written. */
  async recordOutcomes(outcomes: readonly MessageOutcomeRow[]): Promise<Set<number>> {
    const rows = await this.em
      .getConnection()
      .execute<{ id: number }[]>(RECORD_SQL, [JSON.stringify(outcomes)], 'all', undefined, this.logContext);
    return new Set(rows.map((row) => row.id));
  }

  /** Ends these claims without an outcome. */
  async releaseClaims(claims: readonly { id: number; claimed_until: Date }[]): Promise<void> {
    await this.em.getConnection().execute(RELEASE_SQL, [JSON.stringify(claims)], 'run', undefined, this.logContext);
  }

  /** Up to `limit` waiting messages whose claim ran out, and when the earliest running claim ends (see ABANDONED_SQL). */
  async abandonedClaims(limit: number): Promise<{ abandoned: AbandonedClaimRow[]; nextEnd: Date | null }> {
    const connection = this.em.getConnection();
    const abandoned = await connection.execute<AbandonedClaimRow[]>(
      ABANDONED_SQL,
      [limit],
      'all',
      undefined,
      this.logContext,
    );
    const [next] = await connection.execute<{ next_end: Date | null }[]>(
      NEXT_CLAIM_END_SQL,
      [],
      'all',
      undefined,
      this.logContext,
    );
    return { abandoned, nextEnd: next?.next_end ?? null };
  }

  /** Of these messages, the ones waiting that no sender holds (see UNCLAIMED_SQL). */
  unclaimedQueued(messageIds: readonly number[]): Promise<{ id: number; channel: MessageChannel }[]> {
    if (messageIds.length === 0) return Promise.resolve([]);
    return this.em
      .getConnection()
      .execute<{ id: number; channel: MessageChannel }[]>(
        UNCLAIMED_SQL,
        [JSON.stringify(messageIds)],
        'all',
        undefined,
        this.logContext,
      );
  }

  /** The order's latest messages (at most MESSAGE_LOG_LIMIT), newest first, with when each mail was opened. */
  messageLog(orderId: number): Promise<MessageLogRow[]> {
    return this.em.getConnection().execute<MessageLogRow[]>(LOG_SQL, [orderId], 'all', undefined, this.logContext);
  }

  /** The mails sent per local day of `zone` from `start` to `end` (of one country, or of both), with their reads. */
  mailReadDays(query: { zone: string; start: Date; end: Date; country: Country | null }): Promise<MailReadDayRow[]> {
    const { zone, start, end, country } = query;
    return this.em.execute<MailReadDayRow[]>(
      mailReadSql(country),
      [zone, start, end, ...(country ? [country] : [])],
      'all',
      this.logContext,
    );
  }

  /**
   * Removes the addresses of at most `limit` messages whose visits are over by their country's cutoff, outside any
   * transaction (each batch is its own statement); resolves to how many it purged.
   */
  async purgeAddressesBatch(cutoffs: readonly PurgeCutoff[], limit: number, now: Date): Promise<number> {
    const { affectedRows } = await this.em
      .getConnection()
      .execute<{ affectedRows: number }>(
        purgeBatchSql(cutoffs.length),
        [...cutoffs.flatMap((cutoff) => [cutoff.country, cutoff.visitsBefore]), limit, now],
        'run',
        undefined,
        this.logContext,
      );
    return affectedRows;
  }
}
