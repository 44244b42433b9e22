/** Rules for an order's customer fields, on the server (create and import) and on the order screens. No imports. */

/** Longest value of each text field (the database columns have these sizes). */
export const ORDER_FIELD_MAX_LENGTH = {
  referenceNumber: 64,
  name: 200,
  email: 254,
  phone: 40,
  city: 100,
  street: 200,
  houseNumberAddition: 10,
} as const;

/**
 * A house-number addition as stored: letters and digits, groups joined by one space, `-`, `/` or `.`
 * ("a", "2", "bis", "A 1", "1/2"). The separator people type before it ("12-2", "12 bis") is not stored.
 */
export const HOUSE_NUMBER_ADDITION_PATTERN = /^[\p{L}\p{N}]+(?:[ ./-][\p{L}\p{N}]+)*$/u;

/**
 * What ends the door number of a house number as people type it: a space, a dash, or the slash of a Belgian box
 * ("7/2" is door 7, box 2; never 72). What follows it is the addition.
 */
const DOOR_NUMBER_END = /[\s/\u2010-\u2015\u2212-]/u;

/** The door number part of a typed house number: before its first space, dash or slash ("12a", "12-2", "7/2"). */
export function doorNumberPart(typed: string): string {
  return typed.trim().split(DOOR_NUMBER_END)[0];
}

/** The addition as stored: NFC, trimmed, inner whitespace one space, without the separator typed before it. */
export function normalizeHouseNumberAddition(typed: string): string {
  return typed
    .normalize('NFC')
    .replace(/\s+/gu, ' ')
    .replace(/^[\s./\u2010-\u2015\u2212-]+/u, '')
    .trim();
}

/**
 * A house number with its addition as people write it: one letter right after the number ("12a"), digits after a
 * hyphen ("12-2"), anything else after a space ("12 bis").
 */
export function houseNumberAsWritten(houseNumber: number, addition: string | null | undefined): string {
  if (!addition) return String(houseNumber);
  if (/^\p{L}$/u.test(addition)) return `${houseNumber}${addition}`;
  if (/^\p{N}/u.test(addition)) return `${houseNumber}-${addition}`;
  return `${houseNumber} ${addition}`;
}

/** Reference numbers: letters and digits, `.`, `_`, `/` and `-` inside. */
export const REFERENCE_NUMBER_PATTERN = /^[\p{L}\p{N}][\p{L}\p{N}._/-]*$/u;

/** A postcode as stored (spaces removed, letters upper case): 1234AB in the Netherlands, 1000 in Belgium. */
export const ZIPCODE_PATTERN = { NL: /^\d{4}[A-Z]{2}$/, BE: /^\d{4}$/ } as const;

/** Digits of a stored phone number (without country code or leading 0). */
export const PHONE_DIGITS = { min: 6, max: 20 } as const;

/** Years the planning works with; anything else is a typo (0202, 20266) rather than a plan. */
export const PLANNING_YEARS = { first: 2000, last: 2099 } as const;

/**
 * How long the admin console offers to undo a delete or a reassignment: long enough to notice a slip, short enough
 * not to undo someone else's work. The consumer hears of such a change only after it, so an undone one says nothing.
 */
export const UNDO_SECONDS = 10;
