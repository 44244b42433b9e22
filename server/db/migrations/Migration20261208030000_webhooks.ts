import { Migration } from '@mikro-orm/migrations';

/**
 * Applications' webhook endpoints, their deliveries, and the outbox between them. The outbox is filled by triggers
 * on the tables every change already goes through (the order trail, consumer messages, import jobs), so an event is
 * recorded in the transaction of its change whatever path made it; nothing is written while no endpoint is enabled.
 * A NOTICE on the change channel (delivered at commit) wakes the dispatcher at once; its minute run catches the rest.
 */
export class Migration20261208030000_webhooks extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create table "webhook_endpoints" (
      "id" serial primary key,
      "client_id" int not null references "api_clients" ("id") on delete cascade,
      "url" varchar(2000) not null,
      "events" text[] not null,
      "secret" varchar(100) not null,
      "previous_secret" varchar(100) null,
      "previous_secret_until" timestamptz null,
      "enabled" boolean not null default true,
      "disabled_at" timestamptz null,
      "failing_since" timestamptz null,
      "created_at" timestamptz not null,
      constraint "webhook_endpoints_events_check" check (cardinality("events") > 0));`);
    this.addSql(`create index "webhook_endpoints_client_idx" on "webhook_endpoints" ("client_id");`);
    this.addSql(`create table "webhook_outbox" (
      "id" bigserial primary key,
      "source" varchar(12) not null check ("source" in ('ORDER_EVENT', 'MESSAGE', 'IMPORT')),
      "source_id" varchar(40) not null,
      "order_id" int null);`);
    this.addSql(`create table "webhook_deliveries" (
      "id" bigserial primary key,
      "endpoint_id" int not null references "webhook_endpoints" ("id") on delete cascade,
      "message_id" varchar(40) not null,
      "type" varchar(40) not null,
      "order_id" int null,
      "payload" jsonb not null,
      "status" varchar(10) not null check ("status" in ('PENDING', 'DELIVERED', 'FAILED')),
      "attempts" int not null default 0,
      "next_attempt_at" timestamptz not null,
      "retry_until" timestamptz not null,
      "claimed_until" timestamptz null,
      "created_at" timestamptz not null,
      "last_attempt_at" timestamptz null,
      "last_status_code" int null,
      "last_duration_ms" int null,
      "last_error" varchar(200) null);`);
    this.addSql(`create index "webhook_deliveries_log_idx" on "webhook_deliveries" ("endpoint_id", "id" desc);`);
    this.addSql(
      `create index "webhook_deliveries_pending_idx" on "webhook_deliveries" ("endpoint_id", "order_id", "id") where "status" = 'PENDING';`,
    );
    this.addSql(
      `create index "webhook_deliveries_due_idx" on "webhook_deliveries" ("next_attempt_at") where "status" = 'PENDING';`,
    );
    this.addSql(`create function "webhook_order_events_outbox"() returns trigger language plpgsql as $$
      begin
        if exists (select 1 from "webhook_endpoints" where "enabled") then
          insert into "webhook_outbox" ("source", "source_id", "order_id")
            select 'ORDER_EVENT', "id"::text, "order_id" from "added" order by "id";
          if found then
            perform pg_notify('tijdvak_changes', '{"topic":"webhooks.pending","ids":[],"detail":{}}');
          end if;
        end if;
        return null;
      end $$;`);
    this.addSql(`create trigger "webhook_order_events_outbox" after insert on "order_events"
      referencing new table as "added" for each statement execute function "webhook_order_events_outbox"();`);
    this.addSql(`create function "webhook_messages_outbox"() returns trigger language plpgsql as $$
      begin
        if (tg_op = 'INSERT' or old."status" is distinct from 'FAILED')
            and exists (select 1 from "webhook_endpoints" where "enabled") then
          insert into "webhook_outbox" ("source", "source_id", "order_id") values ('MESSAGE', new."id"::text, new."order_id");
          perform pg_notify('tijdvak_changes', '{"topic":"webhooks.pending","ids":[],"detail":{}}');
        end if;
        return null;
      end $$;`);
    this.addSql(`create trigger "webhook_messages_outbox" after insert or update of "status" on "consumer_messages"
      for each row when (new."status" = 'FAILED') execute function "webhook_messages_outbox"();`);
    this.addSql(`create function "webhook_imports_outbox"() returns trigger language plpgsql as $$
      begin
        if exists (select 1 from "webhook_endpoints" where "enabled") then
          insert into "webhook_outbox" ("source", "source_id", "order_id") values ('IMPORT', new."id"::text, null);
          perform pg_notify('tijdvak_changes', '{"topic":"webhooks.pending","ids":[],"detail":{}}');
        end if;
        return null;
      end $$;`);
    this.addSql(`create trigger "webhook_imports_outbox" after update of "status" on "import_jobs"
      for each row when (old."status" = 'RUNNING' and new."status" <> 'RUNNING') execute function "webhook_imports_outbox"();`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop trigger if exists "webhook_imports_outbox" on "import_jobs";`);
    this.addSql(`drop trigger if exists "webhook_messages_outbox" on "consumer_messages";`);
    this.addSql(`drop trigger if exists "webhook_order_events_outbox" on "order_events";`);
    this.addSql(`drop function if exists "webhook_imports_outbox"();`);
    this.addSql(`drop function if exists "webhook_messages_outbox"();`);
    this.addSql(`drop function if exists "webhook_order_events_outbox"();`);
    this.addSql(`drop table if exists "webhook_deliveries";`);
    this.addSql(`drop table if exists "webhook_outbox";`);
    this.addSql(`drop table if exists "webhook_endpoints";`);
  }
}
