import { Migration } from '@mikro-orm/migrations';

/**
 * Self-service moves per country (on, how many days ahead, visits per technician and day), and an index for the
 * offers: the technicians that work in a postcode area on a day.
 */
export class Migration20261206020000_self_move extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create table "self_move_settings" (
      "country" "country" primary key,
      "enabled" boolean not null default true,
      "days_ahead" smallint not null default 14,
      "capacity_per_day" smallint not null default 6,
      constraint "self_move_settings_days_ahead_check" check ("days_ahead" >= 1 and "days_ahead" <= 60),
      constraint "self_move_settings_capacity_check" check ("capacity_per_day" >= 1 and "capacity_per_day" <= 30));`);
    this.addSql(`insert into "self_move_settings" ("country") values ('NL'), ('BE');`);
    this.addSql(
      `create index "orders_postcode_area_day_idx" on "orders" (left("zipcode", 2), "appointment") where "deleted_at" is null;`,
    );
  }

  override async down(): Promise<void> {
    this.addSql(`drop index if exists "orders_postcode_area_day_idx";`);
    this.addSql(`drop table if exists "self_move_settings";`);
  }
}
