import { BIDI_CONTROLS } from '../../shared/text.js';
import { VISIT_EXPECTED_ARRIVAL_MAX_HOURS, VISIT_NOTE_MAX_LENGTH } from '../../shared/visits.js';
import { forgottenByStepBack, mayStepTo } from '../../shared/visit-stages.js';
import type { ErrorCodeDefinition, FieldProblem } from '../common/errors/app-error.js';
import { VisitError } from './visit.errors.js';
import { VisitOutcome, VisitStage } from './visit-status.entity.js';

/**
 * The rules of a visit's stages (docs/decisions.md, Visit statuses), free of the database. The order of the
 * stages is shared with the technician's phone (shared/visit-stages.ts); here the server adds what it alone
 * knows: the fields each step carries, and that an undo goes back to where the last forward step came from.
 */

/** The stored part of a status the rules read and write; `stage` null is planned (no row). */
export interface VisitState {
  stage: VisitStage | null;
  previousStage: VisitStage | null;
  steppedBack: boolean;
  expectedArrival: Date | null;
  onTheWayAt: Date | null;
  arrivedAt: Date | null;
  finishedAt: Date | null;
  outcome: VisitOutcome | null;
  note: string | null;
}

export const PLANNED: VisitState = {
  stage: null,
  previousStage: null,
  steppedBack: false,
  expectedArrival: null,
  onTheWayAt: null,
  arrivedAt: null,
  finishedAt: null,
  outcome: null,
  note: null,
};

/** A forward step as the technician sends it, after the edge checks. */
export interface VisitStep {
  stage: VisitStage;
  expectedArrival: Date | null;
  outcome: VisitOutcome | null;
  note: string | null;
}

export type RuleResult =
  { ok: true; state: VisitState } | { ok: false; error: ErrorCodeDefinition; params?: Record<string, string | number> };

const refuse = (error: ErrorCodeDefinition, params?: Record<string, string | number>): RuleResult => ({
  ok: false,
  error,
  params,
});

/** What goes with which stage: an estimate only with ON_THE_WAY, an outcome (and a note) only with FINISHED. */
function checkStepFields(step: VisitStep, now: Date): RuleResult | null {
  if (step.stage === VisitStage.ON_THE_WAY) {
    if (step.expectedArrival === null) return refuse(VisitError.VISIT_ARRIVAL_REQUIRED);
    const ahead = step.expectedArrival.getTime() - now.getTime();
    if (ahead <= 0 || ahead > VISIT_EXPECTED_ARRIVAL_MAX_HOURS * 3_600_000) {
      return refuse(VisitError.VISIT_ARRIVAL_OUT_OF_RANGE, { hours: VISIT_EXPECTED_ARRIVAL_MAX_HOURS });
    }
  } else if (step.expectedArrival !== null) {
    return refuse(VisitError.VISIT_ARRIVAL_NOT_ALLOWED);
  }
  if (step.stage === VisitStage.FINISHED) {
    if (step.outcome === null) return refuse(VisitError.VISIT_OUTCOME_REQUIRED);
  } else {
    if (step.outcome !== null) return refuse(VisitError.VISIT_OUTCOME_NOT_ALLOWED);
    if (step.note !== null) return refuse(VisitError.VISIT_NOTE_NOT_ALLOWED);
  }
  return null;
}

/** The state after a forward step, or why it is refused. */
export function stepForward(current: VisitState, step: VisitStep, now: Date): RuleResult {
  const fieldProblem = checkStepFields(step, now);
  if (fieldProblem) return fieldProblem;
  if (!mayStepTo(current.stage, step.stage)) return refuse(VisitError.VISIT_STAGE_BACKWARDS);
  const again = current.stage === VisitStage.ON_THE_WAY && step.stage === VisitStage.ON_THE_WAY;
  const next: VisitState = {
    ...current,
    stage: step.stage,
    // A new estimate is no step: an undo after it still goes back to where ON_THE_WAY came from.
    previousStage: again ? current.previousStage : current.stage,
    steppedBack: false,
  };
  switch (step.stage) {
    case VisitStage.ON_THE_WAY:
      next.expectedArrival = step.expectedArrival;
      next.onTheWayAt = now;
      break;
    case VisitStage.ARRIVED:
      next.arrivedAt = now;
      break;
    case VisitStage.FINISHED:
      next.finishedAt = now;
      next.outcome = step.outcome;
      next.note = step.note;
      break;
  }
  return { ok: true, state: next };
}

/**
 * One step back, to the stage the last forward step came from, forgetting what the later stages
 * recorded (the estimate stays: it was the technician's word at the time). Only once in a row.
 */
export function stepBack(current: VisitState): RuleResult {
  if (current.stage === null || current.steppedBack) return refuse(VisitError.VISIT_NOTHING_TO_UNDO);
  const target = current.previousStage;
  if (target === null) return { ok: true, state: { ...PLANNED } };
  const next: VisitState = { ...current, stage: target, previousStage: null, steppedBack: true };
  const forgotten = forgottenByStepBack(target);
  if (forgotten.finish) {
    next.finishedAt = null;
    next.outcome = null;
    next.note = null;
  }
  if (forgotten.arrival) next.arrivedAt = null;
  return { ok: true, state: next };
}

/** Control characters other than the line break, and the bidirectional overrides that can disguise text. */
const FORBIDDEN = new RegExp(`(?!\\n)\\p{Cc}|${BIDI_CONTROLS.source}`, 'u');

export type NormalizedVisitNote = { ok: true; note: string | null } | { ok: false; problem: FieldProblem };

/** The typed note as stored: line breaks unified, trimmed, NFC, at most 500 characters; empty is no note. */
export function normalizeVisitNote(typed: string | null | undefined, field = 'note'): NormalizedVisitNote {
  if (typed === null || typed === undefined) return { ok: true, note: null };
  const text = typed.replace(/\r\n?/g, '\n').normalize('NFC').trim();
  if (FORBIDDEN.test(text)) return { ok: false, problem: { field, message: 'ACCESS_NOTE_CHARACTERS' } };
  if ([...text].length > VISIT_NOTE_MAX_LENGTH) {
    return { ok: false, problem: { field, message: 'FIELD_TOO_LONG', params: { max: VISIT_NOTE_MAX_LENGTH } } };
  }
  return { ok: true, note: text === '' ? null : text };
}
