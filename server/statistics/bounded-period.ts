import { FIGURES_MAX_DAYS } from '../../shared/office-figures.js';
import { addDays, instantOf, type LocalDate } from '../../shared/zoned-time.js';
import { AppError } from '../common/errors/app-error.js';
import { CommonError } from '../common/errors/common.errors.js';
import { parseLocalDateInput } from '../holidays/local-date-input.js';

/** A period of local days, both inclusive, and the instants that bound it in its zone (end exclusive). */
export interface BoundedPeriod {
  from: LocalDate;
  to: LocalDate;
  start: Date;
  end: Date;
}

const refuse = (message: 'STATISTICS_RANGE_REVERSED' | 'FIGURES_RANGE_TOO_LONG') =>
  new AppError(CommonError.BAD_USER_INPUT, {
    message,
    params: { days: FIGURES_MAX_DAYS },
    fields: [{ field: 'to', message, params: { days: FIGURES_MAX_DAYS } }],
  });

/** The number of days from `from` to `to`, both counted. */
export const daysIn = (from: LocalDate, to: LocalDate) =>
  Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000) + 1;

/**
 * The period of a per-day figure, typed by an admin: both days required, in order, at most FIGURES_MAX_DAYS
 * days (a quarter: what an office reviews at once, and what keeps the statement and its answer bounded).
 */
export function parseBoundedPeriod(fromText: string, toText: string, zone: string): BoundedPeriod {
  const from = parseLocalDateInput(fromText, 'from');
  const to = parseLocalDateInput(toText, 'to');
  if (to < from) throw refuse('STATISTICS_RANGE_REVERSED');
  if (daysIn(from, to) > FIGURES_MAX_DAYS) throw refuse('FIGURES_RANGE_TOO_LONG');
  return { from, to, start: instantOf(from, 0, 0, zone), end: instantOf(addDays(to, 1), 0, 0, zone) };
}
