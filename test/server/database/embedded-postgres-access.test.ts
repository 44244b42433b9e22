import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import pg from 'pg';
import { pino } from 'pino';
import { afterAll, describe, expect, it } from 'vitest';
import { startEmbeddedPostgres } from '../../../server/db/embedded-postgres.js';

async function countRows(url: string, sql: string): Promise<number> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query(sql)).rowCount ?? 0;
  } finally {
    await client.end();
  }
}

describe('the embedded PostgreSQL in a directory only its owner may enter', () => {
  // mkdtemp makes a 0700 directory, like root's home or a `mktemp -d` checkout; as root, PostgreSQL runs as the
  // `postgres` user, which cannot enter it.
  const closed = mkdtempSync(join(tmpdir(), 'tijdvak-closed-'));
  let clusterDir: string | undefined;
  afterAll(() => {
    rmSync(closed, { recursive: true, force: true });
    if (clusterDir) rmSync(dirname(clusterDir), { recursive: true, force: true });
  });

  it('starts there, and a restart with the same data directory finds the same database', async () => {
    const dir = join(closed, 'data');
    mkdirSync(dir);
    const logger = pino({ level: 'silent' });
    const first = await startEmbeddedPostgres({ dir, logger, ephemeral: true });
    clusterDir = first.clusterDir;
    await countRows(first.url, 'create table kept (id int)');
    await first.stop();
    const second = await startEmbeddedPostgres({ dir, logger, ephemeral: true });
    try {
      expect(await countRows(second.url, 'select * from kept')).toBe(0);
    } finally {
      await second.stop();
    }
  });
});

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
    await countRows(first.url, 'create table kept (id int)');
    // Nothing may connect to the cluster's own database from now on: a start that checks through it fails.
    await countRows(first.url, 'alter database postgres with allow_connections false');
    await first.stop();

    const warm = await startEmbeddedPostgres({ dir, logger, ephemeral: true });
    try {
      expect(await countRows(warm.url, 'select * from kept')).toBe(0);
      await countRows(warm.url, 'alter database postgres with allow_connections true');
    } finally {
      await warm.stop();
    }

    const other = await startEmbeddedPostgres({ dir, logger, ephemeral: true, databaseName: 'other' });
    try {
      expect(await countRows(other.url, 'select current_database()')).toBe(1);
    } finally {
      await other.stop();
    }
  });

  it('is created in a new cluster whatever an earlier one recorded', async () => {
    const dir = freshDir();
    writeFileSync(join(dir, 'pg-databases.json'), JSON.stringify(['tijdvak']));
    const database = await startEmbeddedPostgres({ dir, logger, ephemeral: true });
    try {
      expect(await countRows(database.url, 'select current_database()')).toBe(1);
    } finally {
      await database.stop();
    }
  });
});
