/**
 * The schedule domain's front door: other folders import from here, never from a file inside schedule/
 * (.dependency-cruiser.cjs refuses it). The confirmed days and their rules: the confirmation, the check of a
 * confirmed schedule (the planner's), and the lock that other changes of an order respect.
 */
export { ScheduleConfirmation } from './schedule-confirmation.entity.js';
export { ScheduleError } from './schedule.errors.js';
export { checkConfirmation } from './schedule-rules.js';
export { assertSchedulesOpen, scheduleDateOf } from './schedule-lock.js';
