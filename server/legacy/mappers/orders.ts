import type { LegacyMigrateOrdersMutation, LegacyOrderFragment } from '../legacy-operations.generated.js';
import {
  field,
  fromLegacyFlag,
  instantFromUnix,
  legacyCountry,
  legacyInt,
  toLegacyFlag,
  toUnixSeconds,
  type LegacyRequest,
} from '../legacy-values.js';

/**
 * The legacy REST shapes of orders (docs/rules.md, Legacy REST calls): field mapping only. A value that does not fit the GraphQL type
 * is passed on as it came, so the operation refuses it with BAD_USER_INPUT.
 */

/** An order as the legacy calls read it. */
export const LEGACY_ORDER = /* GraphQL */ `
  fragment LegacyOrder on Order {
    id
    referenceNumber
    name
    email
    phone
    zipcode
    houseNumber
    city
    country
    appointment
    duration
    special
    technician {
      id
      personalNumber
    }
    deleted {
      date
      admin
    }
  }
`;

/** Order (admin view): appointment in Unix seconds, flag 0/1, deleted 0 or `{date, admin}`. */
export function toLegacyOrder(order: LegacyOrderFragment, brand: string) {
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
    flag: toLegacyFlag(order.special),
    deleted: order.deleted ? { date: order.deleted.date, admin: order.deleted.admin } : 0,
  };
}

/** The technician identifier: `technician`, or the `<brand>_identifier` field of the order payloads. */
function technicianRefFrom(request: LegacyRequest): string {
  const named = field(request, 'technician');
  if (named) return named;
  const identifierKey = Object.keys(request.body).find((key) => key.endsWith('_identifier'));
  return identifierKey ? field(request, identifierKey) : '';
}

/** The create form: appointment in Unix seconds, flag 0/1, the country defaulting to the site's. */
export const createOrderInput = (request: LegacyRequest) => ({
  referenceNumber: field(request, 'reference_number'),
  name: field(request, 'name'),
  email: field(request, 'email'),
  phone: field(request, 'phone'),
  zipcode: field(request, 'zipcode'),
  houseNumber: field(request, 'house_number'),
  city: field(request, 'city'),
  country: legacyCountry(field(request, 'country')),
  appointment: instantFromUnix(field(request, 'appointment'), 'seconds'),
  duration: field(request, 'duration') ? legacyInt(field(request, 'duration')) : null,
  technician: technicianRefFrom(request),
  special: fromLegacyFlag(field(request, 'flag')),
});

export const reassignOrderInput = (request: LegacyRequest) => ({
  referenceNumber: field(request, 'reference_number'),
  technician: technicianRefFrom(request),
});

/** A technician's day: the technician, and an instant of that day in Unix milliseconds. */
export const technicianDayVariables = (request: LegacyRequest) => ({
  technician: technicianRefFrom(request),
  day: instantFromUnix(field(request, 'date'), 'milliseconds'),
});

/** `orders`: a JSON list of ids (`[1,2]`), repeated form fields, or one id. */
function idListFrom(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(legacyInt);
  if (typeof value === 'number') return [value];
  if (typeof value !== 'string') return value ?? null;
  const text = value.trim();
  try {
    const parsed: unknown = JSON.parse(text);
    return Array.isArray(parsed) || typeof parsed === 'number' ? idListFrom(parsed) : text;
  } catch {
    return legacyInt(text);
  }
}

export const migrateOrdersInput = (request: LegacyRequest) => ({
  orderIds: idListFrom(request.body.orders),
  toTechnician: technicianRefFrom(request),
});

/** The migration's answer: the order ids, the receiving technician's id and its identifier. */
export function toLegacyMigration({ orders, technician }: LegacyMigrateOrdersMutation['migrateOrders'], brand: string) {
  return {
    orders: orders.map((order) => order.id),
    technician: technician.id,
    [`${brand}_identifier`]: technician.personalNumber,
  };
}
