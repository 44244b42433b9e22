import { Migration } from '@mikro-orm/migrations';

/**
 * The dispatcher's search finds an order by a part of the customer's name, city, e-mail or reference, without
 * regard to case or accents ("celine" finds "Céline"), and by any part of the phone number. Trigram indexes
 * answer `like '%…%'` without reading every order. Folding is our own immutable function (translate + lower):
 * an index needs one, and `unaccent` is not immutable.
 */
export class Migration20261125120000_order_search extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create extension if not exists pg_trgm;`);
    this.addSql(`create or replace function tijdvak_fold(value text) returns text
      language sql immutable parallel safe strict
      as $$ select lower(translate(value,
        'ÀÁÂÃÄÅàáâãäåÇçÈÉÊËèéêëÌÍÎÏìíîïÑñÒÓÔÕÖØòóôõöøÙÚÛÜùúûüÝýÿ',
        'AAAAAAaaaaaaCcEEEEeeeeIIIIiiiiNnOOOOOOooooooUUUUuuuuYyy')) $$;`);
    this.addSql(
      `create index "orders_search_text_trgm_idx" on "orders" using gin ` +
        `(tijdvak_fold("name" || ' ' || "city" || ' ' || "email" || ' ' || "reference_number") gin_trgm_ops);`,
    );
    this.addSql(`create index "orders_phone_trgm_idx" on "orders" using gin ("phone_normalized" gin_trgm_ops);`);
    // Deleted orders are few: listing them must not read every active one.
    this.addSql(
      `create index "orders_deleted_appointment_idx" on "orders" ("appointment", "id") where "deleted_at" is not null;`,
    );
  }

  override async down(): Promise<void> {
    this.addSql(`drop index if exists "orders_deleted_appointment_idx";`);
    this.addSql(`drop index if exists "orders_phone_trgm_idx";`);
    this.addSql(`drop index if exists "orders_search_text_trgm_idx";`);
    this.addSql(`drop function if exists tijdvak_fold(text);`);
  }
}
