import { Migration } from '@mikro-orm/migrations';

/** The trail of an order names an application (by its key) as the author of its changes. */
export class Migration20261207031000_application_actor extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table "order_events" drop constraint "order_events_actor_type_check";`);
    this.addSql(
      `alter table "order_events" add constraint "order_events_actor_type_check" check ("actor_type" in ('ADMIN', 'TECHNICIAN', 'CONSUMER', 'IMPORT', 'APPLICATION'));`,
    );
  }

  override async down(): Promise<void> {
    this.addSql(`alter table "order_events" drop constraint "order_events_actor_type_check";`);
    this.addSql(
      `alter table "order_events" add constraint "order_events_actor_type_check" check ("actor_type" in ('ADMIN', 'TECHNICIAN', 'CONSUMER', 'IMPORT'));`,
    );
  }
}
