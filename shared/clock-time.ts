/**
 * The one notation of clock times in the texts people read: mails, SMS, the calendar file and every screen
 * (docs/decisions/client.md, Clock times). Dutch writes 13.30 (Taalunie, Onze Taal); French writes 13 h 30 and
 * 8 h on the hour, with no-break spaces (Imprimerie nationale). Forms machines read (HH:MM in the CSV, import rules,
 * time inputs, the legacy answers) keep their colon.
 */
import type { LanguageCode } from './locale.js';
import { localPartsOf } from './zoned-time.js';

export interface ClockTime {
  hour: number;
  minute: number;
}

const NO_BREAK_SPACE = '\u00a0';

/** 13:30 → "13.30" / "13 h 30"; 8:00 → "8.00" / "8 h". */
export function formatClock(time: ClockTime, language: LanguageCode): string {
  const minutes = String(time.minute).padStart(2, '0');
  if (language === 'fr') {
    const hour = `${time.hour}${NO_BREAK_SPACE}h`;
    return time.minute === 0 ? hour : `${hour}${NO_BREAK_SPACE}${minutes}`;
  }
  return `${time.hour}.${minutes}`;
}

/** A whole hour: 7 → "7.00" / "7 h". */
export const formatHour = (hour: number, language: LanguageCode): string => formatClock({ hour, minute: 0 }, language);

/** The wall-clock time of an instant in a zone, written as `formatClock` writes it. */
export const clockOf = (instant: Date, zone: string, language: LanguageCode): string =>
  formatClock(localPartsOf(instant, zone), language);
