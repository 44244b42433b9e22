/**
 * Moving a visit from the personal link (docs/rules.md, Rescheduling an order): the windows it offers, how long a move can
 * be undone and the bounds of the per-country settings, as the server applies them and the pages show them. No imports.
 */

/** The start hours of the windows a move offers on a day: morning, midday and afternoon, three hours each. */
export const MOVE_WINDOW_HOURS = [8, 11, 14] as const;

/** A move by the consumer can be undone this long; its messages wait until then (an undone move tells nothing). */
export const MOVE_UNDO_MINUTES = 5;

/** At most this many offers in one answer: a phone screen, not a calendar. */
export const MOVE_OFFERS_MAX = 12;

/** The settings of self-service per country, and their bounds (an admin edits them). */
export const MOVE_SETTING_DEFAULTS = { enabled: true, daysAhead: 14, capacityPerDay: 6 } as const;
export const MOVE_DAYS_AHEAD = { min: 1, max: 60 } as const;
export const MOVE_CAPACITY = { min: 1, max: 30 } as const;

/**
 * The area of a postcode: its first two digits, in the Netherlands ("3511 CD" → "35") and in Belgium ("1000" →
 * "10"). Another technician is offered only where he already works in the visit's area that day.
 */
export function postcodeAreaOf(zipcode: string): string | null {
  const digits = zipcode.replace(/\D/gu, '');
  return digits.length >= 2 ? digits.slice(0, 2) : null;
}
