import { describe, expect, it } from 'vitest';
import { latenessOf, nextLatenessChange, type BoardStage } from '../../../shared/visit-lateness.js';

/** A window of 11:00-14:00 UTC on a fixed day; the clock is fixed per case, never the real one. */
const END = new Date('2026-11-24T14:00:00Z');
const at = (time: string) => new Date(`2026-11-24T${time}Z`);
const late = (stage: BoardStage, time: string) => latenessOf({ stage, windowEnd: END }, at(time));

describe('late visits on the board', () => {
  it('mark a visit not on the way from 30 minutes before the window ends, not a minute earlier', () => {
    expect(late('PLANNED', '13:29:59')).toBeNull();
    expect(late('PLANNED', '13:30:00')).toBe('NOT_ON_THE_WAY');
    expect(late('PLANNED', '15:00:00')).toBe('NOT_ON_THE_WAY');
  });

  it('mark a visit on the way once the window has ended, not at its last moment', () => {
    expect(late('ON_THE_WAY', '13:45:00')).toBeNull();
    expect(late('ON_THE_WAY', '14:00:00')).toBeNull();
    expect(late('ON_THE_WAY', '14:00:01')).toBe('ON_THE_WAY_PAST_WINDOW');
  });

  it('never mark a visit the technician reached or finished', () => {
    expect(late('ARRIVED', '16:00:00')).toBeNull();
    expect(late('FINISHED', '16:00:00')).toBeNull();
  });

  it('tell the board when a visit turns late without a new status', () => {
    expect(nextLatenessChange({ stage: 'PLANNED', windowEnd: END }, at('12:00:00'))).toEqual(at('13:30:00'));
    expect(nextLatenessChange({ stage: 'PLANNED', windowEnd: END }, at('13:31:00'))).toBeNull();
    expect(nextLatenessChange({ stage: 'ON_THE_WAY', windowEnd: END }, at('13:00:00'))).toEqual(
      new Date(END.getTime() + 1),
    );
    expect(nextLatenessChange({ stage: 'FINISHED', windowEnd: END }, at('13:00:00'))).toBeNull();
  });
});
