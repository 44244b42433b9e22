import { FIGURES_MAX_DAYS } from '../../../../shared/office-figures.js';
import { addDays, type LocalDate } from '../../../../shared/zoned-time.js';

/** Without a first day the mail chart shows this many days up to the last one: a month of the latest mail. */
export const MAIL_READ_DEFAULT_DAYS = 30;

const dayNumber = (date: string) => Date.parse(`${date}T00:00:00Z`) / 86_400_000;

/**
 * The days the chart of consumer mails covers for the screen's period, whose days are both optional (all time by
 * default): to the last day or today, from the first day or MAIL_READ_DEFAULT_DAYS before the end, and at most the
 * last FIGURES_MAX_DAYS days of it (the server's bound). A reversed period is passed on for the server to refuse.
 */
export function mailReadPeriod(period: { from: string; to: string }, today: LocalDate): { from: string; to: string } {
  const to = period.to || (period.from > today ? period.from : today);
  const from = period.from || addDays(to, -(MAIL_READ_DEFAULT_DAYS - 1));
  if (from <= to && dayNumber(to) - dayNumber(from) + 1 > FIGURES_MAX_DAYS) {
    return { from: addDays(to, -(FIGURES_MAX_DAYS - 1)), to };
  }
  return { from, to };
}
