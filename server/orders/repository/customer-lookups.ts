import { Country } from '../../common/locale.js';
import { activeOrderSql } from './active-orders.js';

/**
 * An order's stored addition as a lookup compares it: without separators (orders store `a`, `A 1`, `2/3`), in lower
 * case. The triggers that keep "informed?" use the same (migration first_lookup_by_door).
 */
const lookupAdditionSql = (table: string) =>
  `lower(translate(coalesce(${table}.house_number_addition, ''), ' ./-', ''))`;

/**
 * The lookups of one customer are the site visits recorded on any order that the same lookup finds:
 * same postcode, house number and addition in the Netherlands, same phone number in Belgium, same country
 * (consumers/lookup-key.ts). A lookup lists every such order from that day on, but is recorded on the
 * nearest only, so "did the customer see this order's window" must look at all of them.
 * `o` is the order in question, `same` the order a visit was recorded on.
 */
export const SAME_CUSTOMER_SQL: Record<Country, string> = {
  [Country.NL]: `same.country = o.country and same.zipcode = o.zipcode and same.house_number = o.house_number
    and ${lookupAdditionSql('same')} = ${lookupAdditionSql('o')}`,
  [Country.BE]: `same.country = o.country and same.phone_normalized = o.phone_normalized`,
};

/** Either country, for a batch of orders of both. */
export const SAME_CUSTOMER_ANY_COUNTRY_SQL = `((o.country = 'NL' and ${SAME_CUSTOMER_SQL[Country.NL]})
  or (o.country = 'BE' and ${SAME_CUSTOMER_SQL[Country.BE]}))`;

/** A visit `v` listed order `o`: made after the order existed and before its window ended. */
export const VISIT_LISTED_ORDER_SQL = `v.visited_at >= o.created_at
  and v.visited_at < o.appointment + make_interval(secs => o.duration)`;

/** What a consumer lookup needs of each order it finds: no more, and no entity to build. */
export interface LookedUpOrder {
  id: number;
  appointment: Date;
  externalCompany: number | null;
}

/**
 * Which orders a lookup matches besides country, deletion and date (consumers/lookup-key.ts). An address names its
 * addition as `lookupAdditionOf` reads it (empty for none): 12, 12a and 12-2 are three addresses.
 */
export type LookupMatch = { zipcode: string; houseNumber: number; addition: string } | { phoneNormalized: string };

/** What a lookup found: its orders, and whether the number it typed without addition has visits only with one. */
export interface LookedUpOrders {
  orders: LookedUpOrder[];
  /** No visit at the number as typed (no addition), but visits at it with an addition: the consumer must say which. */
  additionNeeded: boolean;
}

/**
 * The orders a consumer lookup finds, nearest first, as one scalar JSON array `[orders, additionNeeded]`, to be
 * embedded in a larger statement: the lookup reads them in the same round trip as it counts its rate limits. Uses the
 * address and phone lookup indexes (postcode, house number, appointment / phone, appointment); the addition is
 * compared on the few rows of one number. Every lookup of a shape runs the same statement, found or not.
 */
export function lookedUpOrdersSql(
  match: LookupMatch,
  country: Country,
  from: Date,
  limit: number,
): { sql: string; params: unknown[] } {
  // An ISO text, not a Date: `pg` formats a Date in the process's zone, field by field, for every bind.
  const since = from.toISOString();
  const found = (condition: string) => `(select coalesce(json_agg(json_build_array(found.id, found.appointment,
      found.external_company)), '[]')
      from (select id, appointment, external_company from orders
        where ${condition} and country = ? and ${activeOrderSql('orders')} and appointment >= ?
        order by appointment, id limit ${Math.floor(limit)}) as found)`;
  if ('phoneNormalized' in match) {
    return {
      sql: `json_build_array(${found('phone_normalized = ?')}, false)`,
      params: [match.phoneNormalized, country, since],
    };
  }
  const atNumber = `zipcode = ? and house_number = ?`;
  const number = [match.zipcode, match.houseNumber];
  return {
    sql: `json_build_array(${found(`${atNumber} and ${lookupAdditionSql('orders')} = lower(?)`)},
      ? = '' and exists (select from orders where ${atNumber} and house_number_addition is not null
        and country = ? and ${activeOrderSql('orders')} and appointment >= ?))`,
    params: [...number, match.addition, country, since, match.addition, ...number, country, since],
  };
}

/** The answer of `lookedUpOrdersSql`, as read back from its JSON. */
export function lookedUpOrdersOf(json: unknown): LookedUpOrders {
  const [rows, additionNeeded] = (typeof json === 'string' ? JSON.parse(json) : json) as [
    [number, string, number | null][],
    boolean,
  ];
  const orders = rows.map(([id, appointment, externalCompany]) => ({
    id,
    appointment: new Date(appointment),
    externalCompany,
  }));
  return { orders, additionNeeded: additionNeeded && orders.length === 0 };
}
