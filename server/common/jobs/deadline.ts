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
 * its expiry, so the queue never gives it up (and tries it again) while it still runs. The work itself is not
 * stopped (a socket closes on its own timeout); only nobody waits for it any more.
 */
export async function withDeadline<T>(work: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const expired = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new DeadlineExceeded(what, ms)), ms);
  });
  try {
    return await Promise.race([work, expired]);
  } finally {
    clearTimeout(timer);
  }
}
