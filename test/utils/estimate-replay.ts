import type { DayVisit, LearnedDurations } from '../../server/visit-estimates/estimate-rules.js';
import { estimateDay } from '../../server/visit-estimates/estimate-rules.js';

/** A visit of a recorded day: its window, and when the technician really set out, arrived and left. */
export interface RecordedVisit {
  orderId: number;
  windowStart: Date;
  windowSeconds: number;
  onTheWayAt: Date;
  /** What the technician typed with "Onderweg". */
  expectedArrival: Date;
  arrivedAt: Date;
  finishedAt: Date;
}

/** A tap of a recorded day, in the order the technician made them. */
export interface RecordedTap {
  at: Date;
  orderId: number;
  stage: 'ON_THE_WAY' | 'ARRIVED' | 'FINISHED';
}

export function tapsOf(day: readonly RecordedVisit[]): RecordedTap[] {
  return day
    .flatMap((visit): RecordedTap[] => [
      { at: visit.onTheWayAt, orderId: visit.orderId, stage: 'ON_THE_WAY' },
      { at: visit.arrivedAt, orderId: visit.orderId, stage: 'ARRIVED' },
      { at: visit.finishedAt, orderId: visit.orderId, stage: 'FINISHED' },
    ])
    .sort((a, b) => a.at.getTime() - b.at.getTime());
}

/** The day as the rule reads it at `now`: what had happened by then. */
export function dayAt(day: readonly RecordedVisit[], now: Date): DayVisit[] {
  const by = (instant: Date) => instant.getTime() <= now.getTime();
  return day.map((visit) => ({
    orderId: visit.orderId,
    windowStart: visit.windowStart,
    windowSeconds: visit.windowSeconds,
    stage: by(visit.finishedAt)
      ? 'FINISHED'
      : by(visit.arrivedAt)
        ? 'ARRIVED'
        : by(visit.onTheWayAt)
          ? 'ON_THE_WAY'
          : null,
    expectedArrival: by(visit.onTheWayAt) ? visit.expectedArrival : null,
    arrivedAt: by(visit.arrivedAt) ? visit.arrivedAt : null,
    finishedAt: by(visit.finishedAt) ? visit.finishedAt : null,
  }));
}

export interface HitCount {
  hits: number;
  shown: number;
}

/** Whether the real arrival fell inside a narrow time shown. */
export const inside = (arrival: Date, band: { from: Date; until: Date }) =>
  arrival.getTime() >= band.from.getTime() && arrival.getTime() <= band.until.getTime();

/**
 * Replays a recorded day on the rule alone: at the day's start (`startAt`) and after every tap, each visit not
 * reached yet shows a narrow time; counted is how often the real arrival fell inside the one shown.
 */
export function replayHits(day: readonly RecordedVisit[], learned: LearnedDurations, startAt: Date): HitCount {
  const count: HitCount = { hits: 0, shown: 0 };
  for (const moment of [startAt, ...tapsOf(day).map((tap) => tap.at)]) {
    for (const estimate of estimateDay(dayAt(day, moment), learned, moment)) {
      if (!estimate.band) continue;
      const visit = day.find((candidate) => candidate.orderId === estimate.orderId)!;
      count.shown += 1;
      if (inside(visit.arrivedAt, estimate.band)) count.hits += 1;
    }
  }
  return count;
}

/** A deterministic sequence in [0, 1), so a recorded day is the same on every run. */
export function sequence(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state * 1103515245 + 12345) % 2147483648;
    return state / 2147483648;
  };
}

/**
 * A day as a technician really works it: windows from `windowStarts` (three hours each), the first visit reached
 * `start` minutes after its window opens, each visit taking `work` minutes and each drive `travel` minutes, give or
 * take `spread` minutes (evenly), and never reached before its window opens. The technician's own estimate is off by
 * up to 10 minutes. Order ids are given by the caller.
 */
export function recordDay(
  windowStarts: readonly Date[],
  orderIds: readonly number[],
  pace: { work: number; travel: number; start: number; spread: number },
  random: () => number,
): RecordedVisit[] {
  const minute = 60_000;
  const jitter = () => (random() * 2 - 1) * pace.spread * minute;
  const visits: RecordedVisit[] = [];
  let free: number | null = null;
  windowStarts.forEach((windowStart, index) => {
    const travel = Math.max(5 * minute, pace.travel * minute + jitter());
    const planned: number = free === null ? windowStart.getTime() + pace.start * minute : free + travel;
    const arrivedAt = Math.max(planned, windowStart.getTime());
    const onTheWayAt = arrivedAt - travel;
    const work = Math.max(10 * minute, pace.work * minute + jitter());
    visits.push({
      orderId: orderIds[index],
      windowStart,
      windowSeconds: 3 * 3600,
      onTheWayAt: new Date(onTheWayAt),
      expectedArrival: new Date(
        Math.max(onTheWayAt + minute, arrivedAt + Math.round((random() * 2 - 1) * 10) * minute),
      ),
      arrivedAt: new Date(arrivedAt),
      finishedAt: new Date(arrivedAt + work),
    });
    free = arrivedAt + work;
  });
  return visits;
}
