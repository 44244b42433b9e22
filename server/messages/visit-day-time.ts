import { clockOf } from '../../shared/clock-time.js';
import { translate } from '../common/i18n/translate.js';
import { Language, TIME_ZONE, type Country } from '../common/locale.js';

/** A visit of today as the morning SMS tells it. */
export interface VisitOfTheDay {
  /** The promised window. */
  windowStart: Date;
  windowSeconds: number;
  /**
   * The narrow expected time inside it and the visit's place in the day (1 for the first), once the technician
   * confirmed his day (docs/rules.md, Narrow time).
   */
  expected: { from: Date; until: Date; position: number } | null;
  country: Country;
  language: Language;
}

/** "3e" in both languages; French writes the first "1re" (la première visite). */
const ordinalOf = (position: number, language: Language): string =>
  position === 1 && language === Language.FR ? '1re' : `${position}e`;

/**
 * The time the visit day's SMS names: the narrow expected time, said as an estimate, with the visit's place in the day
 * ("naar verwachting tussen 10.15 en 11.15. U bent de 3e afspraak"), where the technician's day is confirmed; else the
 * promised window itself ("tussen 8.00 en 11.00"). A count only: nothing of the other visits.
 */
export function visitDayTimeText(visit: VisitOfTheDay): string {
  const zone = TIME_ZONE[visit.country];
  if (visit.expected) {
    return translate(visit.language, 'CONSUMER_SMS_MORNING_EXPECTED', {
      begin: clockOf(visit.expected.from, zone, visit.language),
      end: clockOf(visit.expected.until, zone, visit.language),
      ordinal: ordinalOf(visit.expected.position, visit.language),
    });
  }
  const end = new Date(visit.windowStart.getTime() + visit.windowSeconds * 1000);
  return translate(visit.language, 'CONSUMER_SMS_MORNING_WINDOW', {
    begin: clockOf(visit.windowStart, zone, visit.language),
    end: clockOf(end, zone, visit.language),
  });
}
