/** A transport call that did not end within its time; retried like an unreachable server. */
export class DeadlineExceeded extends Error {
  readonly code = 'ETIMEDOUT';

  constructor(what: string, ms: number) {
    super(`${what} took longer than ${ms} ms`);
    this.name = 'DeadlineExceeded';
  }
}

/**
 * The work's result, or a `DeadlineExceeded` once `ms` have passed: a job that waits on a transport is bounded below
 * its expiry, so the queue never gives it up (and tries it again) while it still runs. At the deadline the work's
 * signal is aborted as well: a try recorded as failed is tried again, so a message still waiting in a transport's
 * queue or on its connection must be withdrawn there, or it may yet go and then go again with the retry. The
 * failure is settled before the abort, so the caller always hears of the deadline, never of the abort it caused.
 */
export async function withDeadline<T>(work: (signal: AbortSignal) => Promise<T>, ms: number, what: string): Promise<T> {
  const controller = new AbortController();
  let timer: NodeJS.Timeout | undefined;
  const expired = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => {
      const exceeded = new DeadlineExceeded(what, ms);
      reject(exceeded);
      controller.abort(exceeded);
    }, ms);
  });
  const working = work(controller.signal);
  // The work's own rejection after the deadline (the abort) has nobody waiting for it any more.
  working.catch(() => undefined);
  try {
    return await Promise.race([working, expired]);
  } finally {
    clearTimeout(timer);
  }
}
