import { Country } from '../../common/locale.js';
import { addDays, type LocalDate } from '../../../shared/zoned-time.js';

/** Easter Sunday (Gregorian calendar, anonymous algorithm). */
function easterSunday(year: number): LocalDate {
  const a = year % 19;
  const b = Math.floor(year / 100);
  const c = year % 100;
  const d = Math.floor(b / 4);
  const e = b % 4;
  const f = Math.floor((b + 8) / 25);
  const g = Math.floor((b - f + 1) / 3);
  const h = (19 * a + b - d - g + 15) % 30;
  const i = Math.floor(c / 4);
  const k = c % 4;
  const l = (32 + 2 * e + 2 * i - h - k) % 7;
  const m = Math.floor((a + 11 * h + 22 * l) / 451);
  const month = Math.floor((h + l - 7 * m + 114) / 31);
  const day = ((h + l - 7 * m + 114) % 31) + 1;
  return `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

/** The official public holidays of a year, for demo data. */
export function publicHolidays(country: Country, year: number): LocalDate[] {
  const easter = easterSunday(year);
  const moving = [addDays(easter, 1), addDays(easter, 39), addDays(easter, 50)];
  const fixed =
    country === Country.NL
      ? ['01-01', '04-27', '12-25', '12-26']
      : ['01-01', '05-01', '07-21', '08-15', '11-01', '11-11', '12-25'];
  return [...fixed.map((monthDay) => `${year}-${monthDay}`), ...moving].sort();
}
