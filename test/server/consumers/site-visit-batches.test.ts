import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SiteVisit } from '../../../server/statistics/site-visit.entity.js';
import { createOrder } from '../../utils/factories.js';
import { createTestDatabase, type TestDatabase } from '../../utils/test-database.js';
import { startTestServer, type TestServer } from '../../utils/test-server.js';

const LOOK_UP = 'mutation ($input: LookUpVisitsInput!) { lookUpVisits(input: $input) { sign } }';
const ADDRESS = { country: 'NL', zipcode: '2345BC', houseNumber: '3' };
const LIMITS = { RATE_LIMIT_LOOKUP_PER_CLIENT: '10000/900', RATE_LIMIT_LOOKUP_PER_ADDRESS: '10000/900' };

/** Site visits are written in batches after the answers (server/consumers/site-visit-recorder.ts). */
describe('site visits written in batches', () => {
  let database: TestDatabase;
  let server: TestServer;

  beforeAll(async () => {
    database = await createTestDatabase();
    server = await startTestServer({ database, recordQueries: true, env: LIMITS });
    await createOrder(server.em(), {
      zipcode: ADDRESS.zipcode,
      houseNumber: ADDRESS.houseNumber,
      appointment: new Date(server.services.clock.now().getTime() + 3 * 86_400_000),
    });
  });
  afterAll(async () => {
    await server?.stop();
    await database?.drop();
  });

  const lookUp = (agent: string) =>
    server.graphql(LOOK_UP, { input: ADDRESS }, { headers: { 'user-agent': agent } }).then(({ body }) => {
      expect(body.errors).toBeUndefined();
    });
  const visitsBy = (agent: string) => server.em().count(SiteVisit, { userAgent: agent });

  it('writes concurrent lookups together: every visit, in fewer INSERTs than lookups', async () => {
    const agent = 'BatchAgent/1.0';
    server.queries.length = 0;
    await Promise.all(Array.from({ length: 12 }, () => lookUp(agent)));
    await server.services.siteVisits.flush();
    expect(await visitsBy(agent)).toBe(12);
    const inserts = server.queries.filter((sql) => /insert into "?site_visits"?/i.test(sql)).length;
    expect(inserts).toBeGreaterThan(0);
    expect(inserts).toBeLessThan(12);
  });

  it('writes what is waiting when the server stops', async () => {
    const agent = 'ShutdownAgent/1.0';
    await lookUp(agent);
    await server.stop();
    const other = await startTestServer({ database, env: LIMITS });
    try {
      expect(await other.em().count(SiteVisit, { userAgent: agent })).toBe(1);
    } finally {
      await other.stop();
    }
  });
});
