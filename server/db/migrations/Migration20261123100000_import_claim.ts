import { Migration } from '@mikro-orm/migrations';

/**
 * One import at a time, without holding a lock while a file uploads: a running import is a row
 * with status RUNNING (at most one, by a unique index) whose heartbeat its process renews; a row
 * whose heartbeat stopped (the process died) is taken over.
 */
export class Migration20261123100000_import_claim extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table "import_jobs" add column "heartbeat_at" timestamptz null;`);
    // Jobs left running by a process that stopped before this existed: all but the newest ended.
    this.addSql(`update "import_jobs" set "status" = 'FAILED', "finished_at" = coalesce("finished_at", now())
      where "status" = 'RUNNING' and "id" <> (
        select "id" from "import_jobs" where "status" = 'RUNNING' order by "started_at" desc, "id" limit 1);`);
    this.addSql(`create unique index "import_jobs_one_running" on "import_jobs" ((true)) where "status" = 'RUNNING';`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop index if exists "import_jobs_one_running";`);
    this.addSql(`alter table "import_jobs" drop column if exists "heartbeat_at";`);
  }
}
