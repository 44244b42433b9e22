import { ZIPCODE_PATTERN } from '../../shared/orders.js';
import { AppError, type FieldProblem } from '../common/errors/app-error.js';
import { CommonError } from '../common/errors/common.errors.js';
import { Country } from '../common/locale.js';
import { lookupAdditionOf, normalizeHouseNumber, normalizePhone, normalizeZipcode } from '../orders/index.js';
import type { LookUpVisitsInput } from './consumer.inputs.js';

/** Longest input accepted as typed; longer is not an address or a phone number. */
const MAX_TYPED_LENGTH = { zipcode: 16, houseNumber: 32, phoneNumber: 40 } as const;
/** Fewer digits than any stored number has (orders need at least 6); more than any real number. */
const PHONE_DIGITS = { min: 6, max: 15 } as const;

/** A normalised lookup: what to search for, and the key its per-address rate limit counts under. */
export interface LookupKey {
  country: Country;
  /** Rows to match besides country, deletion and date; an address with its addition (empty for none). */
  where: { zipcode: string; houseNumber: number; addition: string } | { phoneNormalized: string };
  /**
   * The same address or number always gives the same key, however it was typed. One key for a number and all its
   * additions: trying the additions of one building counts against one limit.
   */
  rateLimitKey: string;
  /** Which kind of lookup, for the not-found text. */
  by: 'address' | 'phone';
}

function typed(
  input: LookUpVisitsInput,
  field: keyof typeof MAX_TYPED_LENGTH,
  problems: FieldProblem[],
): string | undefined {
  const value = (input[field] ?? '').trim();
  if (value === '') problems.push({ field, message: 'FIELD_REQUIRED' });
  else if (value.length > MAX_TYPED_LENGTH[field]) {
    problems.push({ field, message: 'FIELD_TOO_LONG', params: { max: MAX_TYPED_LENGTH[field] } });
  } else return value;
  return undefined;
}

/**
 * Turns what the consumer typed into a lookup (docs/rules.md, Consumer lookup): NL by postcode and house number with
 * its addition, BE by phone number, each normalised the way orders store them. Every problem is reported with its
 * field, in one BAD_USER_INPUT.
 */
export function lookupKeyOf(country: Country, input: LookUpVisitsInput): LookupKey {
  const problems: FieldProblem[] = [];
  let key: LookupKey | undefined;
  if (country === Country.BE) {
    const phone = typed(input, 'phoneNumber', problems);
    const digits = phone === undefined ? '' : normalizePhone(phone);
    if (phone !== undefined && (digits.length < PHONE_DIGITS.min || digits.length > PHONE_DIGITS.max)) {
      problems.push({ field: 'phoneNumber', message: 'INVALID_PHONE' });
    } else if (phone !== undefined) {
      key = { country, where: { phoneNormalized: digits }, rateLimitKey: `${country}:phone:${digits}`, by: 'phone' };
    }
  } else {
    const zipcodeTyped = typed(input, 'zipcode', problems);
    const houseNumberTyped = typed(input, 'houseNumber', problems);
    const zipcode = zipcodeTyped === undefined ? '' : normalizeZipcode(zipcodeTyped);
    const houseNumber = houseNumberTyped === undefined ? null : normalizeHouseNumber(houseNumberTyped);
    if (zipcodeTyped !== undefined && !ZIPCODE_PATTERN.NL.test(zipcode)) {
      problems.push({ field: 'zipcode', message: 'INVALID_ZIPCODE_NL' });
    }
    if (houseNumberTyped !== undefined && (houseNumber === null || houseNumber < 1)) {
      problems.push({ field: 'houseNumber', message: 'INVALID_LOOKUP_HOUSE_NUMBER' });
    }
    if (problems.length === 0 && houseNumber !== null) {
      key = {
        country,
        where: { zipcode, houseNumber, addition: lookupAdditionOf(houseNumberTyped ?? '') },
        rateLimitKey: `${country}:address:${zipcode}:${houseNumber}`,
        by: 'address',
      };
    }
  }
  if (problems.length > 0 || !key) throw new AppError(CommonError.BAD_USER_INPUT, { fields: problems });
  return key;
}
