import { Migration } from '@mikro-orm/migrations';

/**
 * The SMS sent to a number, for an answer by SMS to find its visit: without it the answer's statement read every
 * message of the days told (at 13:30, each of the day's messages for each answer).
 */
export class Migration20261214010000_texted_order_index extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      `create index "consumer_messages_texted_idx" on "consumer_messages" ("recipient", "window_start") where "channel" = 'SMS' and "status" = 'SENT';`,
    );
  }

  override async down(): Promise<void> {
    this.addSql(`drop index "consumer_messages_texted_idx";`);
  }
}
