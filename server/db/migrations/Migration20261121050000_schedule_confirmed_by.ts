import { Migration } from '@mikro-orm/migrations';

/** Records which admin, if any, confirmed a schedule on a technician's behalf. */
export class Migration20261121050000_schedule_confirmed_by extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table "schedule_confirmations"
      add column "confirmed_by_admin_id" int null references "admins" ("id") on delete set null;`);
  }

  override async down(): Promise<void> {
    this.addSql(`alter table "schedule_confirmations" drop column if exists "confirmed_by_admin_id";`);
  }
}
