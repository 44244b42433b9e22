/**
 * The visit's status as the phone shows it: the server's, with the taps still waiting to be sent laid over it,
 * so the technician sees the tap take effect at once, connection or not. The server repeats the rules
 * (forward only, one step back) and has the last word; these are only for showing and for offering buttons.
 */
import type { StatusChange, VisitOutcome, VisitStage } from './visit-change.js';
import { forgottenByStepBack, laterStages, VISIT_OUTCOMES } from '../../../../shared/visit-stages.js';

export interface ShownStatus {
  stage: VisitStage | null;
  expectedArrival: string | null;
  arrivedAt: string | null;
  finishedAt: string | null;
  outcome: VisitOutcome | null;
  note: string | null;
  /** Whether the last step came from here and is still on its way to the server. */
  waiting: boolean;
  /** Whether the last step was a correction, after which the next correction waits for a step forward. */
  corrected: boolean;
  /** Whether the visit passed Onderweg, so a correction of Aangekomen goes back there. */
  wasOnTheWay: boolean;
}

export interface ServerStatus {
  stage: VisitStage;
  expectedArrival?: string | null;
  onTheWayAt?: string | null;
  arrivedAt?: string | null;
  finishedAt?: string | null;
  outcome?: VisitOutcome | null;
  note?: string | null;
}

export const OUTCOMES: readonly VisitOutcome[] = VISIT_OUTCOMES;
/** The arrival estimates offered with one tap, in minutes from now. */
export const ARRIVAL_CHOICES: readonly number[] = [15, 30, 45, 60];

export function shownStatus(server: ServerStatus | null | undefined): ShownStatus {
  return {
    stage: server?.stage ?? null,
    expectedArrival: server?.expectedArrival ?? null,
    arrivedAt: server?.arrivedAt ?? null,
    finishedAt: server?.finishedAt ?? null,
    outcome: server?.outcome ?? null,
    note: server?.note ?? null,
    waiting: false,
    corrected: false,
    wasOnTheWay: Boolean(server?.onTheWayAt),
  };
}

/** The stages a tap may move to from here: any later one (a forgotten Onderweg may be skipped). */
export const nextStages: (stage: VisitStage | null) => VisitStage[] = laterStages;

/** One waiting tap laid over the status. */
export function applyChange(status: ShownStatus, change: StatusChange): ShownStatus {
  if (change.kind === 'undo') {
    const back: VisitStage | null =
      status.stage === 'FINISHED'
        ? 'ARRIVED'
        : status.stage === 'ARRIVED'
          ? status.wasOnTheWay
            ? 'ON_THE_WAY'
            : null
          : null;
    const forgotten = forgottenByStepBack(back);
    return {
      ...status,
      stage: back,
      outcome: forgotten.finish ? null : status.outcome,
      note: forgotten.finish ? null : status.note,
      finishedAt: forgotten.finish ? null : status.finishedAt,
      arrivedAt: forgotten.arrival ? null : status.arrivedAt,
      waiting: true,
      corrected: true,
      wasOnTheWay: back === 'ON_THE_WAY' || (back !== null && status.wasOnTheWay),
    };
  }
  const stage = change.stage ?? status.stage;
  return {
    ...status,
    stage,
    expectedArrival: change.stage === 'ON_THE_WAY' ? (change.expectedArrival ?? null) : status.expectedArrival,
    arrivedAt: change.stage === 'ARRIVED' ? change.tappedAt : status.arrivedAt,
    finishedAt: change.stage === 'FINISHED' ? change.tappedAt : status.finishedAt,
    outcome: change.stage === 'FINISHED' ? (change.outcome ?? null) : status.outcome,
    note: change.stage === 'FINISHED' ? (change.note ?? null) : status.note,
    waiting: true,
    corrected: false,
    wasOnTheWay: status.wasOnTheWay || change.stage === 'ON_THE_WAY',
  };
}

/** The status with every waiting tap of this order laid over it, oldest first. */
export function withWaiting(
  server: ServerStatus | null | undefined,
  waiting: readonly StatusChange[],
  orderId: number,
) {
  return waiting.filter((change) => change.orderId === orderId).reduce(applyChange, shownStatus(server));
}
