import { Migration } from '@mikro-orm/migrations';

/**
 * Consumer messages: one row per message (order, kind, window, channel: unique, so a message is
 * written once however many instances, retries and restarts try), and the message settings of each
 * country (on by default; the language of its consumers).
 */
export class Migration20261126010000_consumer_messages extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create table "consumer_messages" (
      "id" serial primary key,
      "order_id" int not null references "orders" ("id") on delete cascade,
      "kind" varchar(20) not null,
      "channel" varchar(10) not null,
      "window_start" timestamptz not null,
      "window_seconds" int not null,
      "recipient" varchar(255) not null,
      "language" varchar(2) not null,
      "status" varchar(10) not null default 'QUEUED',
      "tries" int not null default 0,
      "last_error" varchar(500) null,
      "created_at" timestamptz not null,
      "sent_at" timestamptz null,
      "failed_at" timestamptz null,
      constraint "consumer_messages_once" unique ("order_id", "kind", "window_start", "window_seconds", "channel"));`);
    this.addSql(`create index "consumer_messages_window_start_idx" on "consumer_messages" ("window_start");`);
    this.addSql(`create table "message_settings" (
      "country" "country" primary key,
      "enabled" boolean not null default true,
      "email" boolean not null default true,
      "sms" boolean not null default true,
      "sender_name" varchar(60) not null,
      "language" varchar(2) not null);`);
    this.addSql(`insert into "message_settings" ("country", "sender_name", "language")
      values ('NL', 'Tijdvak', 'nl'), ('BE', 'Tijdvak', 'fr');`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "message_settings";`);
    this.addSql(`drop table if exists "consumer_messages";`);
  }
}
