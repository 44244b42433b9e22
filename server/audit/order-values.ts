/** One recorded value: JSON scalars only, so events written by services and by SQL read alike. */
export type OrderValue = string | number | boolean | null;

/**
 * Values of an order before or after a change, keyed by the `Order` GraphQL field name
 * (`appointment`, `technician`, ...). Instants are ISO 8601 (UTC, milliseconds), the technician is
 * the personal number (it never changes, unlike a name). Other domains may add their own keys
 * (e.g. the consumer reply); the history lists unknown keys after the known ones.
 */
export type OrderValues = Readonly<Record<string, OrderValue>>;

/** The fields a history shows, in this order (those of the order screen, then the consumer reply). */
export const ORDER_VALUE_FIELDS = [
  'referenceNumber',
  'name',
  'email',
  'phone',
  'zipcode',
  'street',
  'houseNumber',
  'houseNumberAddition',
  'city',
  'country',
  'appointment',
  'duration',
  'technician',
  'special',
  'externalCompany',
  'deleted',
  // The consumer reply (server/replies).
  'answer',
  'accessNote',
  // The technician's visit status (server/visits).
  'visitStage',
  'expectedArrival',
  'visitOutcome',
  'visitNote',
  // The consumer's rating (server/ratings).
  'ratingScore',
  // The call list's call (server/informed).
  'callStatus',
  'callNote',
  // The technician's visit record (server/visit-records).
  'applianceBrand',
  'applianceModel',
  'applianceSerialNumber',
  'partsUsed',
  'partsNeeded',
  'officeNote',
  'consumerNote',
  'visitPhoto',
  'visitPhotoForConsumer',
  'visitSignedAt',
] as const;

export type OrderValueField = (typeof ORDER_VALUE_FIELDS)[number];

/** The fields of an order the history records (an `Order` has them all). */
interface OrderSnapshot {
  referenceNumber: string;
  name: string;
  email: string;
  phone: string;
  zipcode: string;
  street: string | null;
  houseNumber: number;
  houseNumberAddition: string | null;
  city: string;
  country: string;
  appointment: Date;
  duration: number;
  special: boolean;
  externalCompany: number | null;
  technician: { personalNumber: string } | null;
}

/**
 * Every field of an order as the history records it; the same keys and formats as
 * `orderValuesSql` (import-audit-sql.ts), so imported and hand-made events compare equal.
 * The technician must be loaded (not a bare reference).
 */
export function orderValues(order: OrderSnapshot): OrderValues {
  return {
    referenceNumber: order.referenceNumber,
    name: order.name,
    email: order.email,
    phone: order.phone,
    zipcode: order.zipcode,
    // Optional parts of the address are recorded only when set: a history of an order without them reads as before.
    ...(order.street === null ? {} : { street: order.street }),
    houseNumber: order.houseNumber,
    ...(order.houseNumberAddition === null ? {} : { houseNumberAddition: order.houseNumberAddition }),
    city: order.city,
    country: order.country,
    appointment: order.appointment.toISOString(),
    duration: order.duration,
    technician: order.technician?.personalNumber ?? null,
    special: order.special,
    externalCompany: order.externalCompany,
  };
}

/** The chosen fields of `values` only. */
export function pickValues(values: OrderValues, fields: readonly string[]): OrderValues {
  return Object.fromEntries(
    fields.filter((field) => Object.hasOwn(values, field)).map((field) => [field, values[field]]),
  );
}

/** The fields whose value differs between `before` and `after`, as the two halves of one event. */
export function changedValues(before: OrderValues, after: OrderValues): { before: OrderValues; after: OrderValues } {
  const fields = [...new Set([...Object.keys(before), ...Object.keys(after)])].filter(
    (field) => (before[field] ?? null) !== (after[field] ?? null),
  );
  return { before: pickValues(before, fields), after: pickValues(after, fields) };
}
