import { tmpdir } from 'node:os';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../../server/config.js';
import { PlainStatements } from '../../../server/common/db/plain-statements.js';
import { createTestDatabase, type TestDatabase } from '../../utils/test-database.js';

const STATEMENT = 'select ?::int + ?::int as sum';

/** The statements prepared on the pool's one connection, read on that same connection. */
async function preparedOnConnection(pool: pg.Pool): Promise<string[]> {
  const { rows } = await pool.query<{ name: string }>('select name from pg_prepared_statements order by name');
  return rows.map((row) => row.name);
}

describe('statements on the pool', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase({ migrated: false });
  });
  afterAll(async () => {
    await database?.drop();
  });

  it('prepares each text once per connection when asked to, and answers the same either way', async () => {
    for (const prepared of [true, false]) {
      // One connection, so the catalogue read afterwards sees that connection's prepared statements.
      const pool = new pg.Pool({ connectionString: database.url, max: 1 });
      // The pool lets go of its client before the connection has closed; the database's drop may still end that
      // connection, which must not surface as an uncaught error of the test run.
      pool.on('connect', (client) => client.on('error', () => undefined));
      const seen: string[] = [];
      const statements = new PlainStatements(pool, { prepared, onStatement: (sql) => seen.push(sql) });
      try {
        expect(await statements.rows<{ sum: number }>(STATEMENT, [2, 3])).toEqual([{ sum: 5 }]);
        expect(await statements.rows<{ sum: number }>(STATEMENT, [40, 2])).toEqual([{ sum: 42 }]);
        expect(seen).toEqual(['select $1::int + $2::int as sum', 'select $1::int + $2::int as sum']);
        expect(await preparedOnConnection(pool)).toEqual(prepared ? ['tijdvak_1'] : []);
      } finally {
        await pool.end();
      }
    }
  });

  it('are prepared when PostgreSQL is reached directly, not behind a transaction pooler, unless the operator says', () => {
    const base = { DATA_DIR: tmpdir(), JWT_SECRET: 'x'.repeat(40) };
    expect(loadConfig(base).databasePreparedStatements).toBe(true);
    expect(loadConfig({ ...base, DATABASE_LISTEN_URL: 'postgres://db/direct' }).databasePreparedStatements).toBe(false);
    const both = { ...base, DATABASE_LISTEN_URL: 'postgres://db/direct', DATABASE_PREPARED_STATEMENTS: 'true' };
    expect(loadConfig(both).databasePreparedStatements).toBe(true);
    expect(loadConfig({ ...base, DATABASE_PREPARED_STATEMENTS: '0' }).databasePreparedStatements).toBe(false);
    expect(() => loadConfig({ ...base, DATABASE_PREPARED_STATEMENTS: 'maybe' })).toThrow(ConfigError);
  });
});
