import { clockOf } from '../../shared/clock-time.js';
import { translate } from '../common/i18n/translate.js';
import { TIME_ZONE, type Country, type Language } from '../common/locale.js';

/** A visit of today as the morning SMS tells it. */
export interface VisitOfTheDay {
  /** The promised window. */
  windowStart: Date;
  windowSeconds: number;
  /** The narrow expected time inside it, once the technician confirmed his day (docs/rules.md, Narrow time). */
  expected: { from: Date; until: Date } | null;
  country: Country;
  language: Language;
}

/**
 * The time the visit day's SMS names: the narrow expected time, said as an estimate ("naar verwachting tussen 10.15
 * en 11.15"), where the technician's day is confirmed; else the promised window itself ("tussen 8.00 en 11.00").
 */
export function visitDayTimeText(visit: VisitOfTheDay): string {
  const zone = TIME_ZONE[visit.country];
  if (visit.expected) {
    return translate(visit.language, 'CONSUMER_SMS_MORNING_EXPECTED', {
      begin: clockOf(visit.expected.from, zone, visit.language),
      end: clockOf(visit.expected.until, zone, visit.language),
    });
  }
  const end = new Date(visit.windowStart.getTime() + visit.windowSeconds * 1000);
  return translate(visit.language, 'CONSUMER_SMS_MORNING_WINDOW', {
    begin: clockOf(visit.windowStart, zone, visit.language),
    end: clockOf(end, zone, visit.language),
  });
}
