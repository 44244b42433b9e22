import { Migration } from '@mikro-orm/migrations';

/**
 * Addresses that asked for no more consumer messages, per channel, kept only as a keyed hash (HMAC-SHA256,
 * base64url: 43 characters) of the normalised address, never in clear.
 */
export class Migration20261126000000_consumer_unsubscribes extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create table "consumer_unsubscribes" (
      "channel" varchar(5) not null constraint "consumer_unsubscribes_channel_check" check ("channel" in ('EMAIL', 'SMS')),
      "address_hash" varchar(43) not null,
      "created_at" timestamptz not null,
      constraint "consumer_unsubscribes_pkey" primary key ("channel", "address_hash"));`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "consumer_unsubscribes";`);
  }
}
