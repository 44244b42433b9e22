import type { AppContext } from '../context.js';
import { TIME_ZONE, type Country, type Language } from '../common/locale.js';
import { translate } from '../common/i18n/translate.js';
import { clockOf, formatClock } from '../../shared/clock-time.js';
import { CALL_CENTRE_HOURS } from '../../shared/hours.js';
import type { Order } from '../orders/index.js';
import { addressLine } from '../../shared/address.js';
import { CALL_CENTRE } from './contact-details.js';
import { buildCalendar } from './icalendar.js';
import { ownShownVisit } from './own-visit.js';
import type { CalendarFile } from './visit-calendar.types.js';

export const CALENDAR_MEDIA_TYPE = 'text/calendar; charset=utf-8';

function localLongDate(instant: Date, country: Country, language: Language): string {
  return new Intl.DateTimeFormat(`${language}-${country}`, {
    timeZone: TIME_ZONE[country],
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    year: 'numeric',
  }).format(instant);
}

/** Only characters every file system and browser keeps in a download name. */
const safeFilePart = (text: string) => text.replace(/[^A-Za-z0-9._-]+/g, '-');

/** The "add to calendar" file of one visit: exactly its window, in the caller's language. */
export class VisitCalendarService {
  constructor(private readonly ctx: AppContext) {}

  async calendarFile(referenceNumber: string): Promise<CalendarFile> {
    const order = await ownShownVisit(this.ctx, referenceNumber);
    return this.fileOf(order);
  }

  fileOf(order: Order): CalendarFile {
    const { language, services } = this.ctx;
    const { config, clock } = services;
    const start = order.appointment;
    const end = new Date(start.getTime() + order.duration * 1000);
    const text = (key: Parameters<typeof translate>[1], params: Record<string, string | number> = {}) =>
      translate(language, key, params);
    const zone = TIME_ZONE[order.country];
    const window = { begin: clockOf(start, zone, language), end: clockOf(end, zone, language) };
    const content = buildCalendar(
      {
        uid: `${config.brand}-order-${order.id}@${new URL(config.appUrl).hostname}`,
        start,
        end,
        stamp: clock.now(),
        lastModified: order.updatedAt,
        summary: text('CALENDAR_SUMMARY', window),
        description: text('CALENDAR_DESCRIPTION', {
          ...window,
          date: localLongDate(start, order.country, language),
          reference: order.referenceNumber,
          opens: formatClock(CALL_CENTRE_HOURS.opens, language),
          closes: formatClock(CALL_CENTRE_HOURS.closes, language),
          phone: CALL_CENTRE[order.country].display,
        }),
        // Written as on every screen and in the technician's route link.
        location: addressLine(order),
        language,
      },
      `-//${config.brand}//visit window//${language.toUpperCase()}`,
    );
    return {
      fileName: text('CALENDAR_FILE_NAME', { reference: safeFilePart(order.referenceNumber) }),
      mediaType: CALENDAR_MEDIA_TYPE,
      content,
    };
  }
}
