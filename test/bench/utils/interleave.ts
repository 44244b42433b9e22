import { median, type Figure } from './results.js';

export type Call = () => Promise<unknown>;

/** Known and unknown inputs must not be told apart by response time. */
export const SAME_TIME_TARGET = { low: 0.85, high: 1.15 };

/**
 * Alternates two calls (which goes first flips every round) with a pause between requests, so the
 * background work of one request never overlaps the next; returns both medians.
 */
export async function interleave(
  unknown: Call,
  known: Call,
  rounds: number,
  pauseMs = 40,
): Promise<{ unknown: number; known: number }> {
  const times = { unknown: [] as number[], known: [] as number[] };
  for (let round = 0; round < rounds; round++) {
    const order: ['unknown' | 'known', Call][] = [
      ['unknown', unknown],
      ['known', known],
    ];
    if (round % 2) order.reverse();
    for (const [kind, call] of order) {
      const started = performance.now();
      await call();
      times[kind].push(performance.now() - started);
      await new Promise((resolve) => setTimeout(resolve, pauseMs));
    }
  }
  return { unknown: median(times.unknown), known: median(times.known) };
}

/** A figure comparing the known case (ours) with the unknown one (baseline) against SAME_TIME_TARGET. */
export function sameTimeFigure(
  metric: string,
  medians: { unknown: number; known: number },
  rounds: number,
  unknownIs: string,
): Figure {
  const ratio = medians.known / medians.unknown;
  return {
    metric,
    unit: 'ms',
    ours: medians.known,
    baseline: medians.unknown,
    ratio,
    target: `${SAME_TIME_TARGET.low}–${SAME_TIME_TARGET.high} × unknown`,
    met: ratio >= SAME_TIME_TARGET.low && ratio <= SAME_TIME_TARGET.high,
    note: `median of ${rounds} interleaved requests each; baseline = ${unknownIs}`,
  };
}
