/**
 * When the office calls a consumer who answered "I cannot, call me" (docs/decisions/consumer.md, Call me), as the
 * consumer's page says it. The answer can be given from the window's publication (13:30 on the working day before)
 * until the visit starts; the office works those calls from its call list in its opening hours.
 */
import type { ClockTime } from './clock-time.js';
import { CALL_CENTRE_HOURS } from './hours.js';
import { localDateOf, localPartsOf, type LocalDate } from './zoned-time.js';

/** On `date` before `time` (the office closes), or on `date` from `time` (it opens). */
export interface OfficeCallBack {
  date: LocalDate;
  bound: 'BEFORE' | 'FROM';
  time: ClockTime;
}

/**
 * Asked before the office closes: that day, before it closes (the answer is given from the working day before the
 * visit and closes when the visit starts, never later than the office closes). Asked after closing: on the visit's
 * day, from the moment it opens. Dates, not "today": the page may be read on another day than the answer was given.
 */
export function officeCallBack(askedAt: Date, visitStart: Date, zone: string): OfficeCallBack {
  const { hour, minute } = localPartsOf(askedAt, zone);
  const { opens, closes } = CALL_CENTRE_HOURS;
  return hour * 60 + minute < closes.hour * 60 + closes.minute
    ? { date: localDateOf(askedAt, zone), bound: 'BEFORE', time: closes }
    : { date: localDateOf(visitStart, zone), bound: 'FROM', time: opens };
}
