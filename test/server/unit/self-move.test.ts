import { describe, expect, it } from 'vitest';
import { postcodeAreaOf } from '../../../shared/self-move.js';

describe('the postcode area a move offers another technician in', () => {
  it('is the first two digits, in the Netherlands and in Belgium, however the postcode is written', () => {
    expect(postcodeAreaOf('3511 CD')).toBe('35');
    expect(postcodeAreaOf('3511cd')).toBe('35');
    expect(postcodeAreaOf('1000')).toBe('10');
    expect(postcodeAreaOf(' 4000 ')).toBe('40');
  });

  it('is none for a postcode without two digits', () => {
    expect(postcodeAreaOf('')).toBeNull();
    expect(postcodeAreaOf('A1')).toBeNull();
  });
});
