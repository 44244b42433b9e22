import { Migration } from '@mikro-orm/migrations';

/** Every entity of the legacy portal, the rate-limit store and the default import windows. */
export class Migration20261121000000_initial extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create type "country" as enum ('NL', 'BE');`);
    this.addSql(`create type "account_type" as enum ('TECHNICIAN', 'ADMIN');`);

    this.addSql(`create table "admins" (
      "id" serial primary key,
      "firstname" varchar(100) not null,
      "lastname" varchar(100) not null,
      "email" varchar(254) not null constraint "admins_email_unique" unique,
      "password_hash" text null,
      "inactive" boolean not null default false,
      "token_version" int not null default 0,
      "created_at" timestamptz not null default now());`);

    this.addSql(`create table "technicians" (
      "id" serial primary key,
      "firstname" varchar(100) not null,
      "lastname" varchar(100) not null,
      "email" varchar(254) not null constraint "technicians_email_unique" unique,
      "personal_number" varchar(32) not null constraint "technicians_personal_number_unique" unique,
      "starting_time" smallint not null default 8 check ("starting_time" between 7 and 20),
      "country" "country" not null default 'NL',
      "last_online" timestamptz null,
      "password_hash" text null,
      "token_version" int not null default 0,
      "created_at" timestamptz not null default now());`);

    this.addSql(`create table "orders" (
      "id" serial primary key,
      "reference_number" varchar(64) not null constraint "orders_reference_number_unique" unique,
      "name" varchar(200) not null,
      "email" varchar(254) not null,
      "phone" varchar(40) not null,
      "phone_normalized" varchar(20) not null,
      "zipcode" varchar(16) not null,
      "house_number" int not null,
      "city" varchar(100) not null,
      "country" "country" not null,
      "appointment" timestamptz not null,
      "duration" int not null default 10800 check ("duration" > 0),
      "technician_id" int null references "technicians" ("id") on delete set null,
      "special" boolean not null default false,
      "external_company" smallint null check ("external_company" in (0, 1)),
      "deleted_at" timestamptz null,
      "deleted_by_id" int null references "admins" ("id") on delete set null,
      "deleted_by_name" varchar(201) null,
      "created_at" timestamptz not null default now(),
      "updated_at" timestamptz not null default now());`);
    this.addSql(`create index "orders_address_lookup_idx" on "orders" ("zipcode", "house_number", "appointment");`);
    this.addSql(`create index "orders_phone_lookup_idx" on "orders" ("phone_normalized", "appointment");`);
    this.addSql(`create index "orders_technician_day_idx" on "orders" ("technician_id", "appointment");`);

    this.addSql(`create table "schedule_confirmations" (
      "id" serial primary key,
      "technician_id" int not null references "technicians" ("id") on delete cascade,
      "date" date not null,
      "confirmed_at" timestamptz not null,
      constraint "schedule_confirmations_technician_date_unique" unique ("technician_id", "date"));`);

    this.addSql(`create table "import_settings" (
      "id" serial primary key,
      "time_between" varchar(16) not null,
      "time_to" varchar(16) not null);`);
    // A planned time before 10:00 gets the morning window, and so on through the day: no gaps, no overlaps.
    this.addSql(`insert into "import_settings" ("time_between", "time_to") values
      ('<10:00', '08:00/11:00'),
      ('10:00/12:00', '10:00/13:00'),
      ('12:00/14:00', '12:00/15:00'),
      ('>=14:00', '14:00/17:00');`);

    this.addSql(`create table "holidays" (
      "id" serial primary key,
      "country" "country" not null,
      "date" date not null,
      constraint "holidays_country_date_unique" unique ("country", "date"));`);

    this.addSql(`create table "site_visits" (
      "id" bigserial primary key,
      "visited_at" timestamptz not null,
      "order_id" int not null references "orders" ("id") on delete cascade,
      "user_agent" varchar(512) not null,
      "browser" varchar(100) not null,
      "os" varchar(100) not null);`);
    this.addSql(`create index "site_visits_visited_at_idx" on "site_visits" ("visited_at");`);
    this.addSql(`create index "site_visits_order_idx" on "site_visits" ("order_id");`);

    this.addSql(`create table "mail_opens" (
      "id" bigserial primary key,
      "opened_at" timestamptz not null,
      "order_id" int not null references "orders" ("id") on delete cascade);`);
    this.addSql(`create index "mail_opens_order_idx" on "mail_opens" ("order_id");`);

    this.addSql(`create table "password_reset_tokens" (
      "id" serial primary key,
      "token_hash" varchar(64) not null constraint "password_reset_tokens_token_hash_unique" unique,
      "account_type" "account_type" not null,
      "account_id" int not null,
      "expires_at" timestamptz not null,
      "used_at" timestamptz null,
      "created_at" timestamptz not null);`);
    this.addSql(
      `create index "password_reset_tokens_account_idx" on "password_reset_tokens" ("account_type", "account_id");`,
    );

    // Shared by every server process, so limits hold when several instances serve one database.
    this.addSql(`create table "rate_limit_buckets" (
      "key" varchar(128) primary key,
      "hits" int not null,
      "window_ends_at" timestamptz not null);`);
    this.addSql(`create index "rate_limit_buckets_window_ends_at_idx" on "rate_limit_buckets" ("window_ends_at");`);
  }

  override async down(): Promise<void> {
    for (const table of [
      'rate_limit_buckets',
      'password_reset_tokens',
      'mail_opens',
      'site_visits',
      'holidays',
      'import_settings',
      'schedule_confirmations',
      'orders',
      'technicians',
      'admins',
    ]) {
      this.addSql(`drop table if exists "${table}" cascade;`);
    }
    this.addSql(`drop type if exists "account_type";`);
    this.addSql(`drop type if exists "country";`);
  }
}
