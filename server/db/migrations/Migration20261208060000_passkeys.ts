import { Migration } from '@mikro-orm/migrations';

/**
 * Staff passkeys (WebAuthn credentials: id, public key, counter, the name given), the challenges of their
 * registrations and sign-ins (shared by every instance, taken once), and the audit of an admin's acts on another
 * account's sign-in.
 */
export class Migration20261208060000_passkeys extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create table "staff_passkeys" (
      "id" serial primary key,
      "credential_id" varchar(1400) not null,
      "public_key" bytea not null,
      "counter" bigint not null,
      "transports" text[] not null,
      "admin_id" int null references "admins" ("id") on delete cascade,
      "technician_id" int null references "technicians" ("id") on delete cascade,
      "name" varchar(60) not null,
      "created_at" timestamptz not null,
      "last_used_at" timestamptz null,
      constraint "staff_passkeys_one_account" check (("admin_id" is null) <> ("technician_id" is null)));`);
    this.addSql(
      `alter table "staff_passkeys" add constraint "staff_passkeys_credential_id_key" unique ("credential_id");`,
    );
    this.addSql(`create index "staff_passkeys_admin_idx" on "staff_passkeys" ("admin_id");`);
    this.addSql(`create index "staff_passkeys_technician_idx" on "staff_passkeys" ("technician_id");`);
    this.addSql(`create table "passkey_challenges" (
      "id" varchar(32) not null,
      "challenge" varchar(64) not null,
      "origin" varchar(200) not null,
      "ceremony" varchar(16) not null constraint "passkey_challenges_ceremony_check" check ("ceremony" in ('REGISTER', 'SIGN_IN')),
      "admin_id" int null references "admins" ("id") on delete cascade,
      "technician_id" int null references "technicians" ("id") on delete cascade,
      "expires_at" timestamptz not null,
      constraint "passkey_challenges_pkey" primary key ("id"));`);
    this.addSql(`create index "passkey_challenges_expires_at_idx" on "passkey_challenges" ("expires_at");`);
    // an admin's removal of another account's passkeys joins the record of second-factor changes
    this.addSql(`alter table "staff_security_events" drop constraint "staff_security_events_kind_check";`);
    this.addSql(`alter table "staff_security_events" add constraint "staff_security_events_kind_check"
      check ("kind" in ('TOTP_ENABLED', 'TOTP_DISABLED', 'RECOVERY_CODES_RENEWED', 'RECOVERY_CODE_USED',
        'SECOND_FACTOR_RESET', 'PASSKEYS_REMOVED'));`);
  }

  override async down(): Promise<void> {
    this.addSql(`delete from "staff_security_events" where "kind" = 'PASSKEYS_REMOVED';`);
    this.addSql(`alter table "staff_security_events" drop constraint "staff_security_events_kind_check";`);
    this.addSql(`alter table "staff_security_events" add constraint "staff_security_events_kind_check"
      check ("kind" in ('TOTP_ENABLED', 'TOTP_DISABLED', 'RECOVERY_CODES_RENEWED', 'RECOVERY_CODE_USED',
        'SECOND_FACTOR_RESET'));`);
    this.addSql(`drop table if exists "passkey_challenges";`);
    this.addSql(`drop table if exists "staff_passkeys";`);
  }
}
