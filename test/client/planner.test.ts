import { describe, expect, it } from 'vitest';
import {
  canMove,
  confirmItems,
  dayPartOf,
  daySpan,
  firstOutsideDay,
  move,
  rowsOf,
  sortByHour,
  START_HOURS,
  startAt,
  startsTooEarly,
  endsTooLate,
  withHour,
  type PlannerRow,
} from '../../client/src/technician/manage/planner.js';

/** Orders of 21 Nov 2026 (CET, UTC+1): the hour in Amsterdam is the UTC hour + 1. */
const order = (id: number, utcHour: number, minute = 0) => ({
  id,
  appointment: new Date(Date.UTC(2026, 10, 21, utcHour, minute)).toISOString(),
});
const amsterdamHour = (instant: Date) => (instant.getUTCHours() + 1) % 24;
const hours = (rows: PlannerRow[]) => rows.map((row) => [row.order.id, row.hour]);

describe('planner rules', () => {
  const loaded = rowsOf([order(1, 7), order(2, 10), order(3, 13)], amsterdamHour); // 08, 11, 14

  it('sums the day up from the hours as edited: count, first start, last end', () => {
    expect(daySpan(loaded)).toEqual({ count: 3, firstHour: 8, lastEndHour: 17 });
    expect(daySpan(withHour(loaded, 1, 15))).toEqual({ count: 3, firstHour: 11, lastEndHour: 18 });
    expect(daySpan([])).toBeNull();
  });

  it('offers start hours 07:00 to 20:00', () => {
    expect(START_HOURS).toEqual([7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20]);
  });

  it('moves an order to a free hour and keeps the list sorted', () => {
    expect(hours(move(loaded, 3, 'up'))).toEqual([
      [1, 8],
      [2, 11],
      [3, 13],
    ]);
    expect(hours(move(move(loaded, 1, 'down'), 1, 'down'))).toEqual([
      [1, 10],
      [2, 11],
      [3, 14],
    ]);
  });

  it('swaps hours with the order holding the target hour, then re-sorts', () => {
    const adjacent = withHour(loaded, 2, 9); // 08, 09, 14
    expect(hours(move(adjacent, 2, 'up'))).toEqual([
      [2, 8],
      [1, 9],
      [3, 14],
    ]);
    expect(hours(move(adjacent, 1, 'down'))).toEqual([
      [2, 8],
      [1, 9],
      [3, 14],
    ]);
  });

  it('blocks up at 07:00 and down when the end would pass 22:00', () => {
    expect(canMove(7, 'up')).toBe(false);
    expect(canMove(8, 'up')).toBe(true);
    expect(canMove(18, 'down')).toBe(true); // 19:00-22:00
    expect(canMove(19, 'down')).toBe(false); // 20:00-23:00
    expect([startsTooEarly(6), startsTooEarly(7), endsTooLate(19), endsTooLate(20)]).toEqual([
      true,
      false,
      false,
      true,
    ]);
    const atSeven = withHour(loaded, 1, 7);
    expect(move(atSeven, 1, 'up')).toEqual(atSeven);
  });

  it('refuses to confirm a day that does not fit, naming the first row that starts too early, else ends too late', () => {
    expect(firstOutsideDay(loaded)).toBeNull();
    expect(firstOutsideDay(withHour(withHour(loaded, 2, 20), 3, 6))).toEqual({ edge: 'early', number: 3 });
    expect(firstOutsideDay(withHour(loaded, 2, 20))).toEqual({ edge: 'late', number: 2 });
    expect(firstOutsideDay(withHour(withHour(loaded, 1, 20), 3, 20))).toEqual({ edge: 'late', number: 1 });
  });

  it('changes no order when an hour is picked, until sorted', () => {
    const picked = withHour(loaded, 3, 7);
    expect(hours(picked).map(([id]) => id)).toEqual([1, 2, 3]);
    expect(hours(sortByHour(picked)).map(([id]) => id)).toEqual([3, 1, 2]);
  });

  it('sends every order once, by start, at the chosen whole hour with duration 10800', () => {
    const shifted = withHour(rowsOf([order(1, 7, 30), order(2, 10)], amsterdamHour), 1, 12); // 08:30 -> 12:00
    expect(startAt(shifted[0])).toBe('2026-11-21T11:00:00.000Z');
    expect(confirmItems(shifted)).toEqual([
      { orderId: 2, appointment: '2026-11-21T10:00:00.000Z', duration: 10800 },
      { orderId: 1, appointment: '2026-11-21T11:00:00.000Z', duration: 10800 },
    ]);
  });

  it('greets by the hour: night 0-5, morning 6-11, afternoon 12-17, evening 18-23', () => {
    expect([0, 5, 6, 11, 12, 17, 18, 23].map(dayPartOf)).toEqual([
      'night',
      'night',
      'morning',
      'morning',
      'afternoon',
      'afternoon',
      'evening',
      'evening',
    ]);
  });
});
