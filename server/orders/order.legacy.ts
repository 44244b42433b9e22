import { field, type LegacyRequest } from '../rest/rest-route.js';

/**
 * The legacy REST shapes of orders (docs/rules.md, Legacy REST calls): field mapping only. A value that does
 * not fit the GraphQL type is passed on as it came, so the operation refuses it with BAD_USER_INPUT.
 */

/** An order as the GraphQL operations of the legacy calls select it. */
export interface LegacyOrderSource {
  id: number;
  referenceNumber: string;
  name: string;
  email: string;
  phone: string;
  zipcode: string;
  houseNumber: number;
  city: string;
  country: string;
  appointment: string;
  duration: number;
  special: boolean;
  technician: { id: number; personalNumber: string } | null;
  deleted: { date: string; admin: string } | null;
}

export const ORDER_LEGACY_FIELDS = `id referenceNumber name email phone zipcode houseNumber city country appointment duration special
  technician { id personalNumber }
  deleted { date admin }`;

const toUnixSeconds = (iso: string) => Math.floor(Date.parse(iso) / 1000);

/** Order (admin view): appointment in Unix seconds, flag 0/1, deleted 0 or `{date, admin}`. */
export function toLegacyOrder(order: LegacyOrderSource, brand: string) {
  return {
    id: order.id,
    name: order.name,
    email: order.email,
    city: order.city,
    house_number: order.houseNumber,
    zipcode: order.zipcode,
    phone: order.phone,
    reference_number: order.referenceNumber,
    country: order.country,
    appointment: toUnixSeconds(order.appointment),
    duration: order.duration,
    [`${brand}_identifier`]: order.technician?.personalNumber ?? null,
    flag: order.special ? 1 : 0,
    deleted: order.deleted ? { date: order.deleted.date, admin: order.deleted.admin } : 0,
  };
}

const WHOLE_NUMBER = /^-?\d+$/;

/** A whole number when the text is one, else the text itself. */
export function wholeNumberOr(raw: string): number | string {
  return WHOLE_NUMBER.test(raw) ? Number(raw) : raw;
}

/** Unix seconds (create) or milliseconds (technician day) as an ISO instant; null when absent. */
export function instantFrom(raw: string, unit: 'seconds' | 'milliseconds'): string | null {
  if (raw === '') return null;
  if (!WHOLE_NUMBER.test(raw)) return raw;
  const date = new Date(Number(raw) * (unit === 'seconds' ? 1000 : 1));
  return Number.isNaN(date.getTime()) ? raw : date.toISOString();
}

/** The legacy flag: 1 a special order, 0 (or absent) not. */
export function flagFrom(raw: string): boolean | string {
  if (raw === '1' || raw === 'true') return true;
  if (raw === '0' || raw === 'false' || raw === '') return false;
  return raw;
}

/** The technician identifier: `technician`, or the `<brand>_identifier` field of the order payloads. */
export function technicianRefFrom(request: LegacyRequest): string {
  const named = field(request, 'technician');
  if (named) return named;
  const identifierKey = Object.keys(request.body).find((key) => key.endsWith('_identifier'));
  return identifierKey ? field(request, identifierKey) : '';
}

/** `orders`: a JSON list of ids (`[1,2]`), repeated form fields, or one id. */
export function idListFrom(value: unknown): unknown {
  if (Array.isArray(value))
    return (value as unknown[]).map((item) => (typeof item === 'string' ? wholeNumberOr(item.trim()) : item));
  if (typeof value === 'number') return [value];
  if (typeof value !== 'string') return value ?? null;
  const text = value.trim();
  try {
    const parsed: unknown = JSON.parse(text);
    return Array.isArray(parsed) || typeof parsed === 'number' ? idListFrom(parsed) : text;
  } catch {
    return wholeNumberOr(text);
  }
}
