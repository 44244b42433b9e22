import type { FieldProblem } from '../common/errors/app-error.js';
import { TIME_ZONE, type Country } from '../common/locale.js';
import { formatDayMonthYear, localDateOf, localPartsOf, type LocalDate } from '../../shared/zoned-time.js';
import { ORDER_BEGIN_HOURS, VISIT_DURATION_SECONDS } from '../../shared/hours.js';
import { PLANNING_YEARS } from '../../shared/orders.js';

export function isInPlanningYears(instant: Date): boolean {
  const year = instant.getUTCFullYear();
  return year >= PLANNING_YEARS.first && year <= PLANNING_YEARS.last;
}

export const dateOutOfRange = (field: string): FieldProblem => ({
  field,
  message: 'DATE_OUT_OF_RANGE',
  params: PLANNING_YEARS,
});

/**
 * The time rules of a new order, read in the order's country: the date is not before today, the
 * window begins on a whole hour between 07:00 and 18:00 and lasts 10800 seconds.
 */
export function checkAppointment(appointment: Date, duration: number, country: Country, now: Date): FieldProblem[] {
  const problems: FieldProblem[] = [];
  const zone = TIME_ZONE[country];
  if (!isInPlanningYears(appointment)) {
    problems.push(dateOutOfRange('appointment'));
  } else {
    if (localDateOf(appointment, zone) < localDateOf(now, zone)) {
      problems.push({ field: 'appointment', message: 'ORDER_DATE_IN_PAST' });
    }
    const local = localPartsOf(appointment, zone);
    const onWholeHour = local.minute === 0 && local.second === 0 && appointment.getUTCMilliseconds() === 0;
    if (!onWholeHour || local.hour < ORDER_BEGIN_HOURS.first || local.hour > ORDER_BEGIN_HOURS.last) {
      problems.push({
        field: 'appointment',
        message: 'ORDER_BEGIN_HOUR',
        params: { firstHour: ORDER_BEGIN_HOURS.first, lastHour: ORDER_BEGIN_HOURS.last },
      });
    }
  }
  if (duration !== VISIT_DURATION_SECONDS) {
    problems.push({ field: 'duration', message: 'ORDER_DURATION', params: { seconds: VISIT_DURATION_SECONDS } });
  }
  return problems;
}

/**
 * No order is planned on a holiday of its country (the holiday guard keeps the orders an admin chose to
 * leave there; nothing new joins them). Creating and rescheduling ask this one rule.
 */
export function holidayProblem(
  date: LocalDate,
  country: Country,
  holidays: ReadonlySet<LocalDate>,
): FieldProblem | null {
  if (!holidays.has(date)) return null;
  return {
    field: 'appointment',
    message: 'ORDER_DATE_IS_HOLIDAY',
    params: { date: formatDayMonthYear(date), country },
  };
}
