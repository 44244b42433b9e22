import { Migration } from '@mikro-orm/migrations';

/** CSV imports of orders: progress while running (polled by the import screen) and the outcome. */
export class Migration20261121070000_import_jobs extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create table "import_jobs" (
      "id" uuid primary key,
      "admin_id" int null references "admins" ("id") on delete set null,
      "country" "country" not null,
      "file_name" varchar(255) not null,
      "status" varchar(16) not null check ("status" in ('RUNNING', 'SUCCEEDED', 'REJECTED', 'FAILED')),
      "rows_checked" int not null default 0,
      "rows_written" int not null default 0,
      "created" int not null default 0,
      "updated" int not null default 0,
      "unchanged" int not null default 0,
      "error_count" int not null default 0,
      "started_at" timestamptz not null,
      "finished_at" timestamptz null);`);
    this.addSql(`create index "import_jobs_started_at_idx" on "import_jobs" ("started_at");`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "import_jobs";`);
  }
}
