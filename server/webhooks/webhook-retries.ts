/** How long a delivery is retried, and an endpoint may fail, before it is given up (Standard Webhooks' day). */
export const RETRY_WINDOW_MS = 24 * 3_600_000;

/** Waits after each failed attempt: growing, then every ten hours until the day is over. */
const WAITS_SECONDS = [5, 60, 300, 1_800, 7_200, 18_000, 36_000];

/** When to try again after `attempts` failures, never past `retryUntil` (the last try is at its end). */
export function nextAttemptAt(attempts: number, now: Date, retryUntil: Date): Date {
  const wait = WAITS_SECONDS[Math.min(attempts, WAITS_SECONDS.length) - 1] ?? WAITS_SECONDS[0];
  return new Date(Math.min(now.getTime() + wait * 1000, retryUntil.getTime()));
}
