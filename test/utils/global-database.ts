import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { pino } from 'pino';
import type { TestProject } from 'vitest/node';
import { startEmbeddedPostgres } from '../../server/db/embedded-postgres.js';
import { migrate, openOrm } from '../../server/db/orm.js';

declare module 'vitest' {
  export interface ProvidedContext {
    database: { adminUrl: string; template: string };
  }
}

export const TEMPLATE_DATABASE = 'tijdvak_template';

/**
 * One real PostgreSQL for the whole run. The schema is migrated once into a template database;
 * every test file clones it (CREATE DATABASE ... TEMPLATE), which takes milliseconds.
 */
export default async function setup(project: TestProject) {
  const dir = mkdtempSync(join(tmpdir(), 'tijdvak-test-pg-'));
  const logger = pino({ level: 'warn' });
  const cluster = await startEmbeddedPostgres({ dir, logger, databaseName: TEMPLATE_DATABASE, ephemeral: true });
  const orm = await openOrm({ databaseUrl: cluster.url, logger });
  await migrate(orm);
  await orm.close(true);
  const client = new pg.Client({ connectionString: cluster.adminUrl });
  await client.connect();
  await client.query(`alter database ${TEMPLATE_DATABASE} with is_template true`);
  await client.end();
  project.provide('database', { adminUrl: cluster.adminUrl, template: TEMPLATE_DATABASE });
  return async () => {
    await cluster.stop();
    rmSync(dir, { recursive: true, force: true });
  };
}
