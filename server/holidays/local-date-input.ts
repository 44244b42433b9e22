import { PLANNING_YEARS } from '../../shared/orders.js';
import { AppError } from '../common/errors/app-error.js';
import { CommonError } from '../common/errors/common.errors.js';
import type { MessageKey } from '../common/i18n/translate.js';
import { isLocalDate, type LocalDate } from '../../shared/zoned-time.js';

function problemOf(date: string): MessageKey | undefined {
  if (!date) return 'FIELD_REQUIRED';
  if (!isLocalDate(date)) return 'DATE_INPUT_INVALID';
  const year = Number(date.slice(0, 4));
  // The years the planning works with; a holiday or statistics period elsewhere is a typo.
  if (year < PLANNING_YEARS.first || year > PLANNING_YEARS.last) return 'DATE_OUT_OF_RANGE';
  return undefined;
}

/**
 * A calendar date typed by a person (YYYY-MM-DD) in the planning years. Inputs take it as a String
 * rather than the LocalDate scalar so that a wrong date gets our localised field message instead of
 * the scalar's English coercion error.
 */
export function parseLocalDateInput(value: string, field: string): LocalDate {
  const trimmed = value.trim();
  const problem = problemOf(trimmed);
  if (problem) {
    const params = problem === 'DATE_OUT_OF_RANGE' ? { ...PLANNING_YEARS } : undefined;
    throw new AppError(CommonError.BAD_USER_INPUT, {
      message: problem,
      params,
      fields: [{ field, message: problem, params }],
    });
  }
  return trimmed;
}
