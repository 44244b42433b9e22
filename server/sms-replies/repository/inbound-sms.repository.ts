import type { EntityManager } from '@mikro-orm/postgresql';
import type { InboundSmsAction } from '../inbound-sms.entity.js';

/** A text message as it is recorded: by the provider's id, with the sender's keyed hash. */
export interface InboundSmsRow {
  messageSid: string;
  senderHash: string;
  receivedAt: Date;
  orderId: number | null;
  action: InboundSmsAction;
}

/**
 * Written once per provider id: a retried delivery, or two at once, records nothing more. Resolves to whether this
 * statement wrote it.
 */
const INSERT_SQL = `
  insert into inbound_sms (message_sid, sender_hash, received_at, order_id, action) values (?, ?, ?, ?, ?)
  on conflict (message_sid) do nothing
  returning message_sid`;

/**
 * The statements on the text messages consumers send. The service keeps the rules (what a message does, when one is
 * answered) and asks here for the rows.
 */
export class InboundSmsRepository {
  constructor(private readonly em: EntityManager) {}

  /** Whether a message with this provider id was recorded. */
  async recorded(messageSid: string): Promise<boolean> {
    const rows = await this.em.execute<{ found: number }[]>(
      `select 1 as found from inbound_sms where message_sid = ?`,
      [messageSid],
    );
    return rows.length > 0;
  }

  /** Records the message unless its id is recorded; resolves to whether this call recorded it. */
  async insertOnce(row: InboundSmsRow): Promise<boolean> {
    const inserted = await this.em.execute<{ message_sid: string }[]>(INSERT_SQL, [
      row.messageSid,
      row.senderHash,
      row.receivedAt,
      row.orderId,
      row.action,
    ]);
    return inserted.length > 0;
  }

  /**
   * Holds, until the caller's transaction ends, the sender's turn: two messages of one number at once decide one
   * after the other whether the day's helpful answer went.
   */
  async lockSender(senderHash: string): Promise<void> {
    await this.em.execute(`select pg_advisory_xact_lock(hashtextextended(?, 0))`, [`inbound-sms:${senderHash}`]);
  }

  /** Whether the sender had a helpful answer since `since`. */
  async helpedSince(senderHash: string, since: Date, help: InboundSmsAction): Promise<boolean> {
    const rows = await this.em.execute<{ found: number }[]>(
      `select 1 as found from inbound_sms where sender_hash = ? and received_at >= ? and action = ? limit 1`,
      [senderHash, since, help],
    );
    return rows.length > 0;
  }

  /** Removes at most `limit` messages received before `before`; resolves to how many. */
  async removeBefore(before: Date, limit: number): Promise<number> {
    const { affectedRows } = await this.em.execute<{ affectedRows: number }>(
      `delete from inbound_sms where message_sid in
         (select message_sid from inbound_sms where received_at < ? order by received_at limit ?)`,
      [before, limit],
      'run',
    );
    return affectedRows;
  }
}
