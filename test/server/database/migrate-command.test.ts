import pg from 'pg';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../../server/config.js';
import { runMigrations } from '../../../server/db/migrate-command.js';
import { MIGRATIONS } from '../../../server/db/migrations/index.js';
import { createTestDatabase, type TestDatabase } from '../../utils/test-database.js';
import { startTestServer } from '../../utils/test-server.js';

async function hasOrdersTable(url: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ present: boolean }>("select to_regclass('orders') is not null as present");
    return rows[0].present;
  } finally {
    await client.end();
  }
}

describe('migrations as their own step', () => {
  const logger = pino({ level: 'silent' });
  const noMigrationAtStart = { MIGRATE_AT_START: 'false' };
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase({ migrated: false });
  });
  afterAll(() => database?.drop());

  it('is an on/off setting, on by default', () => {
    const load = (env: Record<string, string>) => loadConfig({ DATA_DIR: '/tmp', PORT: '3000', ...env });
    expect(load({}).migrateAtStart).toBe(true);
    expect(load(noMigrationAtStart).migrateAtStart).toBe(false);
    expect(() => load({ MIGRATE_AT_START: 'no' })).toThrow(ConfigError);
  });

  it('keeps an instance told not to migrate from serving a database that lacks migrations', async () => {
    await expect(startTestServer({ database, env: noMigrationAtStart })).rejects.toThrow(
      new RegExp(`lacks ${MIGRATIONS.length} migration\\(s\\) .*npm run migrate`),
    );
    expect(await hasOrdersTable(database.url)).toBe(false);
  });

  it('lists the pending ones without a change, applies them, then has nothing to do', async () => {
    const names = MIGRATIONS.map((migration) => migration.name);
    expect(await runMigrations(database.url, logger, true)).toEqual({ pending: names, applied: [] });
    expect(await hasOrdersTable(database.url)).toBe(false);
    expect(await runMigrations(database.url, logger, false)).toEqual({ pending: names, applied: names });
    expect(await hasOrdersTable(database.url)).toBe(true);
    expect(await runMigrations(database.url, logger, true)).toEqual({ pending: [], applied: [] });
  });

  it('then lets the instance start', async () => {
    const server = await startTestServer({ database, env: noMigrationAtStart });
    try {
      const { status, body } = await server.graphql('query { serverInfo { brand } }');
      expect(status).toBe(200);
      expect(body.data).toEqual({ serverInfo: { brand: 'tijdvak' } });
    } finally {
      await server.stop();
    }
  });
});
