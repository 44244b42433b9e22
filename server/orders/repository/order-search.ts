import type { EntityManager } from '@mikro-orm/postgresql';
import { AppError } from '../../common/errors/app-error.js';
import { CommonError } from '../../common/errors/common.errors.js';
import { Country, TIME_ZONE } from '../../common/locale.js';
import {
  decodeCursor,
  encodeCursor,
  pageSizeOf,
  type Connection,
  type PageArgs,
  type SortKey,
} from '../../common/pagination.js';
import { SAME_CUSTOMER_ANY_COUNTRY_SQL } from './customer-lookups.js';
import { normalizeHouseNumber, normalizePhone, normalizeZipcode } from '../address-normalization.js';
import { Order } from '../order.entity.js';
import {
  hasSearchableText,
  isEmailSearch,
  isPhoneSearch,
  isReferenceSearch,
  ORDER_SEARCH,
  orderSearchProblem,
  tidySearch,
} from '../../../shared/order-search.js';
import { FOLLOW_UP_WINDOW_DAYS } from '../../../shared/office-figures.js';
import { LATE_AFTER_WINDOW_END_SECONDS } from '../../../shared/visit-lateness.js';
import {
  ArrivalFilter,
  OrderSortField,
  ReplyFilter,
  VisitOutcomeFilter,
  SortDirection,
  type OrderFilterInput,
  type OrderSortInput,
} from '../order.inputs.js';
import { INCLUDING_DELETED, activeOrderSql, deletedOrderSql } from './active-orders.js';

/**
 * Counting stops here: beyond it a dispatcher narrows the search ("meer dan 1 000"), and counting costs as much as
 * reading the matches (a name that 5 000 orders match, a city of a tenth of them).
 */
export const ORDER_COUNT_LIMIT = 1_000;

/** The folded text the trigram index holds (Order.searchText, folded when the order is written). */
const SEARCH_TEXT_SQL = 'o.search_text';

const SORT_COLUMN: Record<OrderSortField, { sql: string; kind: SortKey<Order>['kind'] }> = {
  [OrderSortField.APPOINTMENT]: { sql: 'o.appointment', kind: 'date' },
  [OrderSortField.NAME]: { sql: 'o.name', kind: 'string' },
  [OrderSortField.REFERENCE_NUMBER]: { sql: 'o.reference_number', kind: 'string' },
  [OrderSortField.CITY]: { sql: 'o.city', kind: 'string' },
  [OrderSortField.ZIPCODE]: { sql: 'o.zipcode', kind: 'string' },
};

/** A Dutch postcode with an optional house number ("3511 CD 6", "3511cd"), or a Belgian one with a number ("1000 12"). */
const DUTCH_POSTCODE = /^(\d{4})\s*([a-z]{2})(?:\s*[-,]?\s*(\d+\S*))?$/i;
const BELGIAN_POSTCODE_AND_NUMBER = /^(\d{4})\s+(\d+\S*)$/;

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (char) => `\\${char}`);

interface Where {
  sql: string[];
  params: unknown[];
}

const searchRefused = (message: 'SEARCH_TOO_SHORT' | 'SEARCH_TOO_LONG' | 'SEARCH_HOUSE_NUMBER_INVALID') =>
  new AppError(CommonError.BAD_USER_INPUT, {
    message,
    params: { min: ORDER_SEARCH.minRun, max: ORDER_SEARCH.maxLength },
    fields: [{ field: 'search', message, params: { min: ORDER_SEARCH.minRun, max: ORDER_SEARCH.maxLength } }],
  });

/**
 * The search as SQL. Every alternative is served by an index (trigrams, postcode, phone): a search that would
 * give the indexes nothing to look up is refused rather than read every order (shared/order-search.ts).
 */
function searchCondition(search: string, where: Where): void {
  const text = tidySearch(search);
  const problem = orderSearchProblem(text);
  if (problem) throw searchRefused(problem);
  const postcode = DUTCH_POSTCODE.exec(text);
  const belgian = BELGIAN_POSTCODE_AND_NUMBER.exec(text);
  if (postcode || belgian) {
    const zipcode = postcode ? normalizeZipcode(`${postcode[1]}${postcode[2]}`) : belgian![1];
    const typedNumber = (postcode ? postcode[3] : belgian![2]) ?? '';
    const houseNumber = normalizeHouseNumber(typedNumber);
    // A number we cannot read (too long for any house) must not silently become the whole postcode.
    if (typedNumber !== '' && houseNumber === null) throw searchRefused('SEARCH_HOUSE_NUMBER_INVALID');
    where.sql.push(houseNumber === null ? 'o.zipcode = ?' : 'o.zipcode = ? and o.house_number = ?');
    where.params.push(zipcode, ...(houseNumber === null ? [] : [houseNumber]));
    return;
  }
  if (isEmailSearch(text)) {
    // Its own index, by the address's start: the trigrams of an address are mostly ones every address has.
    where.sql.push(`lower(o.email) like ?`);
    where.params.push(`${escapeLike(text.toLowerCase())}%`);
    return;
  }
  const alternatives: string[] = [];
  const params: unknown[] = [];
  if (!hasSearchableText(text) && isReferenceSearch(text)) {
    // Too short for the trigrams, written as a reference: that reference exactly, as typed or in capitals (a caller
    // reads "DS-3" out, the dispatcher types "ds-3"), through the unique index.
    alternatives.push('o.reference_number in (?, ?)');
    params.push(text, text.toUpperCase());
  }
  if (hasSearchableText(text)) {
    alternatives.push(`${SEARCH_TEXT_SQL} like '%' || tijdvak_fold(?) || '%'`);
    params.push(escapeLike(text));
  }
  const phoneDigits = isPhoneSearch(text) ? normalizePhone(text) : '';
  // Country codes and trunk zeros go: what remains must still be a number worth looking for.
  if (phoneDigits.length >= ORDER_SEARCH.phoneMinDigits) {
    alternatives.push(`o.phone_normalized like ?`);
    params.push(`%${escapeLike(phoneDigits)}%`);
  }
  if (/^\d{4}$/.test(text)) {
    // A Belgian postcode alone, or part of a reference: both are offered.
    alternatives.push(`(o.country = '${Country.BE}' and o.zipcode = ?)`);
    params.push(text);
  }
  if (alternatives.length === 0) throw searchRefused('SEARCH_TOO_SHORT');
  where.sql.push(`(${alternatives.join(' or ')})`);
  where.params.push(...params);
}

/** The calendar day of the order's window in its country's zone (holidays and confirmed days are calendar days). */
const LOCAL_DAY_SQL = `(o.appointment at time zone (case o.country ${Object.values(Country)
  .map((country) => `when '${country}' then '${TIME_ZONE[country]}'`)
  .join(' ')} end))::date`;

/** The technician confirmed the order's day (schedule/schedule-lock.ts: a confirmation per technician per date). */
const DAY_CONFIRMED_SQL = `exists (select 1 from schedule_confirmations sc
  where sc.technician_id = o.technician_id and sc.date = ${LOCAL_DAY_SQL})`;

const ON_HOLIDAY_SQL = `exists (select 1 from holidays h where h.country = o.country and h.date = ${LOCAL_DAY_SQL})`;

/**
 * The late rule of shared/visit-lateness.ts in SQL, from its constants: reached (`reachedAtOf`: the "Aangekomen" tap,
 * or "Afgerond" when that was skipped) after the last on-time instant is late, at it or before is on time
 * (docs/rules.md, Late visits). A test runs this and the TypeScript rule over the same rows.
 */
const REACHED_AT_SQL = `(select coalesce(s.arrived_at, s.finished_at) from visit_statuses s where s.order_id = o.id)`;
const LAST_ON_TIME_SQL = `(o.appointment + make_interval(secs => o.duration + ${LATE_AFTER_WINDOW_END_SECONDS}))`;

const ARRIVAL_SQL: Record<ArrivalFilter, string> = {
  [ArrivalFilter.REACHED]: `${REACHED_AT_SQL} is not null`,
  [ArrivalFilter.ON_TIME]: `${REACHED_AT_SQL} <= ${LAST_ON_TIME_SQL}`,
  [ArrivalFilter.LATE]: `${REACHED_AT_SQL} > ${LAST_ON_TIME_SQL}`,
};

/**
 * The whole late rule over `orders o` at an instant, its one parameter (the server's clock, never the database's):
 * reached late, or not reached while that instant is past the window (shared/visit-lateness.ts, `latenessOf`).
 */
export const LATE_AT_SQL = `(coalesce(${REACHED_AT_SQL}, ?::timestamptz) > ${LAST_ON_TIME_SQL})`;

const outcomeIn = (outcomes: readonly string[]) =>
  `exists (select 1 from visit_statuses s where s.order_id = o.id and s.outcome in (${outcomes
    .map((outcome) => `'${outcome}'`)
    .join(', ')}))`;

/** The outcomes of a finished visit (visits/visit-status.entity.ts, VisitOutcome). */
const UNREPAIRED_OUTCOMES = ['FOLLOW_UP_PARTS', 'NOT_DONE'] as const;
const VISIT_OUTCOME_SQL: Record<VisitOutcomeFilter, string> = {
  [VisitOutcomeFilter.FINISHED]: outcomeIn(['REPAIRED', ...UNREPAIRED_OUTCOMES, 'NOT_HOME']),
  [VisitOutcomeFilter.CUSTOMER_HOME]: outcomeIn(['REPAIRED', ...UNREPAIRED_OUTCOMES]),
  [VisitOutcomeFilter.REPAIRED]: outcomeIn(['REPAIRED']),
  [VisitOutcomeFilter.FOLLOW_UP_PARTS]: outcomeIn(['FOLLOW_UP_PARTS']),
  [VisitOutcomeFilter.NOT_HOME]: outcomeIn(['NOT_HOME']),
  [VisitOutcomeFilter.NOT_DONE]: outcomeIn(['NOT_DONE']),
};

/**
 * A follow-up visit: the same customer (the lookup's rule: address in NL, phone in BE) had an active order with an
 * earlier window that ended unrepaired within the window of days before (shared/office-figures.ts). Served by the
 * lookup indexes (postcode and house number, or phone, with the appointment).
 */
const FOLLOW_UP_SQL = `exists (select 1 from orders same join visit_statuses earlier on earlier.order_id = same.id
  where ${SAME_CUSTOMER_ANY_COUNTRY_SQL} and ${activeOrderSql('same')} and same.id <> o.id
    and same.appointment < o.appointment
    and same.appointment >= o.appointment - make_interval(days => ${FOLLOW_UP_WINDOW_DAYS})
    and earlier.outcome in (${UNREPAIRED_OUTCOMES.map((outcome) => `'${outcome}'`).join(', ')}))`;

const RATED_SQL = 'exists (select 1 from visit_ratings vr where vr.order_id = o.id)';

/** The filter as SQL over `orders o` (technician already resolved to an id). */
function conditionsOf(filter: OrderFilterInput, technicianId: number | null): Where {
  const where: Where = { sql: [], params: [] };
  if (technicianId !== null) {
    where.sql.push('o.technician_id = ?');
    where.params.push(technicianId);
  }
  if (filter.withoutTechnician === true) where.sql.push('o.technician_id is null');
  if (filter.withoutTechnician === false) where.sql.push('o.technician_id is not null');
  if (filter.from) {
    where.sql.push('o.appointment >= ?');
    where.params.push(filter.from);
  }
  if (filter.to) {
    where.sql.push('o.appointment < ?');
    where.params.push(filter.to);
  }
  if (filter.country) {
    where.sql.push('o.country = ?');
    where.params.push(filter.country);
  }
  if (filter.referenceNumber) {
    where.sql.push('o.reference_number = ?');
    where.params.push(filter.referenceNumber.trim());
  }
  if (filter.deleted === true) where.sql.push(deletedOrderSql('o'));
  if (filter.deleted === false) where.sql.push(activeOrderSql('o'));
  if (filter.special === true || filter.special === false) {
    where.sql.push('o.special = ?');
    where.params.push(filter.special);
  }
  if (filter.external === true) where.sql.push('o.external_company is not null');
  if (filter.external === false) where.sql.push('o.external_company is null');
  if (filter.reply) {
    const reply = {
      [ReplyFilter.NONE]: 'not exists (select 1 from consumer_replies r where r.order_id = o.id)',
      [ReplyFilter.ANY]: 'exists (select 1 from consumer_replies r where r.order_id = o.id)',
      [ReplyFilter.AT_HOME]: `exists (select 1 from consumer_replies r where r.order_id = o.id and r.answer = 'AT_HOME')`,
      [ReplyFilter.CALL_ME]: `exists (select 1 from consumer_replies r where r.order_id = o.id and r.answer = 'CALL_ME')`,
      [ReplyFilter.ACCESS_NOTE]: `exists (select 1 from consumer_replies r where r.order_id = o.id and r.access_note is not null)`,
    }[filter.reply];
    where.sql.push(reply);
  }
  if (filter.dayConfirmed === true) where.sql.push(DAY_CONFIRMED_SQL);
  if (filter.dayConfirmed === false) where.sql.push(`not ${DAY_CONFIRMED_SQL}`);
  if (filter.onHoliday === true) where.sql.push(ON_HOLIDAY_SQL);
  if (filter.onHoliday === false) where.sql.push(`not ${ON_HOLIDAY_SQL}`);
  if (filter.visitOutcome) where.sql.push(VISIT_OUTCOME_SQL[filter.visitOutcome]);
  if (filter.arrival) where.sql.push(ARRIVAL_SQL[filter.arrival]);
  if (filter.firstVisit === true) where.sql.push(`not ${FOLLOW_UP_SQL}`);
  if (filter.firstVisit === false) where.sql.push(FOLLOW_UP_SQL);
  if (filter.rated === true) where.sql.push(RATED_SQL);
  if (filter.rated === false) where.sql.push(`not ${RATED_SQL}`);
  if (filter.informed === true || filter.informed === false) {
    // The filter asks for a start (the list fills in today unless the dispatcher picks another): "informed" is
    // about coming visits. It was also what kept the rule, then worked out per order, off a million orders.
    if (!filter.from) {
      throw new AppError(CommonError.BAD_USER_INPUT, {
        message: 'INFORMED_NEEDS_FROM',
        fields: [{ field: 'from', message: 'INFORMED_NEEDS_FROM' }],
      });
    }
    // The same rule as the order's "informed?" figure (a lookup by this customer that listed this order), kept per
    // order by the database (Order.firstLookupAt), so the filter reads a column and an index, not the lookups.
    where.sql.push(filter.informed ? 'o.first_lookup_at is not null' : 'o.first_lookup_at is null');
  }
  if (filter.search) searchCondition(filter.search, where);
  return where;
}

/**
 * The filter as one SQL condition over `orders o` with its parameters, for statements that count by the list's
 * own rules (the console's overview): a figure and the list it links to can then never disagree.
 */
export function orderFilterCondition(filter: OrderFilterInput): { sql: string; params: unknown[] } {
  const where = conditionsOf(filter, null);
  return { sql: where.sql.length > 0 ? where.sql.join(' and ') : 'true', params: where.params };
}

/** Refuses, before any database work, a filter the list would refuse (a search without a word, "informed" without a start). */
export function checkOrderFilter(filter: OrderFilterInput): void {
  conditionsOf(filter, null);
}

/**
 * The ids of the orders the list's filter matches (technician already resolved to an id), in the export's order
 * (appointment, then reference), at most `limit`: what "export this selection" writes, read in the export's own
 * snapshot. Ids are integers the database gave, so the export's COPY (which takes no parameters) can carry them.
 */
export async function orderSelectionIds(
  em: EntityManager,
  filter: OrderFilterInput,
  technicianId: number | null,
  limit: number,
): Promise<number[]> {
  const where = conditionsOf(filter, technicianId);
  const rows = await em.execute<{ id: number | string }[]>(
    `select o.id from orders o ${where.sql.length > 0 ? `where ${where.sql.join(' and ')}` : ''}
     order by o.appointment, o.reference_number, o.id limit ?`,
    [...where.params, limit],
  );
  return rows.map((row) => Number(row.id));
}

/**
 * Past this many matches by the planner's estimate the count is not made: the list says "more than 1 000" at once.
 * Counting a broad search to 1 000 reads its whole trigram bitmap ("celine dubo", a name 5 000 orders share: most
 * of the request). The margin of three keeps an estimate that is somewhat high from hiding a count under 1 000.
 */
export const COUNT_SKIPPED_FROM_ESTIMATE = 3 * ORDER_COUNT_LIMIT;

/**
 * Up to this many matches by the estimate, the page and the count come from one read of up to 1 001 rows: a rare
 * search is answered from its bitmap once instead of twice (page, then count), and the rows are few.
 */
const ONE_READ_UP_TO_ESTIMATE = 300;

/** The planner's estimate of the matches (planning only, nothing is read). */
async function estimatedMatches(em: EntityManager, whereSql: string, params: unknown[]): Promise<number> {
  const [row] = await em.execute<{ 'QUERY PLAN': [{ Plan: { 'Plan Rows': number } }] | string }[]>(
    `explain (format json) select 1 from orders o ${whereSql}`,
    params,
  );
  const plan = row['QUERY PLAN'];
  const parsed = (typeof plan === 'string' ? JSON.parse(plan) : plan) as [{ Plan: { 'Plan Rows': number } }];
  return parsed[0].Plan['Plan Rows'];
}

/**
 * The dispatcher's order list: search, filters and any sort column, with keyset cursors (a page continues
 * strictly after the last row of the previous one, in the chosen order) and a count that stops at
 * ORDER_COUNT_LIMIT. The page first (the database ranks and stops at the page's end), then the count only when
 * the page does not already tell it and the planner does not expect far more than the limit; a rare search's
 * page and count in one read; then the orders with their technicians.
 */
export async function searchOrders(
  em: EntityManager,
  filter: OrderFilterInput,
  technicianId: number | null,
  sort: OrderSortInput | null | undefined,
  page: PageArgs,
): Promise<Connection<Order>> {
  const size = pageSizeOf(page.first);
  const column = SORT_COLUMN[sort?.field ?? OrderSortField.APPOINTMENT];
  const descending = sort?.direction === SortDirection.DESC;
  const where = conditionsOf(filter, technicianId);
  const pageWhere: Where = { sql: [...where.sql], params: [...where.params] };
  if (page.after) {
    const [value, id] = decodeCursor<Order>(page.after, [
      { property: 'appointment', kind: column.kind },
      { property: 'id', kind: 'number' },
    ]);
    pageWhere.sql.push(`(${column.sql}, o.id) ${descending ? '<' : '>'} (?, ?)`);
    pageWhere.params.push(value, id);
  }
  const whereSql = (conditions: string[]) => (conditions.length > 0 ? `where ${conditions.join(' and ')}` : '');
  const direction = descending ? 'desc' : 'asc';
  const estimate = await estimatedMatches(em, whereSql(where.sql), where.params);
  // A rare search's first page: every match (to the limit) in one read, so the count needs no statement of its own.
  const oneRead = !page.after && estimate <= ONE_READ_UP_TO_ESTIMATE;
  const rows = await em.execute<{ id: number; sort_value: Date | string }[]>(
    `select o.id, ${column.sql} as sort_value from orders o ${whereSql(pageWhere.sql)}
     order by ${column.sql} ${direction}, o.id ${direction} limit ?`,
    [...pageWhere.params, oneRead ? ORDER_COUNT_LIMIT + 1 : size + 1],
  );
  const countMatching = async () => {
    if (estimate >= COUNT_SKIPPED_FROM_ESTIMATE) return ORDER_COUNT_LIMIT + 1;
    const [{ count }] = await em.execute<{ count: string }[]>(
      `select count(*) as count from (select 1 from orders o ${whereSql(where.sql)} limit ?) as matching`,
      [...where.params, ORDER_COUNT_LIMIT + 1],
    );
    return Number(count);
  };
  // A first page read to its end (not full, or read with every match) found every match: that is the count.
  const total = !page.after && (oneRead || rows.length <= size) ? rows.length : await countMatching();
  const pageRows = rows.slice(0, size);
  const orders = await em.find(
    Order,
    { id: { $in: pageRows.map((row) => row.id) } },
    { ...INCLUDING_DELETED, populate: ['technician'] },
  );
  const byId = new Map(orders.map((order) => [order.id, order]));
  const edges = pageRows.flatMap((row) => {
    const node = byId.get(row.id);
    const value =
      row.sort_value instanceof Date
        ? row.sort_value
        : column.kind === 'date'
          ? new Date(row.sort_value)
          : row.sort_value;
    return node ? [{ node, cursor: encodeCursor([value, row.id]) }] : [];
  });
  return {
    edges,
    totalCount: Math.min(total, ORDER_COUNT_LIMIT),
    totalCountExact: total <= ORDER_COUNT_LIMIT,
    pageInfo: {
      startCursor: edges[0]?.cursor ?? null,
      endCursor: edges.at(-1)?.cursor ?? null,
      hasNextPage: rows.length > size,
    },
  };
}
