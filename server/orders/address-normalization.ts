/**
 * How addresses and phone numbers are compared: the same rules when an order is stored and when a
 * consumer looks it up, so every way people type one address or number finds it.
 */

/** Postcode without whitespace (also non-breaking spaces), upper case: `1234 ab` → `1234AB`. */
export function normalizeZipcode(input: string): string {
  return input.replace(/\s+/g, '').toUpperCase();
}

/** Hyphen-minus and the Unicode dashes phones and word processors put in its place. */
const DASHES = /[-\u2010-\u2015\u2212]/;

/**
 * House number: the part before the first space and before the first hyphen; when that is not all
 * digits, only its digits. `12-3` → 12, `12 a` → 12, `12a` → 12. Null when no digits remain.
 * Any whitespace counts as a space and any dash as a hyphen: `12\u00a0a` and `12–3` are typed too.
 */
export function normalizeHouseNumber(input: string): number | null {
  const head = input.trim().split(/\s/)[0].split(DASHES)[0];
  const digits = /^\d+$/.test(head) ? head : head.replace(/\D+/g, '');
  if (digits === '') return null;
  const value = Number(digits);
  return Number.isSafeInteger(value) && value <= 2_147_483_647 ? value : null;
}

const COUNTRY_CALLING_CODES = ['32', '31'];

/**
 * National significant numbers are 8 or 9 digits in Belgium and 9 in the Netherlands, so 10 or more
 * digits that start with a calling code are an international number typed without `+` or `00`.
 */
const MIN_DIGITS_WITH_BARE_CALLING_CODE = 10;

/**
 * Phone number as its national significant digits: everything but digits goes (spaces, dots,
 * slashes, dashes, brackets, letters), and so do `+32`, `0032` (or `+31`, `0031`), a bare `32`/`31`
 * in front of a number too long to be national, and the trunk `0`, also the `(0)` of
 * `+32 (0)470 ...`. `+32 470 12.34.56`, `0032470123456`, `32470123456` and `0470/12 34 56` all
 * become `470123456`.
 */
export function normalizePhone(input: string): string {
  let digits = input.trim().replace(/[^\d+]/g, '');
  let international = false;
  if (digits.startsWith('+')) {
    digits = digits.slice(1);
    international = true;
  } else if (digits.startsWith('00')) {
    digits = digits.slice(2);
    international = true;
  }
  digits = digits.replace(/\+/g, '');
  const code = COUNTRY_CALLING_CODES.find((candidate) => digits.startsWith(candidate));
  if (code && (international || digits.length >= MIN_DIGITS_WITH_BARE_CALLING_CODE)) {
    digits = digits.slice(code.length);
  }
  return digits.replace(/^0+/, '');
}
