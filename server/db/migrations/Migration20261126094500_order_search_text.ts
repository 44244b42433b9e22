import { Migration } from '@mikro-orm/migrations';

/**
 * The search's folded text as a stored column. Folding (`tijdvak_fold`: translate of the accented letters, lower)
 * costs tens of microseconds a row; the trigram index only finds candidates, and every candidate was folded again
 * to check it: a name matching 5 000 orders took 200 ms. Stored, the text is folded once when written.
 *
 * The appointment index carries the text and the deletion date: a broad search ("liege", a tenth of all orders)
 * walks the list's order and checks the text in the index itself, stopping at the page's end, instead of
 * fetching every match from the table and sorting them. The text's statistics are finer (1 000 samples), so the
 * planner can tell a broad search from a rare one and choose between that walk and the trigram index.
 */
export class Migration20261126094500_order_search_text extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      `alter table "orders" add column "search_text" text generated always as ` +
        `(tijdvak_fold("name" || ' ' || "city" || ' ' || "email" || ' ' || "reference_number")) stored;`,
    );
    this.addSql(`alter table "orders" alter column "search_text" set statistics 1000;`);
    this.addSql(`create index "orders_search_text_idx" on "orders" using gin ("search_text" gin_trgm_ops);`);
    this.addSql(`drop index if exists "orders_search_text_trgm_idx";`);
    this.addSql(
      `create index "orders_appointment_search_idx" on "orders" ("appointment", "id") include ("search_text", "deleted_at");`,
    );
    this.addSql(`drop index if exists "orders_appointment_id_idx";`);
    this.addSql(`analyze "orders";`);
  }

  override async down(): Promise<void> {
    this.addSql(`create index if not exists "orders_appointment_id_idx" on "orders" ("appointment", "id");`);
    this.addSql(
      `create index if not exists "orders_search_text_trgm_idx" on "orders" using gin ` +
        `(tijdvak_fold("name" || ' ' || "city" || ' ' || "email" || ' ' || "reference_number") gin_trgm_ops);`,
    );
    this.addSql(`drop index if exists "orders_appointment_search_idx";`);
    this.addSql(`drop index if exists "orders_search_text_idx";`);
    this.addSql(`alter table "orders" drop column if exists "search_text";`);
  }
}
