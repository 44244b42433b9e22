/**
 * How addresses and phone numbers are compared: the same rules when an order is stored and when a
 * consumer looks it up, so every way people type one address or number finds it.
 */
import { doorNumberPart } from '../../shared/orders.js';

/** Postcode without whitespace (also non-breaking spaces), upper case: `1234 ab` → `1234AB`. */
export function normalizeZipcode(input: string): string {
  return input.replace(/\s+/g, '').toUpperCase();
}

/**
 * House number: the part before the first space, hyphen or slash (`doorNumberPart`); when that is not all digits,
 * only its digits. `12-3` → 12, `12 a` → 12, `12a` → 12, the Belgian box `7/2` → 7. Null when no digits remain.
 * Any whitespace counts as a space and any dash as a hyphen: `12\u00a0a` and `12–3` are typed too.
 */
export function normalizeHouseNumber(input: string): number | null {
  const head = doorNumberPart(input);
  const digits = /^\d+$/.test(head) ? head : head.replace(/\D+/g, '');
  if (digits === '') return null;
  const value = Number(digits);
  return Number.isSafeInteger(value) && value <= 2_147_483_647 ? value : null;
}

/** What separates the groups of an addition, or a number from it: never part of what tells two doors apart. */
const LOOKUP_ADDITION_SEPARATORS = /[\s./\u2010-\u2015\u2212-]+/gu;

/**
 * The addition of a typed house number as a lookup compares it: what follows the number's first digits, without
 * separators (`12a`, `12-a` → `a`; `12 A` → `A`; `12-2`, `12/2` → `2`; `12` → empty). The lookup's statement
 * compares it with an order's stored addition without separators, both in PostgreSQL's lower case (one case rule for
 * both sides: orders/repository/customer-lookups.ts), so 12, 12a and 12-2 are three addresses however typed.
 */
export function lookupAdditionOf(input: string): string {
  return input
    .normalize('NFC')
    .replace(/^\D*\d+/u, '')
    .replace(LOOKUP_ADDITION_SEPARATORS, '');
}

const COUNTRY_CALLING_CODES = ['32', '31'] as const;

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
  return splitPhone(input).national;
}

interface PhoneParts {
  /** The calling code written in front (`+32`, `0032`, or a bare `32` before a long number), if any. */
  callingCode: '31' | '32' | null;
  /** Written with `+` or `00` in front. */
  international: boolean;
  national: string;
}

function splitPhone(input: string): PhoneParts {
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
  let callingCode: PhoneParts['callingCode'] = null;
  const code = COUNTRY_CALLING_CODES.find((candidate) => digits.startsWith(candidate));
  if (code && (international || digits.length >= MIN_DIGITS_WITH_BARE_CALLING_CODE)) {
    digits = digits.slice(code.length);
    callingCode = code;
  }
  return { callingCode, international, national: digits.replace(/^0+/, '') };
}

const CALLING_CODE_OF_COUNTRY = { NL: '31', BE: '32' } as const;

/** Mobile numbers as national significant digits: Dutch 6 + 8 digits, Belgian 45-49 + 7 digits. */
const MOBILE_NATIONAL: Record<'31' | '32', RegExp> = { '31': /^6\d{8}$/, '32': /^4[5-9]\d{7}$/ };

/**
 * A Dutch or Belgian mobile number, written in any notation, in E.164 (`+31612345678`); null for
 * anything else (a landline, a foreign or a malformed number), since only a mobile number takes text
 * messages. The country is the order's: it decides what a national number (`06 …`, `0470 …`) means;
 * a number with `+31`/`+32`/`0031`/`0032` in front needs none. Without a country a national number is
 * read by its mobile prefix (6 Dutch, 45-49 Belgian), so pass the country whenever it is known: a Dutch
 * landline in Heerlen (045 …) would otherwise pass for a Belgian mobile number.
 */
export function mobileNumberE164(input: string, country?: 'NL' | 'BE'): string | null {
  const { callingCode, international, national } = splitPhone(input);
  if (international && callingCode === null) return null;
  const candidates: ('31' | '32')[] = callingCode
    ? [callingCode]
    : country
      ? [CALLING_CODE_OF_COUNTRY[country]]
      : ['31', '32'];
  const code = candidates.find((candidate) => MOBILE_NATIONAL[candidate].test(national));
  return code ? `+${code}${national}` : null;
}

/**
 * An e-mail address as one mailbox: surrounding and inner whitespace removed, lower case. The local
 * part may in theory be case-sensitive, but no mail provider our consumers use treats it so, and an
 * address typed `J.Jansen@Example.nl` in one order and `j.jansen@example.nl` in the next is one person.
 */
export function normalizeEmailAddress(input: string): string {
  return input.replace(/\s+/g, '').toLowerCase();
}
