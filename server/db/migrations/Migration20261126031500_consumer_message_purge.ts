import { Migration } from '@mikro-orm/migrations';

/**
 * Consumer messages keep their address only for a while after the visit: the purge empties it (the
 * row, its status, times and tries stay for the figures) and records when.
 */
export class Migration20261126031500_consumer_message_purge extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table "consumer_messages" alter column "recipient" drop not null;`);
    this.addSql(`alter table "consumer_messages" add column "purged_at" timestamptz null;`);
  }

  override async down(): Promise<void> {
    this.addSql(`alter table "consumer_messages" drop column "purged_at";`);
    this.addSql(`update "consumer_messages" set "recipient" = '' where "recipient" is null;`);
    this.addSql(`alter table "consumer_messages" alter column "recipient" set not null;`);
  }
}
