import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Pace, untilSlot } from '../../../server/common/pace.js';

/** Whether `promise` has settled once the callbacks due now have run. */
async function settled(promise: Promise<unknown>): Promise<boolean> {
  let done = false;
  void promise.then(() => (done = true));
  await vi.advanceTimersByTimeAsync(0);
  return done;
}

describe('a pace', () => {
  beforeEach(() => {
    vi.useFakeTimers({ now: new Date('2026-12-07T13:30:00Z') });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('lets the first units go at once, each a slot one interval after the last, and the next caller after them', async () => {
    const pace = new Pace(10);
    const start = Date.now();
    const first = await pace.take(3);
    expect([0, 1, 2].map((index) => first(index) - start)).toEqual([0, 100, 200]);

    // The second caller's turn comes when the first's three units have had their time, not before.
    const second = pace.take(2);
    await vi.advanceTimersByTimeAsync(299);
    expect(await settled(second)).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(await settled(second)).toBe(true);
    const slots = await second;
    expect([0, 1].map((index) => slots(index) - start)).toEqual([300, 400]);
  });

  it('owes nothing after a pause, and without a rate never waits', async () => {
    const pace = new Pace(10);
    await pace.take(5);
    await vi.advanceTimersByTimeAsync(2_000);
    expect(await settled(pace.take(1))).toBe(true);

    const unlimited = new Pace(0);
    const slots = await unlimited.take(1_000);
    expect(slots(999)).toBe(0);
    expect(await settled(unlimited.take(1_000))).toBe(true);
  });

  it('waits for a slot, or only until the latest moment given when that comes first', async () => {
    const start = Date.now();
    const toSlot = untilSlot(start + 500);
    await vi.advanceTimersByTimeAsync(499);
    expect(await settled(toSlot)).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(await settled(toSlot)).toBe(true);

    const cut = untilSlot(Date.now() + 5_000, Date.now() + 100);
    await vi.advanceTimersByTimeAsync(100);
    expect(await settled(cut)).toBe(true);
  });

  it('refuses a rate below zero or not a number', () => {
    expect(() => new Pace(-1)).toThrow('a pace needs a rate of 0 or more');
    expect(() => new Pace(Number.NaN)).toThrow('a pace needs a rate of 0 or more');
  });
});
