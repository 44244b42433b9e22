import { Migration } from '@mikro-orm/migrations';

/**
 * The call list's call statuses: one row per order with the last call's status, note, author and time, and the
 * visit day it was made for. A table of its own rather than columns of `orders`: the list of orders is the hot
 * table, and only the few orders on an evening's call list ever have a call.
 */
export class Migration20261126060000_order_calls extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create type "call_status" as enum ('REACHED', 'NO_ANSWER', 'VOICEMAIL', 'WRONG_NUMBER');`);
    this.addSql(`create table "order_calls" (
      "id" serial primary key,
      "order_id" int not null constraint "order_calls_order_id_unique" unique
        references "orders" ("id") on delete cascade,
      "call_date" date not null,
      "status" "call_status" not null,
      "note" varchar(300) null,
      "set_at" timestamptz not null,
      "set_by_admin_id" int null,
      "set_by_name" varchar(201) not null);`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "order_calls";`);
    this.addSql(`drop type if exists "call_status";`);
  }
}
