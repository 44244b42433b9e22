import { Migration } from '@mikro-orm/migrations';

/**
 * The technician's record of a visit (one row per order) and its photos (one row per photo, its client id unique per
 * order so a repeated upload stores it once); and the files of the default file storage, in PostgreSQL itself.
 */
export class Migration20261207020000_visit_records extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create table "stored_files" (
      "key" varchar(200) not null,
      "content_type" varchar(100) not null,
      "size" int not null,
      "content" bytea not null,
      "created_at" timestamptz not null,
      constraint "stored_files_pkey" primary key ("key"));`);
    this.addSql(
      `create table "visit_records" ("id" serial primary key, "order_id" int not null, "appliance_brand" varchar(100) null, "appliance_model" varchar(100) null, "appliance_serial_number" varchar(100) null, "parts_used" jsonb not null, "parts_needed" jsonb not null, "office_note" text null, "consumer_note" text null, "signature_key" varchar(100) null, "signature_client_id" varchar(100) null, "signed_at" timestamptz null, "updated_at" timestamptz not null);`,
    );
    this.addSql(`alter table "visit_records" add constraint "visit_records_order_id_unique" unique ("order_id");`);
    this.addSql(
      `alter table "visit_records" add constraint "visit_records_order_id_fkey" foreign key ("order_id") references "orders" ("id") on delete cascade;`,
    );
    this.addSql(
      `create table "visit_photos" ("id" serial primary key, "order_id" int not null, "client_id" varchar(100) not null, "kind" text not null, "for_consumer" boolean not null default false, "file_key" varchar(100) not null, "thumbnail_key" varchar(100) not null, "width" int not null, "height" int not null, "created_at" timestamptz not null);`,
    );
    this.addSql(
      `alter table "visit_photos" add constraint "visit_photos_order_client_id_unique" unique ("order_id", "client_id");`,
    );
    this.addSql(
      `alter table "visit_photos" add constraint "visit_photos_order_id_fkey" foreign key ("order_id") references "orders" ("id") on delete cascade;`,
    );
    this.addSql(
      `alter table "visit_photos" add constraint "visit_photos_kind_check" check ("kind" in ('TYPE_PLATE', 'BEFORE', 'AFTER', 'OTHER'));`,
    );
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "visit_photos";`);
    this.addSql(`drop table if exists "visit_records";`);
    this.addSql(`drop table if exists "stored_files";`);
  }
}
