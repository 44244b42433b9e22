import { describe, expect, it } from 'vitest';
import { instantOf, localDateOf } from '../../shared/zoned-time.js';

describe('wall-clock time of a zone, as the order forms send it', () => {
  it('turns a date and hour in Amsterdam or Brussels into the instant, in winter and summer time', () => {
    expect(instantOf('2026-12-02', 8, 0, 'Europe/Amsterdam').toISOString()).toBe('2026-12-02T07:00:00.000Z');
    expect(instantOf('2026-07-15', 8, 0, 'Europe/Brussels').toISOString()).toBe('2026-07-15T06:00:00.000Z');
    expect(instantOf('2026-12-02', 0, 0, 'Europe/Brussels').toISOString()).toBe('2026-12-01T23:00:00.000Z');
  });

  it('handles the days the clocks change', () => {
    // 29 March 2026: 02:00 becomes 03:00; 25 October 2026: 03:00 becomes 02:00.
    expect(instantOf('2026-03-29', 7, 0, 'Europe/Amsterdam').toISOString()).toBe('2026-03-29T05:00:00.000Z');
    expect(instantOf('2026-10-25', 7, 0, 'Europe/Amsterdam').toISOString()).toBe('2026-10-25T06:00:00.000Z');
    expect(instantOf('2026-03-29', 0, 0, 'Europe/Amsterdam').toISOString()).toBe('2026-03-28T23:00:00.000Z');
  });

  it('reads the local calendar date of an instant', () => {
    expect(localDateOf(new Date('2026-11-30T23:30:00Z'), 'Europe/Amsterdam')).toBe('2026-12-01');
    expect(localDateOf(new Date('2026-11-30T22:30:00Z'), 'Europe/Amsterdam')).toBe('2026-11-30');
  });
});
