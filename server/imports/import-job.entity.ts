import { OptionalProps } from '@mikro-orm/core';
import { Entity, Enum, Index, ManyToOne, PrimaryKey, Property, Unique } from '@mikro-orm/decorators/legacy';
import { Field, Int, ObjectType, registerEnumType } from 'type-graphql';
import { Admin } from '../admins/admin.entity.js';
import { RequireRoleForAll } from '../common/auth/require-role.js';
import { Country } from '../common/locale.js';
import { OFFICE } from '../common/auth/role.js';

export enum ImportJobStatus {
  RUNNING = 'RUNNING',
  SUCCEEDED = 'SUCCEEDED',
  REJECTED = 'REJECTED',
  FAILED = 'FAILED',
}

registerEnumType(ImportJobStatus, {
  name: 'ImportJobStatus',
  description: 'Where a CSV import stands.',
  valuesConfig: {
    RUNNING: { description: 'Reading, checking or writing rows.' },
    SUCCEEDED: { description: 'Every row was valid and the file was written.' },
    REJECTED: { description: 'Some rows were invalid; nothing was written.' },
    FAILED: { description: 'The file could not be read (not CSV, too large, ...); nothing was written.' },
  },
});

@ObjectType({ description: 'One CSV import of orders: its progress while it runs and its outcome after.' })
@Entity({ tableName: 'import_jobs' })
// One running import at a time, across instances.
@Unique({
  name: 'import_jobs_one_running',
  expression: `create unique index "import_jobs_one_running" on "import_jobs" ((true)) where "status" = 'RUNNING'`,
})
@Index({ name: 'import_jobs_started_at_idx', properties: ['startedAt'] })
@RequireRoleForAll(...OFFICE)
export class ImportJob {
  [OptionalProps]?:
    | 'admin'
    | 'status'
    | 'rowsChecked'
    | 'rowsWritten'
    | 'created'
    | 'updated'
    | 'unchanged'
    | 'errorCount'
    | 'finishedAt'
    | 'heartbeatAt';

  @Field({ description: 'The id (a UUID) the client chose or the server gave.' })
  @PrimaryKey({ type: 'uuid' })
  id!: string;

  /** Who imported; kept as null when that admin is removed. */
  @ManyToOne(() => Admin, { nullable: true, deleteRule: 'set null' })
  admin: Admin | null = null;

  @Field(() => Country, { description: 'The country the file was imported for.' })
  @Enum({ items: () => Country, nativeEnumName: 'country' })
  country!: Country;

  @Field({ description: 'The name of the uploaded file.' })
  @Property({ length: 255 })
  fileName!: string;

  @Field(() => ImportJobStatus, { description: 'Running, succeeded, rejected (row errors) or failed.' })
  @Enum({ items: () => ImportJobStatus, columnType: 'varchar(16)' })
  status: ImportJobStatus = ImportJobStatus.RUNNING;

  @Field(() => Int, { description: 'Data rows read and checked so far.' })
  @Property()
  rowsChecked: number = 0;

  @Field(() => Int, { description: 'Rows written to the orders so far (after every row has passed).' })
  @Property()
  rowsWritten: number = 0;

  @Field(() => Int, { description: 'New orders (when succeeded).' })
  @Property()
  created: number = 0;

  @Field(() => Int, { description: 'Existing orders that changed (when succeeded).' })
  @Property()
  updated: number = 0;

  @Field(() => Int, { description: 'Rows equal to the stored order (when succeeded).' })
  @Property()
  unchanged: number = 0;

  @Field(() => Int, { description: 'Problems found in the rows (when rejected).' })
  @Property()
  errorCount: number = 0;

  @Field({ description: 'When the import started.' })
  @Property({ type: 'datetime' })
  startedAt!: Date;

  @Field(() => Date, { nullable: true, description: 'When the import ended; null while it runs.' })
  @Property({ type: 'datetime', nullable: true })
  finishedAt: Date | null = null;

  /** Renewed by the running import's process (database clock); see import-claim.ts. */
  @Property({ type: 'datetime', nullable: true })
  heartbeatAt: Date | null = null;
}
