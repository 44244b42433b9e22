import { clockOf } from '../../../shared/clock-time.js';
import { TIME_ZONE, type Locale } from './locale';

const intlLocale = (locale: Locale) => `${locale.language}-${locale.country}`;

function format(date: Date, locale: Locale, options: Intl.DateTimeFormatOptions): string {
  return new Intl.DateTimeFormat(intlLocale(locale), { timeZone: TIME_ZONE[locale.country], ...options }).format(date);
}

/** "maandag" / "lundi". */
export const formatWeekday = (date: Date, locale: Locale) => format(date, locale, { weekday: 'long' });

/** "23 november 2026" / "23 novembre 2026". */
export const formatLongDate = (date: Date, locale: Locale) =>
  format(date, locale, { day: 'numeric', month: 'long', year: 'numeric' });

/** "23 november" / "23 novembre": a date of the coming days, which needs no year. */
export const formatDayMonth = (date: Date, locale: Locale) => format(date, locale, { day: 'numeric', month: 'long' });

/** "23-11-2026": the day-month-year of lists. */
export function formatDayMonthYear(date: Date, locale: Locale): string {
  const parts = new Intl.DateTimeFormat('en-GB', {
    timeZone: TIME_ZONE[locale.country],
    day: '2-digit',
    month: '2-digit',
    year: 'numeric',
  }).formatToParts(date);
  const get = (type: string) => parts.find((part) => part.type === type)?.value ?? '';
  return `${get('day')}-${get('month')}-${get('year')}`;
}

/** "8.00" / "8 h", "13.30" / "13 h 30": the one notation of shared/clock-time.ts. */
export const formatTime = (date: Date, locale: Locale) => clockOf(date, TIME_ZONE[locale.country], locale.language);

/** The hour (0-23) of an instant in the country's zone. */
export function hourIn(date: Date, locale: Locale): number {
  // Only the hour part: French formats an hour alone as "09 h", which is not a number.
  const parts = new Intl.DateTimeFormat(intlLocale(locale), {
    timeZone: TIME_ZONE[locale.country],
    hour: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(date);
  return Number(parts.find((part) => part.type === 'hour')?.value);
}

/** A calendar date ("2026-11-23") shown as day-month-year without any zone shift. */
export function formatLocalDate(date: string): string {
  const [year, month, day] = date.split('-');
  return `${day}-${month}-${year}`;
}
