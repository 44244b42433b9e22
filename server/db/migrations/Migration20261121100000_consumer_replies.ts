import { Migration } from '@mikro-orm/migrations';

/**
 * Consumer replies: one row per order with the one-tap answer and the access note
 * (stored HTML-escaped, so up to 6 characters per typed character: 300 typed fit in 1800). A reply
 * with neither is removed, never stored empty.
 */
export class Migration20261121100000_consumer_replies extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create type "visit_answer" as enum ('AT_HOME', 'CALL_ME');`);
    this.addSql(`create table "consumer_replies" (
      "id" serial primary key,
      "order_id" int not null constraint "consumer_replies_order_id_unique" unique
        references "orders" ("id") on delete cascade,
      "answer" "visit_answer" null,
      "access_note" varchar(1800) null,
      "created_at" timestamptz not null,
      "updated_at" timestamptz not null,
      constraint "consumer_replies_not_empty" check ("answer" is not null or "access_note" is not null));`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "consumer_replies";`);
    this.addSql(`drop type if exists "visit_answer";`);
  }
}
