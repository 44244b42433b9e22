import { Migration } from '@mikro-orm/migrations';

/** Until when an order's last change can be undone: its consumer messages wait for that moment. */
export class Migration20261205090000_order_undoable_until extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table "orders" add column "undoable_until" timestamptz null;`);
  }

  override async down(): Promise<void> {
    this.addSql(`alter table "orders" drop column "undoable_until";`);
  }
}
