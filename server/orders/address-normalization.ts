/**
 * How addresses and phone numbers are compared: the same rules when an order is stored and when a
 * consumer looks it up, so every way people type one address or number finds it.
 */

/** Postcode without whitespace, upper case: `1234 ab` → `1234AB`. */
export function normalizeZipcode(input: string): string {
  return input.replace(/\s+/g, '').toUpperCase();
}

/**
 * House number: the part before the first space and before the first hyphen; when that is not all
 * digits, only its digits. `12-3` → 12, `12 a` → 12, `12a` → 12. Null when no digits remain.
 */
export function normalizeHouseNumber(input: string): number | null {
  const head = input.trim().split(' ')[0].split('-')[0];
  const digits = /^\d+$/.test(head) ? head : head.replace(/\D+/g, '');
  if (digits === '') return null;
  const value = Number(digits);
  return Number.isSafeInteger(value) && value <= 2_147_483_647 ? value : null;
}

const COUNTRY_CALLING_CODES = ['32', '31'];

/**
 * Phone number as its national significant digits: spaces, dots, slashes, dashes and brackets go,
 * and so do `+32`, `0032` (or `+31`, `0031`) and the trunk `0`. `+32 470 12.34.56`, `0032470123456`
 * and `0470/12 34 56` all become `470123456`.
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
  if (international) {
    const code = COUNTRY_CALLING_CODES.find((candidate) => digits.startsWith(candidate));
    if (code) digits = digits.slice(code.length);
  }
  return digits.replace(/^0+/, '');
}
