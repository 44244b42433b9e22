/**
 * The schedule domain's front door: the confirmed days and their rules, the confirmation and the check of a confirmed
 * schedule (the planner's).
 */
export { ScheduleConfirmation } from './schedule-confirmation.entity.js';
export { ScheduleError } from './schedule.errors.js';
export { checkConfirmation } from './schedule-rules.js';
