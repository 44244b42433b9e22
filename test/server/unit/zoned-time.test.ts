import { describe, expect, it } from 'vitest';
import {
  addDays,
  instantOf,
  isLocalDate,
  localDateOf,
  localDayOf,
  localPartsOf,
  weekdayOf,
} from '../../../shared/zoned-time.js';

const AMSTERDAM = 'Europe/Amsterdam';

describe('zoned time', () => {
  it('reads the wall clock of an instant in a zone', () => {
    expect(localPartsOf(new Date('2026-01-15T12:30:00Z'), AMSTERDAM)).toMatchObject({ hour: 13, minute: 30 });
    expect(localPartsOf(new Date('2026-07-15T12:30:00Z'), AMSTERDAM)).toMatchObject({ hour: 14, minute: 30 });
    expect(localDateOf(new Date('2026-03-28T23:30:00Z'), AMSTERDAM)).toBe('2026-03-29');
  });

  it('reads what Intl reads, second by second around DST changes and where a zone changed off the quarter hour', () => {
    const intl = (instant: Date, zone: string) => {
      const parts: Record<string, number> = {};
      const format = new Intl.DateTimeFormat('en-CA', {
        timeZone: zone,
        hourCycle: 'h23',
        year: 'numeric',
        month: '2-digit',
        day: '2-digit',
        hour: '2-digit',
        minute: '2-digit',
        second: '2-digit',
      });
      for (const part of format.formatToParts(instant))
        if (part.type !== 'literal') parts[part.type] = Number(part.value);
      return parts;
    };
    // Amsterdam's and Brussels' 2026 changes; St. John's changed at 00:01 local time in 1990 (02:31 UTC).
    const around = [
      ['2026-03-29T01:00:00Z', AMSTERDAM],
      ['2026-10-25T01:00:00Z', 'Europe/Brussels'],
      ['1990-10-28T02:31:00Z', 'America/St_Johns'],
    ] as const;
    for (const [change, zone] of around) {
      for (let second = -1200; second <= 1200; second += 7) {
        const instant = new Date(Date.parse(change) + second * 1000);
        expect(localPartsOf(instant, zone)).toEqual(intl(instant, zone));
      }
    }
  });

  it('finds the instant of a wall time in winter, in summer and on both DST change days', () => {
    expect(instantOf('2026-01-15', 13, 30, AMSTERDAM).toISOString()).toBe('2026-01-15T12:30:00.000Z');
    expect(instantOf('2026-07-15', 13, 30, AMSTERDAM).toISOString()).toBe('2026-07-15T11:30:00.000Z');
    // 29 March 2026: clocks jump from 02:00 to 03:00.
    expect(instantOf('2026-03-29', 8, 0, AMSTERDAM).toISOString()).toBe('2026-03-29T06:00:00.000Z');
    expect(instantOf('2026-03-28', 13, 30, AMSTERDAM).toISOString()).toBe('2026-03-28T12:30:00.000Z');
    // 25 October 2026: clocks fall back from 03:00 to 02:00.
    expect(instantOf('2026-10-25', 8, 0, AMSTERDAM).toISOString()).toBe('2026-10-25T07:00:00.000Z');
    expect(instantOf('2026-10-24', 13, 30, AMSTERDAM).toISOString()).toBe('2026-10-24T11:30:00.000Z');
  });

  it('does calendar arithmetic on dates', () => {
    expect(addDays('2026-02-28', 1)).toBe('2026-03-01');
    expect(addDays('2026-01-01', -1)).toBe('2025-12-31');
    expect(weekdayOf('2026-11-22')).toBe(0);
    expect(isLocalDate('2026-02-29')).toBe(false);
    expect(isLocalDate('2028-02-29')).toBe(true);
    expect(isLocalDate('0001-01-01')).toBe(true);
    expect(addDays('0001-01-01', 1)).toBe('0001-01-02');
  });

  it('gives the local day of an instant, the same when asked again, across days and zones', () => {
    const days = [
      // The 23-hour day of spring, asked at its first and last minute, then the next day, then back.
      ['2026-03-28T23:00:00Z', AMSTERDAM, '2026-03-29', '2026-03-28T23:00:00.000Z', '2026-03-29T22:00:00.000Z'],
      ['2026-03-29T21:59:59Z', AMSTERDAM, '2026-03-29', '2026-03-28T23:00:00.000Z', '2026-03-29T22:00:00.000Z'],
      ['2026-03-29T22:00:00Z', AMSTERDAM, '2026-03-30', '2026-03-29T22:00:00.000Z', '2026-03-30T22:00:00.000Z'],
      ['2026-03-29T12:00:00Z', 'Europe/Brussels', '2026-03-29', '2026-03-28T23:00:00.000Z', '2026-03-29T22:00:00.000Z'],
      [
        '2026-03-29T12:00:00Z',
        'America/New_York',
        '2026-03-29',
        '2026-03-29T04:00:00.000Z',
        '2026-03-30T04:00:00.000Z',
      ],
      ['2026-03-28T22:59:59Z', AMSTERDAM, '2026-03-28', '2026-03-27T23:00:00.000Z', '2026-03-28T23:00:00.000Z'],
    ] as const;
    for (const [instant, zone, date, start, end] of days) {
      const day = localDayOf(new Date(instant), zone);
      expect({ date: day.date, start: day.start.toISOString(), end: day.end.toISOString() }, instant).toEqual({
        date,
        start,
        end,
      });
      // Each caller gets its own instants: changing them changes nothing for the next one.
      day.start.setTime(0);
      expect(localDayOf(new Date(instant), zone).start.toISOString()).toBe(start);
    }
  });
});
