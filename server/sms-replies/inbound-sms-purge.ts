import type { MikroORM } from '@mikro-orm/postgresql';
import { JOB_LOG_CONTEXT } from '../common/jobs/job-log.js';
import { InboundSmsRepository } from './repository/inbound-sms.repository.js';

/** Rows removed per statement: a short statement each, however many are due. */
const PURGE_BATCH = 1000;

/**
 * Removes the record of text messages consumers sent, as long after they came as consumer messages keep their address
 * (docs/rules.md, Consumer messages): the sender's hash and the order it answered go with them. Resolves to how many.
 */
export async function purgeInboundSms(orm: MikroORM, now: Date, retentionDays: number): Promise<number> {
  const repository = new InboundSmsRepository(orm.em.fork({ loggerContext: JOB_LOG_CONTEXT }));
  const before = new Date(now.getTime() - retentionDays * 86_400_000);
  let total = 0;
  for (;;) {
    const removed = await repository.removeBefore(before, PURGE_BATCH);
    total += removed;
    if (removed < PURGE_BATCH) return total;
  }
}
