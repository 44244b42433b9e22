import { Migration } from '@mikro-orm/migrations';

/**
 * A message being handed to its transport is claimed for a short lease instead of locked in a transaction: the
 * send runs outside any transaction, and a claim whose sender died runs out and is sent again (docs/rules.md,
 * Consumer messages).
 */
export class Migration20261204120000_consumer_message_claims extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table "consumer_messages" add column "claimed_until" timestamptz null;`);
    this.addSql(
      `create index "consumer_messages_claimed_idx" on "consumer_messages" ("claimed_until") where "status" = 'QUEUED' and "claimed_until" is not null;`,
    );
  }

  override async down(): Promise<void> {
    this.addSql(`drop index "consumer_messages_claimed_idx";`);
    this.addSql(`alter table "consumer_messages" drop column "claimed_until";`);
  }
}
