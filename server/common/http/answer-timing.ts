import type { ServerResponse } from 'node:http';

const ARRIVED = Symbol('when the request arrived');

interface TimedAnswer {
  [ARRIVED]?: number;
}

/**
 * Notes on the answer when its request arrived. The answer carries it, so the listeners that time it (metrics, the
 * request's log line) are one function each for every request, reading the answer from `this`: a closure per request
 * holding the time would stay with every open live stream.
 */
export function noteArrival(res: ServerResponse): void {
  (res as TimedAnswer)[ARRIVED] = performance.now();
}

/** Milliseconds since the answer's request arrived; 0 for an answer nothing noted it on. */
export function msSinceArrival(res: ServerResponse): number {
  const arrived = (res as TimedAnswer)[ARRIVED];
  return arrived === undefined ? 0 : performance.now() - arrived;
}
