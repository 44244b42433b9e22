import { describe, expect, it } from 'vitest';
import { latenessOf, minutesLate, reachedAtOf } from '../../../shared/visit-lateness.js';

/** A window of 11:00-14:00 UTC on a fixed day; the clock is fixed per case, never the real one. */
const END = new Date('2026-11-24T14:00:00Z');
const at = (time: string) => new Date(`2026-11-24T${time}Z`);
const late = (reached: string | null, now: string) =>
  latenessOf({ windowEnd: END, reachedAt: reached === null ? null : at(reached) }, at(now));

describe('the one rule of a late visit', () => {
  it('marks a visit not reached once its window has ended, not at its last moment', () => {
    expect(late(null, '13:59:59')).toBeNull();
    expect(late(null, '14:00:00')).toBeNull();
    expect(late(null, '14:00:01')).toBe('NOT_ARRIVED');
  });

  it('marks a visit reached after the window late for good, and an early or last-moment arrival on time', () => {
    expect(late('14:45:00', '18:00:00')).toBe('ARRIVED_LATE');
    expect(late('14:00:01', '14:05:00')).toBe('ARRIVED_LATE');
    expect(late('14:00:00', '18:00:00')).toBeNull();
    expect(late('10:30:00', '18:00:00')).toBeNull();
  });

  it('reads the arrival, or the finish when the arrival was skipped, and counts the minutes after the window', () => {
    expect(reachedAtOf({ arrivedAt: at('13:00:00'), finishedAt: at('15:00:00') })).toEqual(at('13:00:00'));
    expect(reachedAtOf({ arrivedAt: null, finishedAt: at('15:00:00') })).toEqual(at('15:00:00'));
    expect(reachedAtOf({ arrivedAt: null, finishedAt: null })).toBeNull();
    expect(minutesLate(END, at('14:45:00'))).toBe(45);
    expect(minutesLate(END, at('14:00:30'))).toBe(1);
    expect(minutesLate(END, at('13:00:00'))).toBe(0);
  });
});
