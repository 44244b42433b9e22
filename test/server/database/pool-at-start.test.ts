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
});
