import { Migration } from '@mikro-orm/migrations';

/**
 * A search with an "@" (after its first character) looks up e-mail addresses by their start. Through the trigram index such a search read the
 * posting lists of trigrams every address shares (a common domain, "com", "mail"): slow however rare the address.
 */
export class Migration20261126161500_order_email_prefix_index extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create index "orders_email_prefix_idx" on "orders" (lower("email") text_pattern_ops);`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop index "orders_email_prefix_idx";`);
  }
}
