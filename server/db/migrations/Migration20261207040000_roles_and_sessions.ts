import { Migration } from '@mikro-orm/migrations';

/**
 * An office account's role (every existing account stays an admin), and one row per staff sign-in: the `sid` its
 * tokens carry, the device it came from, first and last seen. Removing the row signs the device out.
 */
export class Migration20261207040000_roles_and_sessions extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      `alter table "admins" add column "role" varchar(16) not null default 'ADMIN' check ("role" in ('ADMIN', 'DISPATCHER', 'VIEWER'));`,
    );
    this.addSql(`create table "staff_sessions" (
      "id" varchar(32) not null,
      "admin_id" int null references "admins" ("id") on delete cascade,
      "technician_id" int null references "technicians" ("id") on delete cascade,
      "browser" varchar(100) not null,
      "os" varchar(100) not null,
      "created_at" timestamptz not null,
      "last_seen_at" timestamptz not null,
      "expires_at" timestamptz not null,
      constraint "staff_sessions_pkey" primary key ("id"),
      constraint "staff_sessions_one_account" check (("admin_id" is null) <> ("technician_id" is null)));`);
    this.addSql(`create index "staff_sessions_admin_idx" on "staff_sessions" ("admin_id");`);
    this.addSql(`create index "staff_sessions_technician_idx" on "staff_sessions" ("technician_id");`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "staff_sessions";`);
    this.addSql(`alter table "admins" drop column "role";`);
  }
}
