import { AppError } from '../common/errors/app-error.js';
import { CommonError } from '../common/errors/common.errors.js';
import { isLocalDate, type LocalDate } from '../common/time/zoned-time.js';

/**
 * A calendar date typed by a person (YYYY-MM-DD). Inputs take it as a String rather than the
 * LocalDate scalar so that a wrong date gets our localised field message instead of the scalar's
 * English coercion error.
 */
export function parseLocalDateInput(value: string, field: string): LocalDate {
  const trimmed = value.trim();
  const problem = !trimmed ? 'FIELD_REQUIRED' : isLocalDate(trimmed) ? undefined : 'DATE_INPUT_INVALID';
  if (problem)
    throw new AppError(CommonError.BAD_USER_INPUT, { message: problem, fields: [{ field, message: problem }] });
  return trimmed;
}
