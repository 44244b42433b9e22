import { Migration } from '@mikro-orm/migrations';

/**
 * Integrators' applications with their keys (only a SHA-256 of each; the prefix is shown), their use per minute
 * (the budgets every instance shares) and the answers of idempotent writes, kept a day.
 */
export class Migration20261207030000_api_clients extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create table "api_clients" (
      "id" serial primary key,
      "name" varchar(100) not null,
      "scopes" text[] not null,
      "countries" text[] not null,
      "request_budget" int not null,
      "cost_budget" int not null,
      "created_at" timestamptz not null,
      "created_by_admin_id" int null references "admins" ("id") on delete set null,
      "revoked_at" timestamptz null,
      "last_used_at" timestamptz null,
      constraint "api_clients_countries_check" check ("countries" <@ array['NL', 'BE'] and cardinality("countries") > 0),
      constraint "api_clients_budgets_check" check ("request_budget" > 0 and "cost_budget" > 0));`);
    this.addSql(`create table "api_client_keys" (
      "id" serial primary key,
      "client_id" int not null references "api_clients" ("id") on delete cascade,
      "prefix" varchar(8) not null,
      "key_hash" varchar(64) not null,
      "created_at" timestamptz not null,
      "expires_at" timestamptz null,
      constraint "api_client_keys_prefix_unique" unique ("prefix"));`);
    this.addSql(`create index "api_client_keys_client_idx" on "api_client_keys" ("client_id");`);
    this.addSql(`create table "api_client_usage" (
      "client_id" int not null references "api_clients" ("id") on delete cascade,
      "window_start" timestamptz not null,
      "requests" int not null,
      "cost" int not null,
      constraint "api_client_usage_pkey" primary key ("client_id", "window_start"));`);
    this.addSql(`create index "api_client_usage_window_idx" on "api_client_usage" ("window_start");`);
    this.addSql(`create table "idempotency_keys" (
      "caller" varchar(40) not null,
      "key" varchar(255) not null,
      "request_hash" varchar(64) not null,
      "answer" jsonb null,
      "created_at" timestamptz not null,
      constraint "idempotency_keys_pkey" primary key ("caller", "key"));`);
    this.addSql(`create index "idempotency_keys_created_idx" on "idempotency_keys" ("created_at");`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "idempotency_keys";`);
    this.addSql(`drop table if exists "api_client_usage";`);
    this.addSql(`drop table if exists "api_client_keys";`);
    this.addSql(`drop table if exists "api_clients";`);
  }
}
