import { Migration } from '@mikro-orm/migrations';

/**
 * Full addresses: an optional street and house-number addition per order. Both stay empty for orders made
 * before, so every address reads as it did; the consumer lookup keeps matching on postcode and house number.
 */
export class Migration20261126033000_order_street extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table "orders"
      add column "street" varchar(200) null,
      add column "house_number_addition" varchar(10) null;`);
  }

  override async down(): Promise<void> {
    this.addSql(`alter table "orders" drop column "street", drop column "house_number_addition";`);
  }
}
