import { Migration } from '@mikro-orm/migrations';

/** The mails sent in a period, for the statistics' mail reads: only sent mails, with their order beside. */
export class Migration20261126124500_consumer_mail_sent_index extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      `create index "consumer_messages_mail_sent_idx" on "consumer_messages" ("sent_at") include ("order_id") where "channel" = 'EMAIL' and "sent_at" is not null;`,
    );
  }

  override async down(): Promise<void> {
    this.addSql(`drop index "consumer_messages_mail_sent_idx";`);
  }
}
