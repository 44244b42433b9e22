/** Rules for an order's customer fields, on the server (create and import) and on the order screens. No imports. */

/** Longest value of each text field (the database columns have these sizes). */
export const ORDER_FIELD_MAX_LENGTH = { referenceNumber: 64, name: 200, email: 254, phone: 40, city: 100 } as const;

/** Reference numbers: letters and digits, `.`, `_`, `/` and `-` inside. */
export const REFERENCE_NUMBER_PATTERN = /^[\p{L}\p{N}][\p{L}\p{N}._/-]*$/u;

/** A postcode as stored (spaces removed, letters upper case): 1234AB in the Netherlands, 1000 in Belgium. */
export const ZIPCODE_PATTERN = { NL: /^\d{4}[A-Z]{2}$/, BE: /^\d{4}$/ } as const;

/** Digits of a stored phone number (without country code or leading 0). */
export const PHONE_DIGITS = { min: 6, max: 20 } as const;

/** Years the planning works with; anything else is a typo (0202, 20266) rather than a plan. */
export const PLANNING_YEARS = { first: 2000, last: 2099 } as const;
