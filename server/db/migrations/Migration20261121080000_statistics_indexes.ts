import { Migration } from '@mikro-orm/migrations';

/**
 * Statistics over a million visits without touching the wide heap rows: one index on visited_at that
 * also carries order, browser and OS, so a period is read by an index-only scan. It replaces the plain
 * visited_at index. Mail opens get an opened_at index for their period filter.
 */
export class Migration20261121080000_statistics_indexes extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      `create index "site_visits_statistics_idx" on "site_visits" ("visited_at") include ("order_id", "browser", "os");`,
    );
    this.addSql(`drop index if exists "site_visits_visited_at_idx";`);
    this.addSql(`create index "mail_opens_opened_at_idx" on "mail_opens" ("opened_at");`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop index if exists "mail_opens_opened_at_idx";`);
    this.addSql(`create index "site_visits_visited_at_idx" on "site_visits" ("visited_at");`);
    this.addSql(`drop index if exists "site_visits_statistics_idx";`);
  }
}
