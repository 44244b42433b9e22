import { Migration } from '@mikro-orm/migrations';

/**
 * Visit statuses: one row per order while the technician has moved it past planned, and the
 * request ids already applied to each order, so that a repeated send changes nothing (the primary
 * key also makes two identical requests at the same moment change the status once).
 */
export class Migration20261125100000_visit_statuses extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create type "visit_stage" as enum ('ON_THE_WAY', 'ARRIVED', 'FINISHED');`);
    this.addSql(`create type "visit_outcome" as enum ('REPAIRED', 'FOLLOW_UP_PARTS', 'NOT_HOME', 'NOT_DONE');`);
    this.addSql(`create table "visit_statuses" (
      "id" serial primary key,
      "order_id" int not null constraint "visit_statuses_order_id_unique" unique
        references "orders" ("id") on delete cascade,
      "stage" "visit_stage" not null,
      "previous_stage" "visit_stage" null,
      "stepped_back" boolean not null default false,
      "expected_arrival" timestamptz null,
      "on_the_way_at" timestamptz null,
      "arrived_at" timestamptz null,
      "finished_at" timestamptz null,
      "outcome" "visit_outcome" null,
      "note" varchar(500) null,
      "updated_at" timestamptz not null,
      constraint "visit_statuses_outcome_when_finished" check (("stage" = 'FINISHED') = ("outcome" is not null)));`);
    this.addSql(`create table "visit_status_requests" (
      "order_id" int not null references "orders" ("id") on delete cascade,
      "request_id" varchar(100) not null,
      "applied_at" timestamptz not null,
      primary key ("order_id", "request_id"));`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "visit_status_requests";`);
    this.addSql(`drop table if exists "visit_statuses";`);
    this.addSql(`drop type if exists "visit_outcome";`);
    this.addSql(`drop type if exists "visit_stage";`);
  }
}
