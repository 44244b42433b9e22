import type { EntityManager } from '@mikro-orm/postgresql';
import { WINDOW_SHOWN_AT } from '../../shared/hours.js';
import { OrderEventRepository } from '../audit/index.js';
import { TIME_ZONE, type Country } from '../common/locale.js';
import { instantOf, localDateOf, localDayOf } from '../../shared/zoned-time.js';
import { previousWorkingDay, type HolidaySource } from '../holidays/working-days.js';

/** The window is shown from this local time on the working day before the visit (docs/rules.md, Visit window). */
const INDICATION_FROM = WINDOW_SHOWN_AT;

/**
 * Whether the visit window may be shown at `now` (docs/rules.md, Visit window): from 13:30 in the country's
 * zone on the working day before the visit, and on the visit day itself. Working days skip Sundays
 * and the country's holidays. The holidays are read in every case, so the cost of the answer does
 * not depend on it (the lookup relies on that: see consumers/lookup.ts).
 */
export async function isWindowAvailable(
  holidays: HolidaySource,
  country: Country,
  appointment: Date,
  now: Date,
): Promise<boolean> {
  const zone = TIME_ZONE[country];
  const visitDate = localDateOf(appointment, zone);
  const dayBefore = await previousWorkingDay(holidays, country, visitDate);
  if (localDayOf(now, zone).date >= visitDate) return true;
  return now.getTime() >= instantOf(dayBefore, INDICATION_FROM.hour, INDICATION_FROM.minute, zone).getTime();
}

/** The instant a visit's window is first shown: 13:30 on the working day before it, in the country's zone. */
export async function windowShownFrom(holidays: HolidaySource, country: Country, appointment: Date): Promise<Date> {
  const zone = TIME_ZONE[country];
  const dayBefore = await previousWorkingDay(holidays, country, localDateOf(appointment, zone));
  return instantOf(dayBefore, INDICATION_FROM.hour, INDICATION_FROM.minute, zone);
}

/**
 * Of these orders, those whose window the customer chose on the visit page (docs/rules.md, Visit window): shown from
 * the move on, whatever its day, since the move's confirmation named it; the page and the messages say it too.
 */
export function windowsChosenByConsumer(em: EntityManager, orderIds: readonly number[]): Promise<Set<number>> {
  return new OrderEventRepository(em).chosenByConsumer(orderIds);
}
