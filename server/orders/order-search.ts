import type { EntityManager } from '@mikro-orm/postgresql';
import { AppError } from '../common/errors/app-error.js';
import { CommonError } from '../common/errors/common.errors.js';
import { Country } from '../common/locale.js';
import {
  decodeCursor,
  encodeCursor,
  pageSizeOf,
  type Connection,
  type PageArgs,
  type SortKey,
} from '../common/pagination.js';
import { SAME_CUSTOMER_ANY_COUNTRY_SQL, VISIT_LISTED_ORDER_SQL } from './customer-lookups.js';
import { normalizeHouseNumber, normalizePhone, normalizeZipcode } from './address-normalization.js';
import { Order } from './order.entity.js';
import {
  OrderSortField,
  ReplyFilter,
  SortDirection,
  type OrderFilterInput,
  type OrderSortInput,
} from './order.inputs.js';

/** Counting stops here: beyond it a dispatcher narrows the search, and an exact count of a million rows costs. */
export const ORDER_COUNT_LIMIT = 10_000;
/** Shorter text matches too much to be useful, and a trigram index cannot serve it. */
export const SEARCH_TEXT_MIN_LENGTH = 3;
const SEARCH_MAX_LENGTH = 100;
/** Fewer digits than this are not searched as a phone number: too many numbers contain them. */
const PHONE_MIN_DIGITS = 6;

/** The folded text the trigram index holds (the migration creates the same expression). */
const SEARCH_TEXT_SQL = `tijdvak_fold(o.name || ' ' || o.city || ' ' || o.email || ' ' || o.reference_number)`;

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

function searchCondition(search: string, where: Where): void {
  const text = search.trim().replace(/\s+/g, ' ');
  if (text.length > SEARCH_MAX_LENGTH) {
    throw new AppError(CommonError.BAD_USER_INPUT, { message: 'SEARCH_TOO_LONG', params: { max: SEARCH_MAX_LENGTH } });
  }
  const postcode = DUTCH_POSTCODE.exec(text);
  const belgian = BELGIAN_POSTCODE_AND_NUMBER.exec(text);
  if (postcode || belgian) {
    const zipcode = postcode ? normalizeZipcode(`${postcode[1]}${postcode[2]}`) : belgian![1];
    const houseNumber = normalizeHouseNumber((postcode ? postcode[3] : belgian![2]) ?? '');
    where.sql.push(houseNumber === null ? 'o.zipcode = ?' : 'o.zipcode = ? and o.house_number = ?');
    where.params.push(zipcode, ...(houseNumber === null ? [] : [houseNumber]));
    return;
  }
  const alternatives: string[] = [];
  const params: unknown[] = [];
  if (text.length >= SEARCH_TEXT_MIN_LENGTH) {
    alternatives.push(`${SEARCH_TEXT_SQL} like '%' || tijdvak_fold(?) || '%'`);
    params.push(escapeLike(text));
  }
  const digits = text.replace(/\D/g, '');
  if (digits.length >= PHONE_MIN_DIGITS && /^[\d\s+()./-]+$/.test(text)) {
    alternatives.push(`o.phone_normalized like ?`);
    params.push(`%${escapeLike(normalizePhone(text))}%`);
  }
  if (/^\d{4}$/.test(text)) {
    // A Belgian postcode alone, or part of a reference: both are offered.
    alternatives.push(`(o.country = '${Country.BE}' and o.zipcode = ?)`);
    params.push(text);
  }
  if (alternatives.length === 0) {
    throw new AppError(CommonError.BAD_USER_INPUT, {
      message: 'SEARCH_TOO_SHORT',
      params: { min: SEARCH_TEXT_MIN_LENGTH },
    });
  }
  where.sql.push(`(${alternatives.join(' or ')})`);
  where.params.push(...params);
}

/** The filter as SQL over `orders o` (technician already resolved to an id). */
function conditionsOf(filter: OrderFilterInput, technicianId: number | null): Where {
  const where: Where = { sql: [], params: [] };
  if (technicianId !== null) {
    where.sql.push('o.technician_id = ?');
    where.params.push(technicianId);
  }
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
  if (filter.deleted === true) where.sql.push('o.deleted_at is not null');
  if (filter.deleted === false) where.sql.push('o.deleted_at is null');
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
  if (filter.informed === true || filter.informed === false) {
    // The same rule as the order's "informed?" figure: a lookup by this customer that listed this order.
    const lookedUp = `exists (select 1 from site_visits v join orders same on same.id = v.order_id
      where ${SAME_CUSTOMER_ANY_COUNTRY_SQL} and ${VISIT_LISTED_ORDER_SQL})`;
    where.sql.push(filter.informed ? lookedUp : `not ${lookedUp}`);
  }
  if (filter.search) searchCondition(filter.search, where);
  return where;
}

/**
 * The dispatcher's order list: search, filters and any sort column, with keyset cursors (a page continues
 * strictly after the last row of the previous one, in the chosen order) and a count that stops at
 * ORDER_COUNT_LIMIT. Three statements: the page's ids, the count, the orders with their technicians.
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
  const rows = await em.execute<{ id: number; sort_value: Date | string }[]>(
    `select o.id, ${column.sql} as sort_value from orders o ${whereSql(pageWhere.sql)}
     order by ${column.sql} ${direction}, o.id ${direction} limit ?`,
    [...pageWhere.params, size + 1],
  );
  const [{ count }] = await em.execute<{ count: string }[]>(
    `select count(*) as count from (select 1 from orders o ${whereSql(where.sql)} limit ?) as matching`,
    [...where.params, ORDER_COUNT_LIMIT + 1],
  );
  const pageRows = rows.slice(0, size);
  const orders = await em.find(Order, { id: { $in: pageRows.map((row) => row.id) } }, { populate: ['technician'] });
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
  const total = Number(count);
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

/** Whether a filter or sort asks for more than the original list (technician, dates, country, reference, deleted) offers. */
export function needsSearch(
  filter: OrderFilterInput | null | undefined,
  sort: OrderSortInput | null | undefined,
): boolean {
  if (sort) return true;
  if (!filter) return false;
  return [filter.search, filter.informed, filter.reply, filter.special, filter.external].some(
    (value) => value !== null && value !== undefined,
  );
}
