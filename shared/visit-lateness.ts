/**
 * When the office's board marks a visit late (docs/rules.md, Late visits), on the server and on the board.
 * No imports: the stage is the board's own spelling of where a visit is.
 */

/** A technician who has not set out by this long before the window ends cannot be there in time. */
export const LATE_NOT_ON_THE_WAY_MINUTES = 30;

export type BoardStage = 'PLANNED' | 'ON_THE_WAY' | 'ARRIVED' | 'FINISHED';

export interface LatenessInput {
  stage: BoardStage;
  /** The window's end: its start plus its length. */
  windowEnd: Date;
}

/** Why a visit is late; null when it is not. */
export type Lateness = 'ON_THE_WAY_PAST_WINDOW' | 'NOT_ON_THE_WAY' | null;

/**
 * Late: still on the way after the window has ended, or not on the way yet when the window ends within 30
 * minutes (or has ended). A visit the technician reached or finished is never late: that is the on-time
 * figure's business.
 */
export function latenessOf(visit: LatenessInput, now: Date): Lateness {
  const end = visit.windowEnd.getTime();
  if (visit.stage === 'ON_THE_WAY') return now.getTime() > end ? 'ON_THE_WAY_PAST_WINDOW' : null;
  if (visit.stage === 'PLANNED') {
    return now.getTime() >= end - LATE_NOT_ON_THE_WAY_MINUTES * 60_000 ? 'NOT_ON_THE_WAY' : null;
  }
  return null;
}

/** The next moment `latenessOf` can change for this visit without a new status: for the board's timer. */
export function nextLatenessChange(visit: LatenessInput, now: Date): Date | null {
  const end = visit.windowEnd.getTime();
  const candidates =
    visit.stage === 'ON_THE_WAY'
      ? [end + 1]
      : visit.stage === 'PLANNED'
        ? [end - LATE_NOT_ON_THE_WAY_MINUTES * 60_000]
        : [];
  const future = candidates.filter((moment) => moment > now.getTime());
  return future.length > 0 ? new Date(Math.min(...future)) : null;
}
