import 'reflect-metadata';
import pg from 'pg';
import type { Pool } from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { numberedPlaceholders, PlainStatements } from '../../../server/common/db/plain-statements.js';
import { countingOf } from '../../../server/common/rate-limit/rate-limiter.js';
import { insertSiteVisits } from '../../../server/statistics/repository/statistics.repository.js';
import { createOrder } from '../../utils/factories.js';
import { startTestServer, type TestServer } from '../../utils/test-server.js';

/**
 * Rate-limit counters and site visits commit without waiting for the disk: the statements that write them turn
 * `synchronous_commit` off for their own transaction, which PostgreSQL reads when it commits. Each is run here inside
 * a transaction left open, so the setting it made can be read before the transaction ends.
 */
describe('writes a crash may forget commit without waiting for the disk', () => {
  let server: TestServer;
  let client: pg.Client;

  beforeAll(async () => {
    server = await startTestServer();
    client = new pg.Client({ connectionString: server.database.url });
    await client.connect();
  });
  afterAll(async () => {
    await client?.end();
    await server?.stop();
  });

  async function settingAfter(run: () => Promise<unknown>): Promise<string> {
    await client.query('begin');
    try {
      // As on a durable server (the test cluster commits asynchronously throughout).
      await client.query('set local synchronous_commit = on');
      await run();
      return (await client.query<{ s: string }>(`select current_setting('synchronous_commit') as s`)).rows[0].s;
    } finally {
      await client.query('rollback');
    }
  }

  it('the lookup limits, counted in their statement', async () => {
    // The production budgets: each attempt is written.
    const statement = server.services.rateLimiter.counting([
      { name: 'LOOKUP_PER_CLIENT', key: '198.51.100.7' },
      { name: 'LOOKUP_PER_ADDRESS', key: 'NL:address:1234AB:10' },
    ]);
    expect(statement.writes.length).toBeGreaterThan(0);
    const { from, params } = countingOf([statement]);
    const sql = numberedPlaceholders(`select step, hits, window_ends_at from ${from}`);
    expect(await settingAfter(() => client.query(sql, params))).toBe('off');
  });

  it('the site visits of a batch', async () => {
    const order = await createOrder(server.em(), { appointment: new Date(Date.now() + 86_400_000) });
    const statements = new PlainStatements(client as unknown as Pool, { prepared: false });
    const row = { order_id: order.id, visited_at: new Date().toISOString(), user_agent: 'a', browser: 'b', os: 'c' };
    expect(await settingAfter(() => insertSiteVisits(statements, [row]))).toBe('off');
  });

  it('a read that writes nothing leaves the setting alone', async () => {
    expect(await settingAfter(() => client.query('select 1'))).toBe('on');
  });
});
