import type { EntityManager } from '@mikro-orm/postgresql';
import { addDays, localDateOf, localDayRange } from '../../shared/zoned-time.js';
import { TIME_ZONE, type Country } from '../common/locale.js';
import { ConsumerMessageRepository } from './repository/consumer-message.repository.js';

/** Messages older than this are not looked at for an answer: a visit of today or tomorrow was told since. */
const TOLD_WITHIN_DAYS = 30;

/**
 * The order an answer by SMS from `number` (E.164) is about: the visit of today or tomorrow (the country's days) that
 * was last texted to that number; null when none. Never an order that was not texted to that very number.
 */
export async function latestTextedVisit(
  em: EntityManager,
  number: string,
  country: Country,
  now: Date,
): Promise<number | null> {
  const zone = TIME_ZONE[country];
  const today = localDateOf(now, zone);
  const days = localDayRange(today, zone, addDays(today, 1));
  return new ConsumerMessageRepository(em).latestTextedOrder({
    recipient: number,
    toldSince: new Date(now.getTime() - TOLD_WITHIN_DAYS * 86_400_000),
    from: days.start,
    to: days.end,
  });
}
