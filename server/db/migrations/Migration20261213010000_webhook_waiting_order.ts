import { Migration } from '@mikro-orm/migrations';

/**
 * The sender's claim asks, for each due delivery, whether an earlier one of its order to its endpoint still waits.
 * That question gets an index of its own, whose condition (neither delivered nor failed) no other index shares, so
 * the lookup per delivery cannot be planned on the pending deliveries by id: with statistics taken while nothing
 * was pending, the planner read every pending delivery for each one claimed (a second fan-out's claims took
 * 200-700 ms each instead of 6, until the next analyse).
 */
export class Migration20261213010000_webhook_waiting_order extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      `create index "webhook_deliveries_waiting_idx" on "webhook_deliveries" ("endpoint_id", "order_id", "id") where "status" <> 'DELIVERED' and "status" <> 'FAILED';`,
    );
    this.addSql(`drop index if exists "webhook_deliveries_pending_idx";`);
  }

  override async down(): Promise<void> {
    this.addSql(
      `create index "webhook_deliveries_pending_idx" on "webhook_deliveries" ("endpoint_id", "order_id", "id") where "status" = 'PENDING';`,
    );
    this.addSql(`drop index if exists "webhook_deliveries_waiting_idx";`);
  }
}
