import { Migration } from '@mikro-orm/migrations';

/**
 * The consumer's language per order, null for the country's. Existing Belgian orders get their postcode's region
 * (Flanders Dutch, Wallonia French; Brussels stays null), as new ones do (server/orders/order-language.ts): the
 * ranges are written out here so that this migration never changes with that file.
 */
export class Migration20261205100000_order_language extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table "orders" add column "language" varchar(2) null;`);
    this.addSql(`alter table "orders" add constraint "orders_language_check" check ("language" in ('nl', 'fr'));`);
    this.addSql(`update "orders" set "language" = case
        when "zipcode"::int between 1300 and 1499 then 'fr'
        when "zipcode"::int between 1500 and 3999 then 'nl'
        when "zipcode"::int between 4000 and 7999 then 'fr'
        when "zipcode"::int between 8000 and 9999 then 'nl'
      end
      where "country" = 'BE' and "zipcode" ~ '^[0-9]{4}$';`);
  }

  override async down(): Promise<void> {
    this.addSql(`alter table "orders" drop column "language";`);
  }
}
