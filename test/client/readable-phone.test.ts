import { describe, expect, it } from 'vitest';
import { readablePhone } from '../../shared/phone.js';

describe('phone numbers shown and dialled', () => {
  it('shows a Belgian number typed with slashes and dots in national notation and dials it in E.164', () => {
    expect(readablePhone('0477/00.04.69', 'BE')).toEqual({ shown: '0477 00 04 69', dial: 'tel:+32477000469' });
    expect(readablePhone('+32 2 123.45.67', 'BE')).toEqual({ shown: '02 123 45 67', dial: 'tel:+3221234567' });
    expect(readablePhone('050/12 34 56', 'BE')).toEqual({ shown: '050 12 34 56', dial: 'tel:+3250123456' });
  });

  it('writes Dutch mobile numbers in pairs and landlines by their area code', () => {
    expect(readablePhone('06-12345678', 'NL')).toEqual({ shown: '06 12 34 56 78', dial: 'tel:+31612345678' });
    expect(readablePhone('+31 (0)6 1234 5678', 'NL')).toEqual({ shown: '06 12 34 56 78', dial: 'tel:+31612345678' });
    expect(readablePhone('0031612345678', 'NL').dial).toBe('tel:+31612345678');
    expect(readablePhone('(020) 123.45.67', 'NL')).toEqual({ shown: '020 123 4567', dial: 'tel:+31201234567' });
    expect(readablePhone('0111 123456', 'NL').shown).toBe('0111 123 456');
  });

  it('writes a number of the other country internationally, so it is not mistaken for a national one', () => {
    expect(readablePhone('+32 477 00 04 69', 'NL')).toEqual({ shown: '+32 477 00 04 69', dial: 'tel:+32477000469' });
    expect(readablePhone('0031 6 12345678', 'BE')).toEqual({ shown: '+31 6 12345678', dial: 'tel:+31612345678' });
    expect(readablePhone('+44 20 7946 0958', 'NL').dial).toBe('tel:+442079460958');
  });

  it('shows an unreadable number as typed and dials its digits, or nothing without digits', () => {
    expect(readablePhone(' 06 1234 ', 'NL')).toEqual({ shown: '06 1234', dial: 'tel:061234' });
    expect(readablePhone('onbekend', 'NL')).toEqual({ shown: 'onbekend', dial: null });
  });
});
