import { describe, expect, it } from 'vitest';
import { Country } from '../../../server/common/locale.js';
import { checkOrderFields, type OrderFieldsInput } from '../../../server/orders/order-fields.js';

const valid: OrderFieldsInput = {
  referenceNumber: 'ORD-2026/001',
  name: ' Anna Jansen ',
  email: 'Anna@Example.com',
  phone: '+31 6 1234 5678',
  zipcode: '1234 ab',
  houseNumber: '12',
  city: 'Utrecht',
  country: Country.NL,
};

describe('order fields', () => {
  it('normalises valid fields the way they are stored and looked up', () => {
    expect(checkOrderFields(valid)).toEqual({
      problems: [],
      fields: {
        referenceNumber: 'ORD-2026/001',
        name: 'Anna Jansen',
        email: 'anna@example.com',
        phone: '+31 6 1234 5678',
        phoneNormalized: '612345678',
        zipcode: '1234AB',
        houseNumber: 12,
        // The full address's optional parts: absent in this row, stored as null.
        street: null,
        houseNumberAddition: null,
        city: 'Utrecht',
        country: Country.NL,
      },
    });
  });

  it('reports every problem with its field', () => {
    const { fields, problems } = checkOrderFields({
      ...valid,
      referenceNumber: '',
      email: 'not-an-email',
      zipcode: '1000',
      houseNumber: '12a',
      name: 'x'.repeat(201),
    });
    expect(fields).toBeUndefined();
    expect(problems.map((problem) => [problem.field, problem.message])).toEqual([
      ['referenceNumber', 'FIELD_REQUIRED'],
      ['name', 'FIELD_TOO_LONG'],
      ['email', 'INVALID_EMAIL'],
      ['zipcode', 'INVALID_ZIPCODE_NL'],
      ['houseNumber', 'INVALID_HOUSE_NUMBER'],
    ]);
  });

  it('refuses control characters such as NUL or a line break in text fields', () => {
    const { problems } = checkOrderFields({ ...valid, name: 'Anna\u0000', city: 'Utr\necht' });
    expect(problems.map((problem) => [problem.field, problem.message])).toEqual([
      ['name', 'INVALID_CHARACTERS'],
      ['city', 'INVALID_CHARACTERS'],
    ]);
  });

  it('applies the postcode format of the country', () => {
    expect(checkOrderFields({ ...valid, country: Country.BE, zipcode: '1000' }).problems).toEqual([]);
    expect(checkOrderFields({ ...valid, country: Country.BE, zipcode: '1234 AB' }).problems[0].message).toBe(
      'INVALID_ZIPCODE_BE',
    );
  });
});
