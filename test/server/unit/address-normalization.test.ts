import { describe, expect, it } from 'vitest';
import {
  mobileNumberE164,
  normalizeEmailAddress,
  normalizeHouseNumber,
  normalizePhone,
  normalizeZipcode,
} from '../../../server/orders/address-normalization.js';

describe('postcode normalisation', () => {
  it.each([
    ['1234 ab', '1234AB'],
    ['1234AB', '1234AB'],
    ['1234ab', '1234AB'],
    [' 1234  Ab ', '1234AB'],
    ['1234\tab', '1234AB'],
    ['1234\u00a0AB', '1234AB'],
    ['1000', '1000'],
  ])('%j → %j', (input, expected) => {
    expect(normalizeZipcode(input)).toBe(expected);
  });
});

describe('house number normalisation', () => {
  it.each([
    ['12', 12],
    [' 12 ', 12],
    ['012', 12],
    // the part before the first hyphen
    ['12-3', 12],
    ['12-A', 12],
    ['12 - 3', 12],
    // the part before the first space
    ['12 a', 12],
    ['12 bis', 12],
    ['12 huis 2', 12],
    // not all digits: only the digits
    ['12a', 12],
    ['12A', 12],
    ['a12', 12],
    // a Belgian box: door 12, box 3 (never 123)
    ['12/3', 12],
    ['7/2', 7],
    ['7 / 2', 7],
    // other whitespace and dashes people's keyboards produce
    ['12\u00a0a', 12],
    ['12\ta', 12],
    ['12\u20133', 12],
  ])('%j → %j', (input, expected) => {
    expect(normalizeHouseNumber(input)).toBe(expected);
  });

  it('gives null when no digits remain or the number cannot be stored', () => {
    expect(normalizeHouseNumber('')).toBeNull();
    expect(normalizeHouseNumber('   ')).toBeNull();
    expect(normalizeHouseNumber('abc')).toBeNull();
    expect(normalizeHouseNumber('-12')).toBeNull(); // nothing before the hyphen
    expect(normalizeHouseNumber('99999999999')).toBeNull();
  });
});

describe('phone normalisation', () => {
  const belgianMobile = [
    '0470 12 34 56',
    '0470123456',
    '0470/12.34.56',
    '0470/123456',
    '0470.12.34.56',
    '0470-12-34-56',
    '(0470) 12 34 56',
    '+32 470 12 34 56',
    '+32470123456',
    '+32 (0)470 12 34 56',
    '+32 0470 12 34 56',
    '0032 470 12 34 56',
    '0032470123456',
    '0032 (0) 470 12.34.56',
    '32470123456',
    '32 470 12 34 56',
    '470 12 34 56',
    ' tel. 0470 12 34 56 ',
  ];
  it.each(belgianMobile)('BE mobile %j → 470123456', (input) => {
    expect(normalizePhone(input)).toBe('470123456');
  });

  it.each(['02 123 45 67', '02/123.45.67', '+32 2 123 45 67', '0032 2 1234567', '+32 (0)2 123 45 67'])(
    'BE landline %j → 21234567',
    (input) => {
      expect(normalizePhone(input)).toBe('21234567');
    },
  );

  it('keeps an Antwerp landline (03…) apart from the calling code 32', () => {
    expect(normalizePhone('03 212 34 56')).toBe('32123456');
    expect(normalizePhone('+32 3 212 34 56')).toBe('32123456');
  });

  it.each(['06 12345678', '06-12345678', '+31 6 1234 5678', '0031 6 12345678', '+31 (0)6 12 34 56 78', '31612345678'])(
    'NL mobile %j → 612345678',
    (input) => {
      expect(normalizePhone(input)).toBe('612345678');
    },
  );

  it('leaves other calling codes in place and empty input empty', () => {
    expect(normalizePhone('+49 30 1234567')).toBe('49301234567');
    expect(normalizePhone('')).toBe('');
    expect(normalizePhone('n/a')).toBe('');
  });
});

describe('mobile numbers in E.164', () => {
  it.each([
    ['06 12345678', '+31612345678'],
    ['06-1234 5678', '+31612345678'],
    ['+31 6 12345678', '+31612345678'],
    ['0031612345678', '+31612345678'],
    ['31612345678', '+31612345678'],
    ['+31 (0)6 12 34 56 78', '+31612345678'],
    ['0470 12 34 56', '+32470123456'],
    ['0470/12.34.56', '+32470123456'],
    ['+32 470 12 34 56', '+32470123456'],
    ['0032 (0)470 123456', '+32470123456'],
    ['32470123456', '+32470123456'],
  ])('%j → %j', (input, expected) => {
    expect(mobileNumberE164(input)).toBe(expected);
  });

  it.each([
    // landlines take no text messages
    ['020 1234567', undefined],
    ['03 212 34 56', 'BE'],
    ['+32 3 212 34 56', undefined],
    // a Dutch landline in Heerlen looks like a Belgian mobile number: the order's country decides
    ['045 1234567', 'NL'],
    // a Belgian order's number with a Dutch mobile prefix but Belgian calling code
    ['+32 6 12345678', undefined],
    // a foreign number
    ['+49 151 12345678', undefined],
    ['', undefined],
    ['n/a', undefined],
    ['06 1234567', undefined],
  ] as const)('%j (country %s) is no mobile number', (input, country) => {
    expect(mobileNumberE164(input, country)).toBeNull();
  });

  it("reads a national number in the order's country", () => {
    expect(mobileNumberE164('0612345678', 'NL')).toBe('+31612345678');
    expect(mobileNumberE164('0470123456', 'BE')).toBe('+32470123456');
    // a calling code written out wins over the order's country
    expect(mobileNumberE164('+31 6 12345678', 'BE')).toBe('+31612345678');
    expect(mobileNumberE164('0612345678', 'BE')).toBeNull();
  });
});

describe('e-mail normalisation', () => {
  it.each([
    [' J.Jansen@Example.NL ', 'j.jansen@example.nl'],
    ['j.jansen @example.nl', 'j.jansen@example.nl'],
    ['j.jansen@example.nl\u00a0', 'j.jansen@example.nl'],
  ])('%j → %j', (input, expected) => {
    expect(normalizeEmailAddress(input)).toBe(expected);
  });
});
