import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { pino } from 'pino';
import { afterAll, describe, expect, it } from 'vitest';
import { startEmbeddedPostgres } from '../../../server/db/embedded-postgres.js';

async function run(url: string, sql: string): Promise<number> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query(sql)).rowCount ?? 0;
  } finally {
    await client.end();
  }
}

/** The application database is created once per cluster; a warm start does not check it again. */
describe("the embedded PostgreSQL's application database", () => {
  const logger = pino({ level: 'silent' });
  const dirs: string[] = [];
  const freshDir = () => {
    const dir = mkdtempSync(join(tmpdir(), 'tijdvak-databases-'));
    dirs.push(dir);
    return dir;
  };
  afterAll(() => {
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  });

  it('is checked when first asked for, and a warm start reaches it without the cluster’s own database', async () => {
    const dir = freshDir();
    const first = await startEmbeddedPostgres({ dir, logger, ephemeral: true });
    await run(first.url, 'create table kept (id int)');
    // Nothing may connect to the cluster's own database from now on: a start that checks through it fails.
    await run(first.url, 'alter database postgres with allow_connections false');
    await first.stop();

    const warm = await startEmbeddedPostgres({ dir, logger, ephemeral: true });
    try {
      expect(await run(warm.url, 'select * from kept')).toBe(0);
      await run(warm.url, 'alter database postgres with allow_connections true');
    } finally {
      await warm.stop();
    }

    const other = await startEmbeddedPostgres({ dir, logger, ephemeral: true, databaseName: 'other' });
    try {
      expect(await run(other.url, 'select current_database()')).toBe(1);
    } finally {
      await other.stop();
    }
  });

  it('is created in a new cluster whatever an earlier one recorded', async () => {
    const dir = freshDir();
    writeFileSync(join(dir, 'pg-databases.json'), JSON.stringify(['tijdvak']));
    const database = await startEmbeddedPostgres({ dir, logger, ephemeral: true });
    try {
      expect(await run(database.url, 'select current_database()')).toBe(1);
    } finally {
      await database.stop();
    }
  });
});
