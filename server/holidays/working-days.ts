import type { EntityManager } from '@mikro-orm/postgresql';
import type { Country } from '../common/locale.js';
import { addDays, weekdayOf, type LocalDate } from '../../shared/zoned-time.js';
import type { HolidayDates } from '../context.js';
import { Holiday } from './holiday.entity.js';

/**
 * Where the holidays come from: the request's entity manager reads them from the database (inside its
 * transaction, if any); the process's HolidayCalendar (`services.holidays`) answers from its short-lived cache.
 */
export type HolidaySource = EntityManager | HolidayDates;

/** How far the search for a working day looks; far longer than any run of holidays and Sundays. */
const SEARCH_DAYS = 21;

/** The one rule: a working day is neither a Sunday nor a holiday of the country. */
export function isWorkingDay(date: LocalDate, holidays: ReadonlySet<LocalDate>): boolean {
  return weekdayOf(date) !== 0 && !holidays.has(date);
}

/** Answers remembered per holiday set, by start day and direction; a set is replaced, never changed. */
const answersOfHolidays = new WeakMap<ReadonlySet<LocalDate>, Map<string, LocalDate>>();
/** Distinct start days remembered per set: the lookup and the schedule ask about the same few days all day. */
const REMEMBERED_DAYS = 1_000;

function stepToWorkingDay(from: LocalDate, step: 1 | -1, holidays: ReadonlySet<LocalDate>): LocalDate {
  let answers = answersOfHolidays.get(holidays);
  if (!answers) answersOfHolidays.set(holidays, (answers = new Map<string, LocalDate>()));
  const key = `${from}${step}`;
  const known = answers.get(key);
  if (known !== undefined) return known;
  let date = addDays(from, step);
  for (let i = 0; i < SEARCH_DAYS && !isWorkingDay(date, holidays); i++) date = addDays(date, step);
  if (answers.size >= REMEMBERED_DAYS) answers.clear();
  answers.set(key, date);
  return date;
}

/** Holidays of a country between two dates, inclusive. */
export async function loadHolidayDates(
  em: EntityManager,
  country: Country,
  from: LocalDate,
  to: LocalDate,
): Promise<Set<LocalDate>> {
  const rows = await em.find(
    Holiday,
    { country, date: { $gte: from, $lte: to } },
    { fields: ['date'], disableIdentityMap: true },
  );
  return new Set(rows.map((row) => row.date));
}

/**
 * The country's holidays: all the calendar keeps, or from the database those in the range `span` gives (worked out
 * only then: the lookup asks the calendar on every request).
 */
function holidaysOf(
  source: HolidaySource,
  country: Country,
  span: () => [from: LocalDate, to: LocalDate],
): Promise<ReadonlySet<LocalDate>> {
  // Not async: an async function returning a promise would wait two more turns of the microtask queue for it.
  return 'datesOf' in source ? source.datesOf(country) : loadHolidayDates(source, country, ...span());
}

/** The first working day after `date` in the country. */
export async function nextWorkingDay(source: HolidaySource, country: Country, date: LocalDate): Promise<LocalDate> {
  const holidays = await holidaysOf(source, country, () => [addDays(date, 1), addDays(date, SEARCH_DAYS + 1)]);
  return stepToWorkingDay(date, 1, holidays);
}

/** The last working day before `date` in the country. */
export async function previousWorkingDay(source: HolidaySource, country: Country, date: LocalDate): Promise<LocalDate> {
  const holidays = await holidaysOf(source, country, () => [addDays(date, -SEARCH_DAYS - 1), addDays(date, -1)]);
  return stepToWorkingDay(date, -1, holidays);
}
