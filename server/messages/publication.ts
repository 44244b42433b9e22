import { TIME_ZONE, type Country } from '../common/locale.js';
import { addDays, instantOf, localDateOf, type LocalDate, localDayRange } from '../../shared/zoned-time.js';
import { isWindowAvailable } from '../consumers/visit-indication.js';
import type { HolidaySource } from '../holidays/working-days.js';
import { isDeleted, type Order, type OrderDeletionState } from '../orders/index.js';
import { MessageKind, MessageStatus, WINDOW_KINDS, type ConsumerMessage } from './consumer-message.entity.js';

/** Further ahead than any run of Sundays and holidays can publish. */
const LOOK_AHEAD_DAYS = 14;

/** Visit days whose windows consumers may see at `now`: from today to `last`, as instants [from, to). */
export interface PublishedDays {
  country: Country;
  first: LocalDate;
  last: LocalDate;
  from: Date;
  to: Date;
}

/**
 * The visit days of a country whose windows are shown at `now` (docs/rules.md, Visit window): today
 * and every day whose window became visible at 13:30 on the working day before it. The rule itself is
 * the consumer page's (`isWindowAvailable`), asked for each day from today on; once a day is not shown,
 * no later day is.
 */
export async function publishedDays(holidays: HolidaySource, country: Country, now: Date): Promise<PublishedDays> {
  const zone = TIME_ZONE[country];
  const first = localDateOf(now, zone);
  let last = first;
  for (let offset = 1; offset <= LOOK_AHEAD_DAYS; offset++) {
    const day = addDays(first, offset);
    if (!(await isWindowAvailable(holidays, country, instantOf(day, 12, 0, zone), now))) break;
    last = day;
  }
  const days = localDayRange(first, zone, last);
  return { country, first, last, from: days.start, to: days.end };
}

/** The message an order needs now on one channel, or null. */
export interface PlannedMessage {
  kind: MessageKind;
  windowStart: Date;
  /** 0: the day only (the order moved to a day whose window is not shown yet). */
  windowSeconds: number;
  /** The cancellations told on the channel before: a restore and a delete after it start a new round. */
  cancellationsBefore: number;
}

/** Two instants on the same local day of the country. */
const sameDay = (a: Date, b: Date, published: PublishedDays) =>
  localDateOf(a, TIME_ZONE[published.country]) === localDateOf(b, TIME_ZONE[published.country]);

/** The messages that tell where the visit stands: its window, or that it does not happen. */
export const saysWhere = (message: ConsumerMessage) =>
  WINDOW_KINDS.includes(message.kind) || message.kind === MessageKind.CANCELLATION;

/**
 * A message the consumer may have heard: anything but one that failed for good (docs/decisions/messages.md, Consumer
 * messages: a failed message was not heard).
 */
const mayBeHeard = (message: ConsumerMessage) => message.status !== MessageStatus.FAILED;

/**
 * What a consumer must be told on one channel, given what was told before on it (oldest first; a message that failed
 * for good counts as not told, but still takes its place in the rounds of cancellations, which keep rows apart):
 * - an active order on a published day: its window, or an update when the last message told another;
 * - an active order moved to a day not published yet, after a message: an update with the day only, unless the
 *   last message told that day only already (a new hour on a day whose window is not shown changes nothing the
 *   consumer knows); with its window when the consumer chose it (`windowChosen`: the move's confirmation named it);
 * - an order a partner makes (`externalCompany`): once, who makes it (its window kinds carry the partner's text), and
 *   no update of an hour the partner agrees with the consumer; a cancellation and a restore as any order;
 * - a deleted order, after a message and before its cancellation: the cancellation of what was told;
 * - an active order whose last message was a cancellation (it was restored): that it is planned again.
 * A visit that is over gets nothing.
 */
export function plannedMessage(
  order: Pick<Order, 'appointment' | 'duration'> & Partial<Pick<Order, 'externalCompany'>> & OrderDeletionState,
  published: PublishedDays,
  told: readonly ConsumerMessage[],
  now: Date,
  windowChosen = false,
): PlannedMessage | null {
  const last = told.filter((message) => saysWhere(message) && mayBeHeard(message)).at(-1);
  const cancellationsBefore = told.filter((message) => message.kind === MessageKind.CANCELLATION).length;
  if (isDeleted(order)) {
    if (!last || last.kind === MessageKind.CANCELLATION) return null;
    if (last.windowStart.getTime() < published.from.getTime()) return null;
    return {
      kind: MessageKind.CANCELLATION,
      windowStart: last.windowStart,
      windowSeconds: last.windowSeconds,
      cancellationsBefore,
    };
  }
  const start = order.appointment.getTime();
  if (start + order.duration * 1000 <= now.getTime() || start < published.from.getTime()) return null;
  const isPublished = start < published.to.getTime();
  const windowSeconds = isPublished || windowChosen ? order.duration : 0;
  const planned = (kind: MessageKind): PlannedMessage => ({
    kind,
    windowStart: order.appointment,
    windowSeconds,
    cancellationsBefore,
  });
  if (!last) return isPublished ? planned(MessageKind.WINDOW) : null;
  if (last.kind === MessageKind.CANCELLATION) return planned(MessageKind.RESTORED);
  // The partner agrees the hour with the consumer: we told who, and an hour of ours would not be true.
  if (order.externalCompany !== null && order.externalCompany !== undefined) return null;
  if (last.windowStart.getTime() === start && last.windowSeconds === windowSeconds) return null;
  if (last.windowSeconds === 0 && windowSeconds === 0 && sameDay(last.windowStart, order.appointment, published)) {
    return null;
  }
  return planned(MessageKind.UPDATE);
}
