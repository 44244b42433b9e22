import type { EntityManager, LoggingOptions } from '@mikro-orm/postgresql';
import { ConsumerUnsubscribe, type MessageChannel } from '../consumer-unsubscribe.entity.js';

/** An unsubscribe as stored: the channel and the keyed hash of the address, never the address. */
export interface UnsubscribeRow {
  channel: string;
  address_hash: string;
}

/**
 * The statements on unsubscribes. `unsubscribes.ts` keeps the rules (how an address is normalized and hashed, which
 * addresses match) and asks here for the rows, by hash only. Made with the jobs' log label (`JOB_LOG_CONTEXT`) by
 * the message jobs, so a log tells their statements from a request's.
 */
export class UnsubscribeRepository {
  constructor(
    private readonly em: EntityManager,
    private readonly logContext?: LoggingOptions,
  ) {}

  /** The unsubscribes with any of these hashes, on any channel, in one statement. */
  withHashes(hashes: readonly string[]): Promise<UnsubscribeRow[]> {
    return this.em.execute<UnsubscribeRow[]>(
      `select channel, address_hash from consumer_unsubscribes
      where address_hash in (select jsonb_array_elements_text(?::jsonb))`,
      [JSON.stringify(hashes)],
      'all',
      this.logContext,
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

  /** Removes the unsubscribe of the channel and hash, if there is one. */
  async remove(channel: MessageChannel, addressHash: string): Promise<void> {
    await this.em.nativeDelete(ConsumerUnsubscribe, { channel, addressHash });
  }
}
