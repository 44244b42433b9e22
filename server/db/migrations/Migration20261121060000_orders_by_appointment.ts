import { Migration } from '@mikro-orm/migrations';

/** Orders are listed page by page in (appointment, id) order; this index serves that order and its cursors. */
export class Migration20261121060000_orders_by_appointment extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create index "orders_appointment_id_idx" on "orders" ("appointment", "id");`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop index if exists "orders_appointment_id_idx";`);
  }
}
