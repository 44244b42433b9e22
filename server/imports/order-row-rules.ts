import type { EntityManager } from '@mikro-orm/postgresql';
import type { MessageKey, MessageParams } from '../common/i18n/translate.js';
import type { Country } from '../common/locale.js';
import type { LocalDate } from '../common/time/zoned-time.js';
import { PLANNING_YEARS } from '../orders/appointment-rules.js';
import { formatClock, type VisitWindow } from './import-window.js';

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
  country: Country;
  /** The visit day in the country's zone. */
  date: LocalDate;
  window: VisitWindow;
  technicianId: number | null;
}

export type RowRule = (visit: CheckedVisit) => RowProblem | null;

/** Prepared once per import, with what the rule needs from the database (e.g. a country's holidays). */
export type ImportRowRule = (em: EntityManager, country: Country) => Promise<RowRule>;

/** Spec section 9: the planner's visits start at 07:00 at the earliest and end by 22:00. */
const PLANNER_DAY = { start: 7 * 60, end: 22 * 60 };

const visitWithinPlannerDay: ImportRowRule = async () => (visit) =>
  visit.window.start >= PLANNER_DAY.start && visit.window.end <= PLANNER_DAY.end
    ? null
    : {
        line: visit.line,
        column: 'time',
        message: 'IMPORT_WINDOW_OUTSIDE_HOURS',
        params: { from: formatClock(PLANNER_DAY.start), to: formatClock(PLANNER_DAY.end) },
      };

/** The same years as orders created by hand: another year is a typo, not a plan. */
const visitInPlanningYears: ImportRowRule = async () => (visit) => {
  const year = Number(visit.date.slice(0, 4));
  return year >= PLANNING_YEARS.first && year <= PLANNING_YEARS.last
    ? null
    : { line: visit.line, column: 'date', message: 'DATE_OUT_OF_RANGE', params: { ...PLANNING_YEARS } };
};

/**
 * Every rule an imported row must pass beyond the format of its cells, in order. Rules about the
 * visit date (refusing holidays, for one) belong here: prepare loads their data once per import.
 */
export const IMPORT_ROW_RULES: readonly ImportRowRule[] = [visitInPlanningYears, visitWithinPlannerDay];

export async function prepareRowRules(em: EntityManager, country: Country): Promise<RowRule[]> {
  return Promise.all(IMPORT_ROW_RULES.map((rule) => rule(em, country)));
}
