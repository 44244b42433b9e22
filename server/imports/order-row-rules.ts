import type { EntityManager } from '@mikro-orm/postgresql';
import type { MessageKey, MessageParams } from '../common/i18n/translate.js';
import { TIME_ZONE, type Country } from '../common/locale.js';
import { formatDayMonthYear, type LocalDate } from '../../shared/zoned-time.js';
import { loadHolidayDates } from '../holidays/working-days.js';
import { PLANNER_DAY } from '../../shared/hours.js';
import { PLANNING_YEARS } from '../../shared/orders.js';
import { formatClock, type VisitWindow } from './import-window.js';
import { activeOrderSql } from '../orders/index.js';

/** A problem with one row of an imported file: line, column (null for the whole row) and reason. */
export interface RowProblem {
  line: number;
  column: string | null;
  /** The cell as written, to show beside the reason. */
  value?: string;
  message: MessageKey;
  params?: MessageParams;
}

/** A row whose fields are all readable: what the rules below judge. */
export interface CheckedVisit {
  line: number;
  referenceNumber: string;
  country: Country;
  /** The visit day in the country's zone. */
  date: LocalDate;
  window: VisitWindow;
  technicianId: number | null;
}

export type RowRule = (visit: CheckedVisit) => RowProblem | null;

/** Prepared once per import, with what the rule needs from the database (e.g. a country's holidays). */
export type ImportRowRule = (em: EntityManager, country: Country) => Promise<RowRule>;

/** The planner's day in minutes since midnight: visits start at 07:00 at the earliest and end by 22:00. */
const DAY_MINUTES = { start: PLANNER_DAY.startHour * 60, end: PLANNER_DAY.endHour * 60 };

const visitWithinPlannerDay: ImportRowRule = async () => (visit) =>
  visit.window.start >= DAY_MINUTES.start && visit.window.end <= DAY_MINUTES.end
    ? null
    : {
        line: visit.line,
        column: 'time',
        message: 'IMPORT_WINDOW_OUTSIDE_HOURS',
        params: { from: formatClock(DAY_MINUTES.start), to: formatClock(DAY_MINUTES.end) },
      };

/** The same years as orders created by hand: another year is a typo, not a plan. */
const visitInPlanningYears: ImportRowRule = async () => (visit) => {
  const year = Number(visit.date.slice(0, 4));
  return year >= PLANNING_YEARS.first && year <= PLANNING_YEARS.last
    ? null
    : { line: visit.line, column: 'date', message: 'DATE_OUT_OF_RANGE', params: { ...PLANNING_YEARS } };
};

/**
 * Reference numbers of the active orders that already lie on a holiday of the country, with that
 * date: an admin kept them when adding the holiday. Driven from the (few) holidays, each a range
 * on the appointment index.
 */
async function ordersKeptOnHolidays(em: EntityManager, country: Country): Promise<Map<string, LocalDate>> {
  const zone = TIME_ZONE[country];
  const rows = await em.execute<{ reference_number: string; date: string }[]>(
    `select o.reference_number, to_char(h.date, 'YYYY-MM-DD') as date
     from holidays h
     join orders o on o.appointment >= (h.date::timestamp at time zone ?)
                  and o.appointment < ((h.date + 1)::timestamp at time zone ?)
                  and o.country = h.country and ${activeOrderSql('o')}
     where h.country = ?`,
    [zone, zone, country],
  );
  return new Map(rows.map((row) => [row.reference_number, row.date]));
}

/**
 * No visit on a holiday of the file's country: that day is in no planner. An order already stored on
 * that very date passes (an admin kept it when adding the holiday), so re-importing an export still
 * works; moving or creating an order onto a holiday does not. Holidays are loaded once per import.
 */
const visitNotOnHoliday: ImportRowRule = async (em, country) => {
  const holidays = await loadHolidayDates(em, country, `${PLANNING_YEARS.first}-01-01`, `${PLANNING_YEARS.last}-12-31`);
  if (holidays.size === 0) return () => null;
  const kept = await ordersKeptOnHolidays(em, country);
  return (visit) =>
    !holidays.has(visit.date) || kept.get(visit.referenceNumber) === visit.date
      ? null
      : {
          line: visit.line,
          column: 'date',
          message: 'IMPORT_DATE_IS_HOLIDAY',
          params: { date: formatDayMonthYear(visit.date), country: visit.country },
        };
};

/**
 * Every rule an imported row must pass beyond the format of its cells, in order. Rules about the
 * visit date belong here: prepare loads their data once per import.
 */
export const IMPORT_ROW_RULES: readonly ImportRowRule[] = [
  visitInPlanningYears,
  visitWithinPlannerDay,
  visitNotOnHoliday,
];

export async function prepareRowRules(em: EntityManager, country: Country): Promise<RowRule[]> {
  return Promise.all(IMPORT_ROW_RULES.map((rule) => rule(em, country)));
}
