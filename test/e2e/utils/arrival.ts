import { formatClock } from '../../../shared/clock-time.js';
import type { LanguageCode } from '../../../shared/locale.js';

/**
 * The clock times the app may show for "now plus some minutes". The server's clock starts at the test's fixed instant
 * (09:00 here) when the app starts and runs on; the phone reads it at each load and runs on from there. So after the
 * file's earlier tests, on a busy machine, "now" is a few minutes past that instant: any minute from it to a minute
 * after the time elapsed since the app started.
 */
export function clockTimesSince(
  appStartedAt: number,
  plusMinutes = 0,
  language: LanguageCode = 'nl',
  from = { hour: 9, minute: 0 },
): string[] {
  const elapsed = Math.ceil((Date.now() - appStartedAt) / 60_000);
  return Array.from({ length: elapsed + 2 }, (_, minute) => {
    const total = from.hour * 60 + from.minute + plusMinutes + minute;
    return formatClock({ hour: Math.floor(total / 60), minute: total % 60 }, language);
  });
}
