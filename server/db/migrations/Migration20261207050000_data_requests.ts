import { Migration } from '@mikro-orm/migrations';

/**
 * A person's data on request: when an order was anonymised (and the index that finds the orders the retention has
 * yet to anonymise), the settings per country (months kept after the visit, two admins for an erase), and the audit of
 * requests, which records who asked what and how many rows, never the data itself.
 */
export class Migration20261207050000_data_requests extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table "orders" add column "anonymised_at" timestamptz null;`);
    this.addSql(`create index "orders_retention_idx" on "orders" ("appointment") where "anonymised_at" is null;`);
    this.addSql(`create table "data_request_settings" (
      "country" "country" primary key,
      "retention_months" smallint not null default 24,
      "erase_needs_two_admins" boolean not null default false,
      constraint "data_request_settings_retention_months_check"
        check ("retention_months" >= 1 and "retention_months" <= 120));`);
    this.addSql(`insert into "data_request_settings" ("country") values ('NL'), ('BE');`);
    this.addSql(`create table "data_requests" (
      "id" serial primary key,
      "kind" varchar(16) not null constraint "data_requests_kind_check" check ("kind" in ('EXPORT', 'ERASE', 'RETENTION')),
      "status" varchar(16) not null constraint "data_requests_status_check" check ("status" in ('DONE', 'PENDING')),
      "requested_at" timestamptz not null,
      "requested_by_id" int null,
      "requested_by_name" varchar(201) null,
      "confirmed_at" timestamptz null,
      "confirmed_by_id" int null,
      "confirmed_by_name" varchar(201) null,
      "order_count" int not null default 0,
      "row_count" int not null default 0,
      "pending_order_ids" jsonb null);`);
    this.addSql(`create index "data_requests_requested_at_idx" on "data_requests" ("requested_at", "id");`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "data_requests";`);
    this.addSql(`drop table if exists "data_request_settings";`);
    this.addSql(`drop index if exists "orders_retention_idx";`);
    this.addSql(`alter table "orders" drop column "anonymised_at";`);
  }
}
