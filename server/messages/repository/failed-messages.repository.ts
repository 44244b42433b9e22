import type { EntityManager } from '@mikro-orm/postgresql';
import type { Country } from '../../common/locale.js';
import type { MessageChannel, MessageKind } from '../consumer-message.entity.js';
import type { MessageFailureCode } from '../message-failure.js';

export interface FailedMessageRow {
  id: number;
  kind: MessageKind;
  channel: MessageChannel;
  recipient: string | null;
  last_error: string | null;
  failure_code: MessageFailureCode | null;
  tries: number;
  failed_at: Date | string;
  order_id: number;
  reference_number: string;
  country: Country;
}

/** The failed messages as the partial index `consumer_messages_failed_idx` holds them. */
const FAILED = `m.status = 'FAILED' and m.failed_at is not null`;

/**
 * The failed consumer messages across orders, newest first (by when they failed), from the partial index of the
 * failed ones: a page walks that index backwards and stops at its end, however many messages were sent.
 */
export class FailedMessagesRepository {
  constructor(private readonly em: EntityManager) {}

  /** A page of `limit` rows after the cursor (its failure time and id), of one failure code or all. */
  page(query: {
    code: MessageFailureCode | null;
    after: { failedAt: Date; id: number } | null;
    limit: number;
  }): Promise<FailedMessageRow[]> {
    const conditions = [FAILED];
    const params: unknown[] = [];
    if (query.code) {
      conditions.push('m.failure_code = ?');
      params.push(query.code);
    }
    if (query.after) {
      conditions.push('(m.failed_at, m.id) < (?, ?)');
      params.push(query.after.failedAt, query.after.id);
    }
    return this.em.execute<FailedMessageRow[]>(
      `select m.id, m.kind, m.channel, m.recipient, m.last_error, m.failure_code, m.tries, m.failed_at,
              o.id as order_id, o.reference_number, o.country
         from consumer_messages m join orders o on o.id = m.order_id
        where ${conditions.join(' and ')}
        order by m.failed_at desc, m.id desc
        limit ?`,
      [...params, query.limit],
    );
  }

  /** How many failed (of one code or all), counted up to `limit` + 1: past the limit the exact number helps nobody. */
  async count(code: MessageFailureCode | null, limit: number): Promise<number> {
    const [{ count }] = await this.em.execute<{ count: string }[]>(
      `select count(*) as count from (select 1 from consumer_messages m
        where ${FAILED}${code ? ' and m.failure_code = ?' : ''} limit ?) as failed`,
      [...(code ? [code] : []), limit + 1],
    );
    return Number(count);
  }
}
