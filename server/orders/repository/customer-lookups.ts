import { Country } from '../../common/locale.js';
import { activeOrderSql } from './active-orders.js';

/**
 * The lookups of one customer are the site visits recorded on any order that the same lookup finds:
 * same postcode and house number in the Netherlands, same phone number in Belgium, same country
 * (consumers/lookup-key.ts). A lookup lists every such order from that day on, but is recorded on the
 * nearest only, so "did the customer see this order's window" must look at all of them.
 * `o` is the order in question, `same` the order a visit was recorded on.
 */
export const SAME_CUSTOMER_SQL: Record<Country, string> = {
  [Country.NL]: `same.country = o.country and same.zipcode = o.zipcode and same.house_number = o.house_number`,
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

/** Which orders a lookup matches besides country, deletion and date (consumers/lookup-key.ts). */
export type LookupMatch = { zipcode: string; houseNumber: number } | { phoneNormalized: string };

/**
 * The orders a consumer lookup finds, nearest first, as one scalar JSON array (`[]` for none), to be embedded
 * in a larger statement: the lookup reads them in the same round trip as it counts its rate limits. Uses the
 * address and phone lookup indexes (postcode, house number, appointment / phone, appointment).
 */
export function lookedUpOrdersSql(
  match: LookupMatch,
  country: Country,
  from: Date,
  limit: number,
): { sql: string; params: unknown[] } {
  const [condition, values] =
    'phoneNormalized' in match
      ? ['phone_normalized = ?', [match.phoneNormalized]]
      : ['zipcode = ? and house_number = ?', [match.zipcode, match.houseNumber]];
  return {
    sql: `(select coalesce(json_agg(json_build_array(found.id, found.appointment, found.external_company)), '[]')
      from (select id, appointment, external_company from orders
        where ${condition} and country = ? and ${activeOrderSql('orders')} and appointment >= ?
        order by appointment, id limit ${Math.floor(limit)}) as found)`,
    // An ISO text, not a Date: `pg` formats a Date in the process's zone, field by field, for every bind.
    params: [...values, country, from.toISOString()],
  };
}

/** The rows of `lookedUpOrdersSql`, as read back from its JSON. */
export function lookedUpOrdersOf(json: unknown): LookedUpOrder[] {
  const rows = (typeof json === 'string' ? JSON.parse(json) : json) as [number, string, number | null][];
  return rows.map(([id, appointment, externalCompany]) => ({
    id,
    appointment: new Date(appointment),
    externalCompany,
  }));
}
