import { defineErrorCodes } from '../common/errors/app-error.js';

/** Why a visit status is refused. Bad input is 400; a rule of the visit day or of the stages is 404/409. */
export const VisitError = defineErrorCodes({
  /** Not an active order of the signed-in technician: the same answer for another's, a deleted or no order. */
  VISIT_NOT_YOURS: 404,
  /** Statuses are given on the visit day only. */
  VISIT_NOT_TODAY: 409,
  VISIT_STAGE_BACKWARDS: 409,
  VISIT_OTHER_ON_THE_WAY: 409,
  /** A technician is at one address at a time: arrived at another visit that is not finished yet. */
  VISIT_OTHER_ARRIVED: 409,
  VISIT_NOTHING_TO_UNDO: 409,
  VISIT_ARRIVAL_REQUIRED: 400,
  VISIT_ARRIVAL_OUT_OF_RANGE: 400,
  VISIT_ARRIVAL_NOT_ALLOWED: 400,
  VISIT_OUTCOME_REQUIRED: 400,
  VISIT_OUTCOME_NOT_ALLOWED: 400,
  VISIT_NOTE_NOT_ALLOWED: 400,
  /** A new arrival estimate within a minute of the last (config: VISIT_ESTIMATE_PER_ORDER). */
  VISIT_ESTIMATE_TOO_SOON: 429,
  /** Too many corrections of one visit in a row (config: VISIT_STEP_BACK_PER_ORDER). */
  VISIT_TOO_MANY_STEPS_BACK: 429,
});
