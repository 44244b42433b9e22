import { Migration } from '@mikro-orm/migrations';

/**
 * The delivery log is kept a set number of days after each delivery's last attempt (its record, when never tried):
 * an index on that instant over the finished deliveries lets the hourly removal find the oldest without a scan.
 */
export class Migration20261208070000_webhook_log_retention extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      `create index "webhook_deliveries_finished_idx" on "webhook_deliveries" (coalesce("last_attempt_at", "created_at")) where "status" <> 'PENDING';`,
    );
  }

  override async down(): Promise<void> {
    this.addSql(`drop index if exists "webhook_deliveries_finished_idx";`);
  }
}
