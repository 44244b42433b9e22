import { clockOf } from '../../shared/clock-time.js';
import { translate } from '../common/i18n/translate.js';
import { TIME_ZONE, type Country, type Language } from '../common/locale.js';

/** A visit of today as the morning SMS tells it. */
export interface VisitOfTheDay {
  orderId: number;
  /** The promised window. */
  windowStart: Date;
  windowSeconds: number;
  country: Country;
  language: Language;
}

/**
 * The time the visit day's SMS names ("tussen 8.00 en 11.00"): the one place where an expected time narrower than the
 * promised window is to come in. Until one is known it is the promised window itself, which stays the promise.
 */
export function visitDayTimeText(visit: VisitOfTheDay): string {
  const zone = TIME_ZONE[visit.country];
  const end = new Date(visit.windowStart.getTime() + visit.windowSeconds * 1000);
  return translate(visit.language, 'CONSUMER_SMS_MORNING_WINDOW', {
    begin: clockOf(visit.windowStart, zone, visit.language),
    end: clockOf(end, zone, visit.language),
  });
}
