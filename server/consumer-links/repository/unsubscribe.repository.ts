import type { EntityManager } from '@mikro-orm/postgresql';
import { JOB_LOG_CONTEXT } from '../../common/jobs/job-log.js';
import { ConsumerUnsubscribe, type MessageChannel } from '../consumer-unsubscribe.entity.js';

/** An unsubscribe as stored: the channel and the keyed hash of the address, never the address. */
export interface UnsubscribeRow {
  channel: string;
  address_hash: string;
}

/**
 * The statements on unsubscribes. `unsubscribes.ts` keeps the rules (how an address is normalized and hashed, which
 * addresses match) and asks here for the rows, by hash only.
 */
export class UnsubscribeRepository {
  constructor(private readonly em: EntityManager) {}

  /**
   * The unsubscribes with any of these hashes, on any channel, in one statement. Run by the message senders, which
   * are jobs: the statement carries the jobs' log label.
   */
  withHashes(hashes: readonly string[]): Promise<UnsubscribeRow[]> {
    return this.em.execute<UnsubscribeRow[]>(
      `select channel, address_hash from consumer_unsubscribes
      where address_hash in (select jsonb_array_elements_text(?::jsonb))`,
      [JSON.stringify(hashes)],
      'all',
      JOB_LOG_CONTEXT,
    );
  }

  /** Stores the unsubscribe; one stored before for the same channel and hash is left as it is. */
  async insertOnce(channel: MessageChannel, addressHash: string, now: Date): Promise<void> {
    await this.em
      .createQueryBuilder(ConsumerUnsubscribe)
      .insert({ channel, addressHash, createdAt: now })
      .onConflict(['channel', 'addressHash'])
      .ignore()
      .execute();
  }
}
