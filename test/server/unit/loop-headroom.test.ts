import { performance } from 'node:perf_hooks';
import { afterEach, describe, expect, it } from 'vitest';
import { LoopHeadroom, type LoopHeadroomOptions } from '../../../server/common/loop-headroom.js';

const OPTIONS: LoopHeadroomOptions = { tickMs: 5, lateMsAllowed: 10, mostPerTick: 16, longestWaitMs: 10_000 };

/** Holds this thread for `ms`, as a burst of synchronous work does. */
function hold(ms: number): void {
  const until = performance.now() + ms;
  while (performance.now() < until) {
    // busy: the loop keeps no time meanwhile
  }
}

/**
 * Keeps the loop late for `totalMs`: 30 ms of work per turn of the loop, so every tick comes at least 20 ms late, while
 * `duringEachTurn` runs (a request arriving, say). Resolves when the last turn is over, with the time it ended.
 */
function busyLoop(totalMs: number, duringEachTurn: () => void = () => undefined): Promise<number> {
  const until = performance.now() + totalMs;
  return new Promise((resolve) => {
    const turn = () => {
      duringEachTurn();
      hold(30);
      if (performance.now() < until) setImmediate(turn);
      else resolve(performance.now());
    };
    setImmediate(turn);
  });
}

/** A piece of work's wait, with the moment it ended. */
function wait(headroom: LoopHeadroom, latestAt?: number) {
  const entry = { done: false, at: 0, promise: Promise.resolve() };
  entry.promise = headroom.room(latestAt).then(() => {
    entry.done = true;
    entry.at = performance.now();
  });
  return entry;
}

describe('the room background work waits for', () => {
  let headroom: LoopHeadroom | undefined;
  afterEach(() => headroom?.close());

  it('is there at once while no request came lately: a publication alone goes at full speed', async () => {
    headroom = new LoopHeadroom(OPTIONS);
    const piece = wait(headroom);
    await Promise.resolve();
    await Promise.resolve();
    expect(piece.done).toBe(true);
  });

  it('is not there while requests come and the loop runs late; then it comes back one more piece per tick', async () => {
    const room = new LoopHeadroom(OPTIONS);
    headroom = room;
    room.requestArrived();
    const pieces = Array.from({ length: 6 }, () => wait(room));
    const busyUntil = await busyLoop(300, () => room.requestArrived());
    expect(pieces.filter((piece) => piece.done)).toEqual([]);
    room.requestArrived();
    await pieces[0].promise;
    // The first tick on time lets one piece go; the next ones two, then three.
    expect(pieces.filter((piece) => piece.done)).toHaveLength(1);
    await Promise.all(pieces.map((piece) => piece.promise));
    for (const piece of pieces) expect(piece.at).toBeGreaterThanOrEqual(busyUntil);
  });

  it('lets a piece go after the longest wait, or by the moment its caller names, while the loop never keeps time', async () => {
    const room = new LoopHeadroom({ ...OPTIONS, longestWaitMs: 100 });
    headroom = room;
    room.requestArrived();
    const started = performance.now();
    const patient = wait(room);
    const hurried = wait(room, Date.now() + 30);
    const busyUntil = await busyLoop(600, () => room.requestArrived());
    expect(patient.done).toBe(true);
    expect(hurried.done).toBe(true);
    expect(patient.at).toBeLessThan(busyUntil);
    expect(hurried.at).toBeLessThan(patient.at);
    expect(patient.at - started).toBeGreaterThanOrEqual(100);
  });

  it('goes back to full speed once the requests stop, even while the loop runs late', async () => {
    const room = new LoopHeadroom(OPTIONS);
    headroom = room;
    room.requestArrived();
    const piece = wait(room);
    // Late ticks for a second and a half, the requests over after the first turn.
    const busyUntil = await busyLoop(1_500);
    expect(piece.done).toBe(true);
    expect(piece.at).toBeLessThan(busyUntil);
  });

  it('lets everything waiting go when closed', async () => {
    const room = new LoopHeadroom(OPTIONS);
    headroom = room;
    room.requestArrived();
    const pieces = Array.from({ length: 3 }, () => wait(room));
    hold(30);
    room.close();
    await Promise.all(pieces.map((piece) => piece.promise));
    expect(pieces.every((piece) => piece.done)).toBe(true);
  });
});
