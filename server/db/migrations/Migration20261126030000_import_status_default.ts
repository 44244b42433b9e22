import { Migration } from '@mikro-orm/migrations';

/** A new import is running: the table says so too, as the entity always did (the schema drift test compares them). */
export class Migration20261126030000_import_status_default extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table "import_jobs" alter column "status" set default 'RUNNING';`);
  }

  override async down(): Promise<void> {
    this.addSql(`alter table "import_jobs" alter column "status" drop default;`);
  }
}
