import { Migration } from '@mikro-orm/migrations';

/**
 * The audit trail of orders: one row per change, written in the transaction of the change. Actor ids
 * have no foreign keys on purpose: the trail is never rewritten (removing an admin must not update
 * the events of every import it ran), the names are copied, and an import of 100 000 rows writes no
 * 100 000 key checks per column.
 */
export class Migration20261121110000_order_events extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create table "order_events" (
      "id" serial primary key,
      "order_id" int not null references "orders" ("id") on delete cascade,
      "occurred_at" timestamptz not null,
      "kind" varchar(32) not null,
      "actor_type" varchar(16) not null check ("actor_type" in ('ADMIN', 'TECHNICIAN', 'CONSUMER', 'IMPORT')),
      "actor_admin_id" int null,
      "actor_technician_id" int null,
      "actor_name" varchar(201) null,
      "acting_admin_name" varchar(201) null,
      "import_job_id" uuid null,
      "before" jsonb null,
      "after" jsonb null);`);
    this.addSql(`create index "order_events_order_id_idx" on "order_events" ("order_id", "id");`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "order_events";`);
  }
}
