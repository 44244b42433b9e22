import { Migration } from '@mikro-orm/migrations';

/** The consumer's rating of a finished visit: one row per order, a score of 1 to 5 and an optional comment. */
export class Migration20261126060000_visit_ratings extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create table "visit_ratings" (
      "id" serial primary key,
      "order_id" int not null constraint "visit_ratings_order_id_unique" unique
        references "orders" ("id") on delete cascade,
      "score" smallint not null,
      "comment" varchar(500) null,
      "created_at" timestamptz not null,
      "updated_at" timestamptz not null,
      constraint "visit_ratings_score_range" check ("score" >= 1 and "score" <= 5));`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "visit_ratings";`);
  }
}
