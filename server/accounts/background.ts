import type { Logger } from 'pino';

/**
 * Runs work after the answer has gone out (a mail, for instance), so that callers cannot tell from
 * the response time whether it was needed. Failures are logged, never thrown at anyone.
 */
export function runInBackground(log: Logger, what: string, work: () => Promise<void>): void {
  setImmediate(() => {
    work().catch((error: unknown) => log.error({ err: error }, `${what} failed`));
  });
}
