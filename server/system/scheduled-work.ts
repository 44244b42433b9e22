import type { AppServices } from '../context.js';

/** Every ten minutes (UTC cron): expired rate-limit windows are removed. */
const RATE_LIMIT_CLEANUP_CRON = '*/10 * * * *';

/**
 * Every piece of scheduled and retried work of the application, in one list: the queues, their
 * handlers and their schedules (pg-boss, server/common/jobs). Nothing in the application runs on a
 * timer of its own, so every instance shares the work and a restart loses none of it.
 */
export async function defineScheduledWork(services: AppServices): Promise<void> {
  const { jobs } = services;
  await jobs.define({
    name: 'rate-limit-buckets.cleanup',
    policy: 'exclusive',
    retryLimit: 0,
    retryDelaySeconds: 0,
    expireInSeconds: 300,
    handler: () => services.rateLimiter.removeExpired(),
  });
  await jobs.every('rate-limit-buckets.cleanup', RATE_LIMIT_CLEANUP_CRON);
}
