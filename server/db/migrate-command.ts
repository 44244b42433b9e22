import type { Logger } from 'pino';
import { migrate, openOrm, pendingMigrationNames } from './orm.js';

/**
 * What the role in DATABASE_URL needs for `npm run migrate` (the server itself, with MIGRATE_AT_START=false, needs
 * only to read and write the tables it owns or was granted).
 */
export const MIGRATION_PRIVILEGES = [
  'CONNECT and CREATE on the database (the job queue keeps its tables in a schema of its own, "pgboss")',
  'CREATE on the schema "public", and ownership of the tables the migrations alter (the role that created them)',
  'the pg_trgm extension: created by the first migration that needs it, which takes a superuser or a role with',
  '  CREATE on the database where the extension is trusted (PostgreSQL 13+: pg_trgm is), or created beforehand',
];

export interface MigrateOutcome {
  pending: string[];
  applied: string[];
}

/**
 * `npm run migrate`: applies the pending migrations on their own, before the instances start (MIGRATE_AT_START=false
 * makes an instance refuse a database that lacks one). `check` lists them and changes nothing.
 */
export async function runMigrations(databaseUrl: string, logger: Logger, check: boolean): Promise<MigrateOutcome> {
  const orm = await openOrm({ databaseUrl, logger });
  try {
    const pending = await pendingMigrationNames(orm);
    if (check || pending.length === 0) return { pending, applied: [] };
    return { pending, applied: await migrate(orm) };
  } finally {
    await orm.close(true);
  }
}
