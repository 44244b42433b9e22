import { Migration } from '@mikro-orm/migrations';

/**
 * The morning SMS of the visit day, at a time per country; and the text messages consumers send back, one row per
 * message of the provider (its id makes a retried delivery count once), the sender kept as a keyed hash only.
 */
export class Migration20261206030000_sms_replies extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table "message_settings" add column "morning_sms_at" varchar(5) not null default '07:30';`);
    this.addSql(
      `alter table "message_settings" add constraint "message_settings_morning_sms_at_check" check ("morning_sms_at" ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$');`,
    );
    this.addSql(`create table "inbound_sms" (
      "message_sid" varchar(34) not null,
      "sender_hash" varchar(43) not null,
      "received_at" timestamptz not null,
      "order_id" int null references "orders" ("id") on delete cascade,
      "action" varchar(20) not null,
      constraint "inbound_sms_pkey" primary key ("message_sid"));`);
    this.addSql(`create index "inbound_sms_sender_idx" on "inbound_sms" ("sender_hash", "received_at");`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "inbound_sms";`);
    this.addSql(`alter table "message_settings" drop column "morning_sms_at";`);
  }
}
