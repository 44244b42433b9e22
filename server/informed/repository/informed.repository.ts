import type { EntityManager } from '@mikro-orm/postgresql';
import type { Country } from '../../common/locale.js';
import {
  activeOrderSql,
  SAME_CUSTOMER_ANY_COUNTRY_SQL,
  SAME_CUSTOMER_SQL,
  VISIT_LISTED_ORDER_SQL,
} from '../../orders/index.js';
import type { CallStatus } from '../order-call.entity.js';

/** An instant as the driver hands it back. */
type Instant = Date | string;

/**
 * An order of the call list's day with its call of that day, whether its customer saw the window, and whether they
 * answered that they cannot be there and ask to be called.
 */
export interface CallListRow {
  id: number;
  informed: boolean;
  status: CallStatus | null;
  asks_call: boolean;
}

/** The lookups that listed an order: how many, the first and the last, and the first once the window showed. */
export interface OrderLookupsRow {
  order_id: number;
  lookups: number;
  first_at: Instant | null;
  last_at: Instant | null;
  seen_at: Instant | null;
}

/**
 * Orders of the day with their call of that day, and for each whether the customer saw the window in
 * [shown from, cutoff). The technician condition is added when the list is filtered by one.
 */
function callListSql(country: Country, byTechnician: boolean): string {
  return `
    select o.id, c.status,
           exists (select 1 from consumer_replies r where r.order_id = o.id and r.answer = 'CALL_ME') as asks_call,
           exists (select 1 from orders same join site_visits v on v.order_id = same.id
                   where ${SAME_CUSTOMER_SQL[country]} and ${VISIT_LISTED_ORDER_SQL}
                     and v.visited_at >= ? and v.visited_at < ?) as informed
    from orders o
    left join order_calls c on c.order_id = o.id and c.call_date = ?::date
    where o.country = ? and o.appointment >= ? and o.appointment < ?
      and ${activeOrderSql('o')} and o.external_company is null
      ${byTechnician ? 'and o.technician_id = ?' : ''}
    order by o.appointment, o.id`;
}

/** The lookups of each wanted order by its customer (any order the same lookup finds), in one statement. */
function lookupsSql(count: number): string {
  const values = Array.from({ length: count }, () => '(?::int, ?::timestamptz)').join(', ');
  return `
    with wanted (order_id, shown_from) as (values ${values})
    select w.order_id, count(v.id)::int as lookups,
           min(v.visited_at) as first_at, max(v.visited_at) as last_at,
           min(v.visited_at) filter (where v.visited_at >= w.shown_from) as seen_at
    from wanted w
    join orders o on o.id = w.order_id
    join orders same on ${SAME_CUSTOMER_ANY_COUNTRY_SQL}
    left join site_visits v on v.order_id = same.id and ${VISIT_LISTED_ORDER_SQL}
    group by w.order_id`;
}

/**
 * The statements of "Informed?" and the call list. The services keep the rules (which day is called, who stays on the
 * list, in what order) and ask here for the rows.
 */
export class InformedRepository {
  constructor(private readonly em: EntityManager) {}

  /**
   * The country's active, non-external orders from `start` to `end` (of one technician when given), by appointment,
   * each with its call on `callDate` and whether its customer looked the window up in [`seenFrom`, `seenBefore`).
   */
  callListRows(query: {
    country: Country;
    start: Date;
    end: Date;
    callDate: string;
    seenFrom: Date;
    seenBefore: Date;
    technicianId: number | null;
  }): Promise<CallListRow[]> {
    const { country, technicianId } = query;
    return this.em.execute<CallListRow[]>(callListSql(country, technicianId !== null), [
      query.seenFrom,
      query.seenBefore,
      query.callDate,
      country,
      query.start,
      query.end,
      ...(technicianId === null ? [] : [technicianId]),
    ]);
  }

  /** The lookups that listed each order, and the first one at or after the order's `shownFrom`; none for no lookups. */
  lookupsOf(orders: readonly { id: number; shownFrom: Date }[]): Promise<OrderLookupsRow[]> {
    return this.em.execute<OrderLookupsRow[]>(
      lookupsSql(orders.length),
      orders.flatMap((order) => [order.id, order.shownFrom]),
    );
  }
}
