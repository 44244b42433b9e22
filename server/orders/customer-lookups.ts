import { Country } from '../common/locale.js';

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
