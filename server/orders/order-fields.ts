import type { FieldProblem } from '../common/errors/app-error.js';
import { Country } from '../common/locale.js';
import {
  HOUSE_NUMBER_ADDITION_PATTERN,
  normalizeHouseNumberAddition,
  ORDER_FIELD_MAX_LENGTH,
  PHONE_DIGITS,
  REFERENCE_NUMBER_PATTERN,
  ZIPCODE_PATTERN,
} from '../../shared/orders.js';
import { BIDI_CONTROLS, CONTROL_CHARACTERS, isPlainEmailAddress } from '../../shared/text.js';
import { normalizeHouseNumber, normalizePhone, normalizeZipcode } from './address-normalization.js';

/** The customer and address fields of an order, as typed by an admin or read from a CSV row. */
export interface OrderFieldsInput {
  referenceNumber: string;
  name: string;
  email: string;
  phone: string;
  zipcode: string;
  houseNumber: string | number;
  /** Optional: empty or left out is none. */
  street?: string | null;
  houseNumberAddition?: string | null;
  city: string;
  country: Country;
}

/** The same fields, normalised the way they are stored and looked up. */
export interface OrderFields {
  referenceNumber: string;
  name: string;
  email: string;
  phone: string;
  phoneNormalized: string;
  zipcode: string;
  houseNumber: number;
  street: string | null;
  houseNumberAddition: string | null;
  city: string;
  country: Country;
}

/** Half of a UTF-16 pair on its own: no character at all, and PostgreSQL cannot store it. */
const LONE_SURROGATE = /\p{Cs}/u;

/** The address of an order as typed; the country is the order's and decides the postcode format. */
export type OrderAddressInput = Pick<
  OrderFieldsInput,
  'zipcode' | 'houseNumber' | 'street' | 'houseNumberAddition' | 'city' | 'country'
>;

/** The address as stored. */
export type OrderAddress = Pick<OrderFields, 'zipcode' | 'houseNumber' | 'street' | 'houseNumberAddition' | 'city'>;

/** A text field's value, trimmed; a problem (required, characters, length) is added to `problems`. */
function textOf(
  input: Partial<Record<keyof typeof ORDER_FIELD_MAX_LENGTH, string | null>>,
  problems: FieldProblem[],
): (field: keyof typeof ORDER_FIELD_MAX_LENGTH, required?: boolean) => string {
  return (field, required = true) => {
    const value = String(input[field] ?? '').trim();
    if (value === '') {
      if (required) problems.push({ field, message: 'FIELD_REQUIRED' });
    } else if (CONTROL_CHARACTERS.test(value) || LONE_SURROGATE.test(value)) {
      problems.push({ field, message: 'INVALID_CHARACTERS' });
    } else if (value.length > ORDER_FIELD_MAX_LENGTH[field]) {
      problems.push({ field, message: 'FIELD_TOO_LONG', params: { max: ORDER_FIELD_MAX_LENGTH[field] } });
    }
    return value;
  };
}

/**
 * The rules of an order's address, for creating, importing and correcting one: every problem is reported, each
 * with its field.
 */
export function checkOrderAddress(input: OrderAddressInput): { address?: OrderAddress; problems: FieldProblem[] } {
  const problems: FieldProblem[] = [];
  const text = textOf(
    { city: input.city, street: input.street, houseNumberAddition: input.houseNumberAddition },
    problems,
  );
  const city = text('city');
  const streetText = text('street', false).normalize('NFC').replace(/\s+/gu, ' ');
  const additionTyped = text('houseNumberAddition', false);
  const addition = normalizeHouseNumberAddition(additionTyped);
  if (additionTyped !== '' && !HOUSE_NUMBER_ADDITION_PATTERN.test(addition)) {
    if (!problems.some((problem) => problem.field === 'houseNumberAddition')) {
      problems.push({ field: 'houseNumberAddition', message: 'INVALID_HOUSE_NUMBER_ADDITION' });
    }
  }

  const zipcode = normalizeZipcode(String(input.zipcode ?? ''));
  if (zipcode === '') problems.push({ field: 'zipcode', message: 'FIELD_REQUIRED' });
  else if (!ZIPCODE_PATTERN[input.country]?.test(zipcode)) {
    problems.push({
      field: 'zipcode',
      message: input.country === Country.BE ? 'INVALID_ZIPCODE_BE' : 'INVALID_ZIPCODE_NL',
    });
  }

  const rawHouseNumber = String(input.houseNumber ?? '').trim();
  const houseNumber = /^\d+$/.test(rawHouseNumber) ? normalizeHouseNumber(rawHouseNumber) : null;
  if (rawHouseNumber === '') problems.push({ field: 'houseNumber', message: 'FIELD_REQUIRED' });
  else if (houseNumber === null || houseNumber < 1)
    problems.push({ field: 'houseNumber', message: 'INVALID_HOUSE_NUMBER' });

  if (problems.length > 0 || houseNumber === null) return { problems };
  return {
    problems,
    address: {
      zipcode,
      houseNumber,
      street: streetText === '' ? null : streetText,
      houseNumberAddition: addition === '' ? null : addition,
      city,
    },
  };
}

/**
 * The one set of rules for an order's customer fields, shared by creating an order and importing
 * one: every problem is reported (not just the first), each with its field.
 */
export function checkOrderFields(input: OrderFieldsInput): { fields?: OrderFields; problems: FieldProblem[] } {
  const problems: FieldProblem[] = [];
  const text = textOf(input, problems);
  const referenceNumber = text('referenceNumber');
  const name = text('name');
  // A name that shows as another (reversed by a bidirectional control) must not reach a message or a screen.
  if (BIDI_CONTROLS.test(name) && !problems.some((problem) => problem.field === 'name')) {
    problems.push({ field: 'name', message: 'NAME_CHARACTERS' });
  }
  const email = text('email').toLowerCase();
  const phone = text('phone');
  if (referenceNumber && !REFERENCE_NUMBER_PATTERN.test(referenceNumber)) {
    problems.push({ field: 'referenceNumber', message: 'INVALID_REFERENCE_NUMBER' });
  }
  // One plain address: what is stored is where the mail goes (docs/rules.md, E-mail addresses).
  if (email && !isPlainEmailAddress(email) && !problems.some((problem) => problem.field === 'email')) {
    problems.push({ field: 'email', message: 'INVALID_EMAIL' });
  }
  const phoneNormalized = normalizePhone(phone);
  // The normalised number is stored (and looked up) in a column of PHONE_DIGITS.max characters.
  if (phone && (phoneNormalized.length < PHONE_DIGITS.min || phoneNormalized.length > PHONE_DIGITS.max)) {
    problems.push({ field: 'phone', message: 'INVALID_PHONE' });
  }
  const { address, problems: addressProblems } = checkOrderAddress(input);
  problems.push(...addressProblems);

  if (problems.length > 0 || !address) return { problems };
  return {
    problems,
    fields: { referenceNumber, name, email, phone, phoneNormalized, ...address, country: input.country },
  };
}
