import { Migration } from '@mikro-orm/migrations';

/**
 * Second factors of staff: an authenticator app per account (its key, whether set-up finished, the last code's time
 * step), single-use recovery codes kept as SHA-256, who must use a second factor per country, and the record of
 * changes to second factors (no foreign keys: it outlives the accounts).
 */
export class Migration20261208050000_second_factors extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create table "staff_totp_factors" (
      "id" serial primary key,
      "admin_id" int null references "admins" ("id") on delete cascade,
      "technician_id" int null references "technicians" ("id") on delete cascade,
      "secret" varchar(64) not null,
      "confirmed_at" timestamptz null,
      "last_used_step" int null,
      "created_at" timestamptz not null,
      constraint "staff_totp_factors_admin_unique" unique ("admin_id"),
      constraint "staff_totp_factors_technician_unique" unique ("technician_id"),
      constraint "staff_totp_factors_one_account" check (("admin_id" is null) <> ("technician_id" is null)));`);
    this.addSql(`create table "staff_recovery_codes" (
      "id" serial primary key,
      "admin_id" int null references "admins" ("id") on delete cascade,
      "technician_id" int null references "technicians" ("id") on delete cascade,
      "code_hash" varchar(64) not null,
      "used_at" timestamptz null,
      constraint "staff_recovery_codes_code_hash_unique" unique ("code_hash"),
      constraint "staff_recovery_codes_one_account" check (("admin_id" is null) <> ("technician_id" is null)));`);
    this.addSql(`create index "staff_recovery_codes_admin_idx" on "staff_recovery_codes" ("admin_id");`);
    this.addSql(`create index "staff_recovery_codes_technician_idx" on "staff_recovery_codes" ("technician_id");`);
    this.addSql(`create table "second_factor_settings" (
      "country" "country" primary key,
      "admins_required" boolean not null default false,
      "dispatchers_required" boolean not null default false,
      "technicians_required" boolean not null default false);`);
    this.addSql(`insert into "second_factor_settings" ("country") values ('NL'), ('BE');`);
    this.addSql(`create table "staff_security_events" (
      "id" serial primary key,
      "at" timestamptz not null,
      "kind" varchar(32) not null constraint "staff_security_events_kind_check"
        check ("kind" in ('TOTP_ENABLED', 'TOTP_DISABLED', 'RECOVERY_CODES_RENEWED', 'RECOVERY_CODE_USED', 'SECOND_FACTOR_RESET')),
      "account_kind" varchar(16) not null,
      "account_id" int not null,
      "actor_admin_id" int null,
      "actor_name" varchar(201) null);`);
    this.addSql(
      `create index "staff_security_events_account_idx" on "staff_security_events" ("account_kind", "account_id", "at");`,
    );
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "staff_security_events";`);
    this.addSql(`drop table if exists "second_factor_settings";`);
    this.addSql(`drop table if exists "staff_recovery_codes";`);
    this.addSql(`drop table if exists "staff_totp_factors";`);
  }
}
