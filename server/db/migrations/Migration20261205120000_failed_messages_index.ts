import { Migration } from '@mikro-orm/migrations';

/** The failed consumer messages, newest first, for the office's log across orders: the few among the many sent. */
export class Migration20261205120000_failed_messages_index extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      `create index "consumer_messages_failed_idx" on "consumer_messages" ("failed_at", "id") where "status" = 'FAILED' and "failed_at" is not null;`,
    );
  }

  override async down(): Promise<void> {
    this.addSql(`drop index "consumer_messages_failed_idx";`);
  }
}
