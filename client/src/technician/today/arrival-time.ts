import { instantOf, type LocalDate } from '../../../../shared/zoned-time.js';

/**
 * The moment an arrival time typed as HH:MM (a time input's value) falls on the visit's day, in the country's zone;
 * null when nothing usable was typed. The minutes are added to the whole hour, as the hour is what the zone decides.
 */
export function arrivalAt(date: LocalDate, time: string, zone: string): Date | null {
  const match = /^(\d{2}):(\d{2})$/.exec(time);
  if (!match) return null;
  return new Date(instantOf(date, Number(match[1]), 0, zone).getTime() + Number(match[2]) * 60_000);
}
