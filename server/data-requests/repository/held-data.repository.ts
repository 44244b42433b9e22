import type { EntityManager } from '@mikro-orm/postgresql';
import { arrayLiteral } from '../../common/db/array-literal.js';
import type { DataSubject, HeldRow, PersonalDataHolder } from '../../common/personal-data.js';

/** Rows per holder and person at most: a person's orders have a few each (replies, messages, lookups). */
const ROWS_PER_HOLDER = 1000;

/**
 * The values the audit trail records of an order that name or describe the person (audit/order-values.ts): removed
 * from the trail's before and after when the order is anonymised; what was planned, done and counted stays.
 */
export const PERSONAL_ORDER_VALUES = [
  'name',
  'email',
  'phone',
  'zipcode',
  'street',
  'houseNumber',
  'houseNumberAddition',
  'city',
  'accessNote',
  'visitNote',
  'callNote',
] as const;

/** A time as the driver hands it over when it is read as text: `2026-11-02 07:00:00.123+00`. */
const TIMESTAMP = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}(\.\d+)?[+-]\d{2}(:\d{2})?$/;

/** The rows with their times as times, so the export writes them as times (ISO in JSON, local on the page). */
export function withTimes<T extends HeldRow>(rows: T[]): T[] {
  for (const row of rows) {
    for (const [key, value] of Object.entries(row)) {
      if (typeof value === 'string' && TIMESTAMP.test(value)) Object.assign(row, { [key]: new Date(value) });
    }
  }
  return rows;
}

/** A holder of rows that hang on the person's orders: `columns` as the export names them, `blank` for an erase. */
function orderRows(
  name: string,
  table: string,
  columns: string,
  order: string,
  /** The statement's `set ... where` tail that blanks the person's data; null when the rows hold none to remove. */
  erase: { set: string; where: string } | 'delete' | null,
): PersonalDataHolder {
  return {
    name,
    async find(em: EntityManager, subject: DataSubject): Promise<HeldRow[]> {
      if (subject.orderIds.length === 0) return [];
      return withTimes(
        await em.execute<HeldRow[]>(
          `select ${columns} from ${table} where order_id = any(?::int[]) order by ${order} limit ${ROWS_PER_HOLDER}`,
          [arrayLiteral(subject.orderIds)],
        ),
      );
    },
    async erase(em: EntityManager, subject: DataSubject): Promise<number> {
      if (erase === null || subject.orderIds.length === 0) return 0;
      const sql =
        erase === 'delete'
          ? `delete from ${table} where order_id = any(?::int[])`
          : `update ${table} set ${erase.set} where order_id = any(?::int[]) and (${erase.where})`;
      const { affectedRows } = await em.execute<{ affectedRows: number }>(sql, [arrayLiteral(subject.orderIds)], 'run');
      return affectedRows;
    },
  };
}

/**
 * The consumer's replies: the answer stays (the order list's reply filter counts it), the access note goes; a reply
 * that was a note alone goes whole (a reply holds an answer or a note).
 */
export const consumerRepliesHolder: PersonalDataHolder = {
  ...orderRows(
    'consumerReplies',
    'consumer_replies',
    `order_id as "orderId", answer, access_note as "accessNote", created_at as "createdAt", updated_at as "updatedAt"`,
    'order_id',
    null,
  ),
  async erase(em: EntityManager, subject: DataSubject): Promise<number> {
    if (subject.orderIds.length === 0) return 0;
    const ids = arrayLiteral(subject.orderIds);
    const removed = await em.execute<{ affectedRows: number }>(
      `delete from consumer_replies where order_id = any(?::int[]) and answer is null`,
      [ids],
      'run',
    );
    const blanked = await em.execute<{ affectedRows: number }>(
      `update consumer_replies set access_note = null where order_id = any(?::int[]) and access_note is not null`,
      [ids],
      'run',
    );
    return removed.affectedRows + blanked.affectedRows;
  },
};

/** The ratings: the score stays (the figures average it), the comment goes. */
export const visitRatingsHolder = orderRows(
  'visitRatings',
  'visit_ratings',
  `order_id as "orderId", score, comment, created_at as "createdAt", updated_at as "updatedAt"`,
  'order_id',
  { set: 'comment = null', where: 'comment is not null' },
);

/** The technician's visit status: stages, times and outcome stay (the figures), the note goes. */
export const visitStatusesHolder = orderRows(
  'visitStatuses',
  'visit_statuses',
  `order_id as "orderId", stage, outcome, note, expected_arrival as "expectedArrival", on_the_way_at as "onTheWayAt",
   arrived_at as "arrivedAt", finished_at as "finishedAt"`,
  'order_id',
  { set: 'note = null', where: 'note is not null' },
);

/** The call list's calls: the status stays, the note goes. */
export const orderCallsHolder = orderRows(
  'orderCalls',
  'order_calls',
  `order_id as "orderId", call_date::text as "callDate", status, note, set_at as "setAt"`,
  'order_id, call_date',
  { set: 'note = null', where: 'note is not null' },
);

/**
 * The messages sent to the person: kind, channel, status and times stay (the figures of mails sent and read), the
 * address goes, and so does the transport's error text, which may quote it.
 */
export const consumerMessagesHolder = orderRows(
  'consumerMessages',
  'consumer_messages',
  `order_id as "orderId", kind, channel, recipient, status, created_at as "createdAt", sent_at as "sentAt",
   failed_at as "failedAt", failure_code as "failureCode"`,
  'order_id, id',
  {
    set: 'recipient = null, last_error = null, purged_at = coalesce(purged_at, now())',
    where: 'recipient is not null or last_error is not null',
  },
);

/** The consumer's lookups (site visits): time, browser and system stay (the statistics), the full user agent goes. */
export const siteVisitsHolder = orderRows(
  'siteVisits',
  'site_visits',
  `order_id as "orderId", visited_at as "visitedAt", browser, os, user_agent as "userAgent"`,
  'order_id, visited_at',
  { set: `user_agent = ''`, where: `user_agent <> ''` },
);

/** When a mail was opened: no more than a time, kept for the mail-read figures. */
export const mailOpensHolder = orderRows(
  'mailOpens',
  'mail_opens',
  `order_id as "orderId", opened_at as "openedAt"`,
  'order_id, opened_at',
  null,
);

/** The text messages the consumer sent back: what they did, removed with the sender's keyed hash. */
export const inboundSmsHolder = orderRows(
  'inboundSms',
  'inbound_sms',
  `order_id as "orderId", received_at as "receivedAt", action`,
  'order_id, received_at',
  'delete',
);

/** The audit trail of the orders: what happened stays, the values that name or describe the person go. */
export const orderHistoryHolder: PersonalDataHolder = {
  name: 'orderHistory',
  async find(em: EntityManager, subject: DataSubject): Promise<HeldRow[]> {
    if (subject.orderIds.length === 0) return [];
    return withTimes(
      await em.execute<HeldRow[]>(
        `select order_id as "orderId", occurred_at as "at", kind, before::text as "before", after::text as "after"
         from order_events where order_id = any(?::int[]) order by order_id, id limit ${ROWS_PER_HOLDER}`,
        [arrayLiteral(subject.orderIds)],
      ),
    );
  },
  async erase(em: EntityManager, subject: DataSubject): Promise<number> {
    if (subject.orderIds.length === 0) return 0;
    const personal = arrayLiteral(PERSONAL_ORDER_VALUES);
    const { affectedRows } = await em.execute<{ affectedRows: number }>(
      `update order_events set before = before - ?::text[], after = after - ?::text[]
        where order_id = any(?::int[])
          and (jsonb_exists_any(before, ?::text[]) or jsonb_exists_any(after, ?::text[]))`,
      [personal, personal, arrayLiteral(subject.orderIds), personal, personal],
      'run',
    );
    return affectedRows;
  },
};
