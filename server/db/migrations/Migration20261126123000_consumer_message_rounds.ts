import { Migration } from '@mikro-orm/migrations';

/**
 * A message counts the cancellations told before it on its channel: a deleted order that is restored is told
 * its window again (a new row of the next round), and deleted again gets a cancellation again, without colliding
 * with the rows of the earlier rounds. Existing rows are of round 0, as no restore was told before.
 */
export class Migration20261126123000_consumer_message_rounds extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table "consumer_messages" add column "cancellations_before" smallint not null default 0;`);
    this.addSql(`alter table "consumer_messages" drop constraint "consumer_messages_once";`);
    this.addSql(`alter table "consumer_messages" add constraint "consumer_messages_once"
      unique ("order_id", "kind", "window_start", "window_seconds", "channel", "cancellations_before");`);
  }

  override async down(): Promise<void> {
    this.addSql(`delete from "consumer_messages" where "cancellations_before" > 0;`);
    this.addSql(`alter table "consumer_messages" drop constraint "consumer_messages_once";`);
    this.addSql(`alter table "consumer_messages" add constraint "consumer_messages_once"
      unique ("order_id", "kind", "window_start", "window_seconds", "channel");`);
    this.addSql(`alter table "consumer_messages" drop column "cancellations_before";`);
  }
}
