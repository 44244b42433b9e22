import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../utils/test-server.js';

const POOL_SIZE = 6;

/**
 * The server opens its pool's every connection at its start and keeps them: a burst after a quiet spell (twenty
 * technicians' photos at once) otherwise opened most of them at once while consumers' lookups waited in the pool.
 */
describe('the database pool at the start', () => {
  let server: TestServer;
  let pool: pg.Pool;

  beforeAll(async () => {
    server = await startTestServer({ env: { DATABASE_POOL_SIZE: String(POOL_SIZE) } });
    pool = await server.services.orm.em.getConnection().getNativeClient();
  });
  afterAll(async () => {
    await server?.stop();
  });

  it('has every connection open before the first request, and keeps them when idle', async () => {
    expect(pool.totalCount).toBe(POOL_SIZE);
    // pg closes an idle connection after its idle time only above the pool's minimum: none of these.
    expect((pool as pg.Pool & { options: pg.PoolConfig }).options.min).toBe(POOL_SIZE);
    // Ten statements at once run on those connections: none is opened, none waits for one to open.
    await Promise.all(Array.from({ length: 10 }, () => pool.query('select pg_sleep(0.05)')));
    expect(pool.totalCount).toBe(POOL_SIZE);
    expect((await server.graphql('{ __typename }')).status).toBe(200);
  });

  it("has the session check and a photo's first check prepared on every connection before the first request", async () => {
    const connections = await Promise.all(Array.from({ length: POOL_SIZE }, () => pool.connect()));
    try {
      for (const connection of connections) {
        const { rows } = await connection.query<{ statement: string }>('select statement from pg_prepared_statements');
        const texts = rows.map((row) => row.statement.replace(/\s+/g, ' ').trim());
        expect(texts.some((text) => text.startsWith('select (select t.country from technicians t'))).toBe(true);
        expect(texts.some((text) => text.startsWith('select o.technician_id, o.country, o.appointment'))).toBe(true);
      }
    } finally {
      for (const connection of connections) connection.release();
    }
  });
});
