import { Migration } from '@mikro-orm/migrations';

/**
 * The generation of an order's personal links: a link opens only while the generation it carries is the order's, so a
 * delete (and a change of contact to another person) ends the links made before it for good, restore or not.
 */
export class Migration20261204200000_order_link_generation extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table "orders" add column "link_generation" int not null default 0;`);
  }

  override async down(): Promise<void> {
    this.addSql(`alter table "orders" drop column "link_generation";`);
  }
}
