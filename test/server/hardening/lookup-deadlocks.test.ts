import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOrder } from '../../utils/factories.js';
import { createTestDatabase, type TestDatabase } from '../../utils/test-database.js';
import { startTestServer, type TestServer } from '../../utils/test-server.js';

const LOOK_UP = /* GraphQL */ `
  mutation ($input: LookUpVisitsInput!) {
    lookUpVisits(input: $input) {
      dataToken
    }
  }
`;

/** Houses 1-8 have a visit, 9-16 none. */
const FOUND_HOUSES = 8;
const HOUSES = 16;
const CLIENTS = 24;
/** Below 128 points, so every attempt writes its buckets (no leases) and every statement locks them. */
const CLIENT_BUDGET = 100;
const ADDRESS_BUDGET = 120;
const BURSTS = 12;
const PER_BURST = 250;

/**
 * A small deterministic generator: the same bursts on every run, so a failure can be run again as it was.
 * (Park-Miller, good enough to scatter clients and houses.)
 */
function generator(seed: number) {
  let state = seed;
  return (below: number) => {
    state = (state * 48_271) % 2_147_483_647;
    return state % below;
  };
}

describe('bursts of lookups over shared rate-limit buckets, from two instances on one database', () => {
  let database: TestDatabase;
  let admin: pg.Client;
  const servers: TestServer[] = [];

  beforeAll(async () => {
    database = await createTestDatabase();
    const env = {
      JWT_SECRET: 'one-secret-for-both-instances-of-this-test',
      TRUST_PROXY: 'loopback',
      CLOCK_NOW: '2026-11-23T10:00:00+01:00',
      RATE_LIMIT_LOOKUP_PER_CLIENT: `${CLIENT_BUDGET}/900`,
      RATE_LIMIT_LOOKUP_PER_ADDRESS: `${ADDRESS_BUDGET}/900`,
    };
    servers.push(await startTestServer({ database, env }), await startTestServer({ database, env }));
    servers[1].services.clock.travelTo(servers[0].services.clock.now());
    for (let house = 1; house <= FOUND_HOUSES; house++) {
      await createOrder(servers[0].em(), {
        zipcode: '1234AB',
        houseNumber: String(house),
        appointment: new Date('2026-11-24T08:00:00+01:00'),
      });
    }
    admin = new pg.Client({ connectionString: database.url });
    await admin.connect();
  });
  afterAll(async () => {
    for (const server of servers) await server.stop();
    await admin?.end();
    await database?.drop();
  });

  const deadlocks = async () =>
    Number(
      (
        await admin.query<{ deadlocks: string }>(
          'select deadlocks from pg_stat_database where datname = current_database()',
        )
      ).rows[0].deadlocks,
    );

  /**
   * A backend reports its deadlocks to the statistics when it is idle for a while or when it ends, and it ends only
   * after reporting them: once the instances' connections are gone, every deadlock they met is counted.
   */
  async function stopInstancesAndTheirConnections(): Promise<void> {
    for (const server of servers.splice(0)) await server.stop();
    for (;;) {
      const { rows } = await admin.query<{ others: string }>(
        `select count(*) as others from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()`,
      );
      if (Number(rows[0].others) === 0) return;
      await new Promise((resolve) => setImmediate(resolve));
    }
  }

  it('never deadlocks, and answers every lookup with its own result', async () => {
    const deadlocksBefore = await deadlocks();
    const random = generator(20_261_204);
    const outcomes: { client: number; house: number; code: string }[] = [];
    for (let burst = 0; burst < BURSTS; burst++) {
      // One client sends half of each burst (a script hammering the form); the others are scattered. Each lookup's
      // two buckets are shared with many others, in every order, on both instances.
      const hot = random(CLIENTS);
      const lookups = Array.from({ length: PER_BURST }, (_, index) => ({
        client: index % 2 === 0 ? hot : random(CLIENTS),
        house: random(HOUSES) + 1,
      }));
      const codes = await Promise.all(
        lookups.map(async ({ client, house }, index) => {
          const response = await servers[index % 2].graphql(
            LOOK_UP,
            { input: { country: 'NL', zipcode: '1234AB', houseNumber: String(house) } },
            { headers: { 'x-forwarded-for': `198.51.100.${client + 1}` } },
          );
          const code = response.body.errors?.[0]?.extensions?.code;
          if (typeof code === 'string') return code;
          return response.body.data?.lookUpVisits ? 'OK' : `NO_ANSWER ${response.status}`;
        }),
      );
      lookups.forEach((lookup, index) => outcomes.push({ ...lookup, code: codes[index] }));
    }

    const byCode = new Map<string, number>();
    for (const { code } of outcomes) byCode.set(code, (byCode.get(code) ?? 0) + 1);
    // Found where a visit is, not found elsewhere, or refused by a limit: nothing else, above all no internal error.
    expect(Object.fromEntries(byCode)).toEqual({
      OK: expect.any(Number),
      NO_ORDERS_FOUND: expect.any(Number),
      RATE_LIMITED: expect.any(Number),
    });
    for (const { house, code } of outcomes) {
      if (code === 'OK') expect(house).toBeLessThanOrEqual(FOUND_HOUSES);
      if (code === 'NO_ORDERS_FOUND') expect(house).toBeGreaterThan(FOUND_HOUSES);
    }
    // No limit let more through than its budget, over both instances.
    const answered = (of: (outcome: (typeof outcomes)[number]) => number, count: number) =>
      Array.from({ length: count }, (_, index) =>
        outcomes.filter((outcome) => of(outcome) === index && outcome.code !== 'RATE_LIMITED'),
      );
    for (const answers of answered(({ client }) => client, CLIENTS)) {
      expect(answers.length).toBeLessThanOrEqual(CLIENT_BUDGET);
    }
    for (const answers of answered(({ house }) => house - 1, HOUSES)) {
      expect(answers.length).toBeLessThanOrEqual(ADDRESS_BUDGET);
    }
    // Every attempt counted once against its client: none lost with a failed statement, none counted twice.
    const { rows } = await admin.query<{ hits: string }>(
      `select sum(hits) as hits from rate_limit_buckets where key like 'LOOKUP_PER_CLIENT:%'`,
    );
    expect(Number(rows[0].hits)).toBe(BURSTS * PER_BURST);

    await stopInstancesAndTheirConnections();
    expect(await deadlocks()).toBe(deadlocksBefore);
  });
});
