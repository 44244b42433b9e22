import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
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
