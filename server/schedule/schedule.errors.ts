import { defineErrorCodes } from '../common/errors/app-error.js';

/** Why a schedule cannot be read or confirmed. Bad confirm input is 400; a schedule that moved on is 409. */
export const ScheduleError = defineErrorCodes({
  /** An order would join a schedule its technician already confirmed (create, reassign, migrate). */
  SCHEDULE_CONFIRMED: 409,
  SCHEDULE_LOCKED: 409,
  SCHEDULE_DATE_CHANGED: 409,
  SCHEDULE_CHANGED: 409,
  SCHEDULE_NOTHING_TO_CONFIRM: 409,
  SCHEDULE_UNKNOWN_ORDER: 400,
  SCHEDULE_DUPLICATE_ORDER: 400,
  SCHEDULE_INVALID_DURATION: 400,
  SCHEDULE_WRONG_DATE: 400,
  SCHEDULE_START_OUT_OF_HOURS: 400,
  SCHEDULE_END_TOO_LATE: 400,
});
