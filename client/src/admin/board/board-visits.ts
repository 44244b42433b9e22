import { latenessOf, type Lateness } from '../../../../shared/visit-lateness.js';
import type { VisitBoardPageQuery } from '../../gql/graphql.js';

type BoardVisit = VisitBoardPageQuery['visitBoard']['technicians'][number]['visits'][number];

/** A change of a visit from the board's stream. */
export interface VisitChange {
  orderId: number;
  technicianId?: number | null;
  stage: BoardVisit['stage'];
  expectedArrival?: string | null;
  outcome?: BoardVisit['outcome'];
  changedAt?: string | null;
}

export type ShownVisit = BoardVisit & { lateness: Lateness };

/**
 * The arrival expected past the window at the server's `now`: the board's answer, or, once `now` passes the instant
 * after which waiting alone makes the visit late (`expectedLateAfter`), the window's end plus the time passed since
 * (docs/decisions/live.md, The office's board of today). None once a change came: the board is read again then.
 */
function expectedLateAt(visit: BoardVisit, changed: boolean, now: Date | null): string | null {
  if (changed) return null;
  if (visit.expectedLate) return visit.expectedLate;
  if (!visit.expectedLateAfter || !now) return null;
  const after = Date.parse(visit.expectedLateAfter);
  if (now.getTime() <= after) return null;
  return new Date(Date.parse(visit.end) + now.getTime() - after).toISOString();
}

/**
 * A visit as the board shows it: the board's answer with the stream's latest change on top, and late by the one rule
 * (shared/visit-lateness.ts) at the server's minute. The arrival comes with the change that reached the address: the
 * "Aangekomen" tap, or "Afgerond" when that was skipped; a step back before it forgets it.
 */
export function shownVisit(visit: BoardVisit, change: VisitChange | undefined, now: Date | null): ShownVisit {
  let current: BoardVisit = visit;
  if (change) {
    const reachedAt =
      change.stage === 'ARRIVED'
        ? visit.stage === 'ARRIVED' || visit.stage === 'FINISHED'
          ? visit.reachedAt
          : (change.changedAt ?? null)
        : change.stage === 'FINISHED'
          ? (visit.reachedAt ?? change.changedAt ?? null)
          : null;
    current = {
      ...visit,
      stage: change.stage,
      expectedArrival: change.expectedArrival ?? null,
      outcome: change.outcome ?? null,
      reachedAt,
    };
  }
  const reachedAt = current.reachedAt ? new Date(current.reachedAt) : null;
  const lateness = now ? latenessOf({ windowEnd: new Date(current.end), reachedAt }, now) : null;
  return { ...current, lateness, expectedLate: expectedLateAt(visit, change !== undefined, now) };
}
