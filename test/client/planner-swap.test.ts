import { describe, expect, it } from 'vitest';
import { rowsOf, swapOf, windowChanges, withHour } from '../../client/src/technician/manage/planner.js';

/** Orders of 21 Nov 2026 (CET, UTC+1): the hour in Amsterdam is the UTC hour + 1. */
const order = (id: number, utcHour: number, minute = 0) => ({
  id,
  appointment: new Date(Date.UTC(2026, 10, 21, utcHour, minute)).toISOString(),
});
const amsterdamHour = (instant: Date) => (instant.getUTCHours() + 1) % 24;

describe('what a planner move does to another customer', () => {
  const loaded = rowsOf([order(1, 9), order(2, 10), order(3, 13)], amsterdamHour); // 10, 11, 14

  it('names the visit a shift swaps with, and its new hour; none when the hour is free or the move impossible', () => {
    const swap = swapOf(loaded, 1, 'down');
    expect(swap && [swap.moving.order.id, swap.holder.order.id, swap.target, swap.moving.hour]).toEqual([1, 2, 11, 10]);
    expect(swapOf(loaded, 2, 'up')?.holder.order.id).toBe(1);
    expect(swapOf(loaded, 3, 'up')).toBeNull();
    expect(swapOf(withHour(loaded, 3, 19), 3, 'down')).toBeNull();
  });

  it('says whose window the confirm changes: a new hour, or a start off the whole hour that the confirm rounds', () => {
    expect(loaded.map(windowChanges)).toEqual([false, false, false]);
    expect(withHour(loaded, 2, 12).map(windowChanges)).toEqual([false, true, false]);
    const offHour = rowsOf([order(4, 9, 15)], amsterdamHour);
    expect(offHour.map(windowChanges)).toEqual([true]);
  });
});
