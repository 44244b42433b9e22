/**
 * The one rule of a late visit (docs/rules.md, Late visits): the office's board, the overview of today, the office's
 * figures and the order list's arrival filter all ask it. The statements that count by it in SQL build their
 * boundaries from the constants here, and a test runs this rule and that SQL over the same rows. No imports.
 */

/**
 * How long after the window's end the technician may still reach the address on time: none. Reaching it at the
 * window's last moment is on time; a second later is late.
 */
export const LATE_AFTER_WINDOW_END_SECONDS = 0;

export interface LatenessInput {
  /** The window's end: its start plus its length. */
  windowEnd: Date;
  /** When the technician reached the address (`reachedAtOf`); null while not yet there. */
  reachedAt: Date | null;
}

/** Why a visit is late; null when it is not. */
export type Lateness = 'ARRIVED_LATE' | 'NOT_ARRIVED' | null;

/**
 * When the technician reached the address: the "Aangekomen" tap, or "Afgerond" when that step was skipped (the
 * technician was there by then). The SQL reads the same columns in the same order (coalesce).
 */
export const reachedAtOf = (status: { arrivedAt: Date | null; finishedAt: Date | null }): Date | null =>
  status.arrivedAt ?? status.finishedAt;

/** The last instant at which reaching the address is on time. */
const lastOnTime = (windowEnd: Date) => windowEnd.getTime() + LATE_AFTER_WINDOW_END_SECONDS * 1000;

/**
 * Late: reached after the window's end, or not reached yet while `now` is past it. An early arrival is on time.
 * `now` is the server's clock (on the client: lib/server-clock).
 */
export function latenessOf(visit: LatenessInput, now: Date): Lateness {
  const limit = lastOnTime(visit.windowEnd);
  if (visit.reachedAt) return visit.reachedAt.getTime() > limit ? 'ARRIVED_LATE' : null;
  return now.getTime() > limit ? 'NOT_ARRIVED' : null;
}

/** How many minutes after the window's end the address was reached (a started minute counts); 0 when before. */
export function minutesLate(windowEnd: Date, reachedAt: Date): number {
  return Math.max(0, Math.ceil((reachedAt.getTime() - windowEnd.getTime()) / 60_000));
}
