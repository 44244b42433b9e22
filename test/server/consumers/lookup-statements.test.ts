import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Country } from '../../../server/common/locale.js';
import { LookupStatements } from '../../../server/consumers/repository/lookup-statements.js';
import { lookedUpOrdersOf, lookedUpOrdersSql } from '../../../server/orders/repository/customer-lookups.js';
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

const FROM = new Date('2026-11-23T00:00:00+01:00');
const HOUSES = 6;

describe('consumer lookups sharing a statement', () => {
  let database: TestDatabase;
  let server: TestServer;
  const orderIds: number[] = [];

  beforeAll(async () => {
    database = await createTestDatabase();
    server = await startTestServer({
      database,
      recordQueries: true,
      env: {
        CLOCK_NOW: '2026-11-23T10:00:00+01:00',
        TRUST_PROXY: 'loopback',
        // Small budgets are written point by point: every lookup writes both of its buckets.
        RATE_LIMIT_LOOKUP_PER_CLIENT: '3/900',
        RATE_LIMIT_LOOKUP_PER_ADDRESS: '2/900',
      },
    });
    for (let house = 1; house <= HOUSES; house++) {
      const order = await createOrder(server.em(), {
        zipcode: '1234AB',
        houseNumber: String(house),
        appointment: new Date('2026-11-24T08:00:00+01:00'),
      });
      orderIds.push(order.id);
    }
  });
  afterAll(async () => {
    await server?.stop();
    await database?.drop();
  });

  /** A lookup of house `house` (no order at 99) by `client`, as the consumer service asks it. */
  const part = (house: number, client: string) => ({
    limits: server.services.rateLimiter.counting([
      { name: 'LOOKUP_PER_CLIENT', key: client },
      { name: 'LOOKUP_PER_ADDRESS', key: `NL:1234AB:${house}` },
    ]),
    found: lookedUpOrdersSql({ zipcode: '1234AB', houseNumber: house, addition: '' }, Country.NL, FROM, 20),
  });
  const batchStatements = () => server.queries.filter((sql) => sql.includes(' as attempt,')).length;

  it('answers lookups that arrive together in one statement, each with its own orders and limits', async () => {
    const lookups = new LookupStatements(server.services.plainStatements);
    const before = batchStatements();
    const houses = [1, 2, 99, 3, 4];
    const parts = houses.map((house, index) => part(house, `client-${index}`));
    // Another shape last: a lookup counted against one limit only goes first in the statement's text.
    parts.push({
      limits: server.services.rateLimiter.counting([{ name: 'LOOKUP_PER_ADDRESS', key: 'NL:1234AB:6' }]),
      found: lookedUpOrdersSql({ zipcode: '1234AB', houseNumber: 6, addition: '' }, Country.NL, FROM, 20),
    });
    const answers = await Promise.all(parts.map(({ limits, found }) => lookups.run(limits, found)));

    expect(batchStatements() - before).toBe(1);
    expect(answers.map(({ orders }) => lookedUpOrdersOf(orders).orders.map((order) => order.id))).toEqual([
      [orderIds[0]],
      [orderIds[1]],
      [],
      [orderIds[2]],
      [orderIds[3]],
      [orderIds[5]],
    ]);
    // Each lookup's first attempt on each of its buckets.
    expect(answers.map(({ limits }) => limits.map(({ step, hits }) => [step, hits]).sort())).toEqual([
      ...houses.map(() => [
        [0, 1],
        [1, 1],
      ]),
      [[0, 1]],
    ]);
    parts.forEach(({ limits }, index) => expect(() => limits.judge(answers[index].limits)).not.toThrow());
  });

  it('gives lookups that write the same bucket a statement each, so every attempt is counted', async () => {
    const lookups = new LookupStatements(server.services.plainStatements);
    const before = batchStatements();
    const parts = [5, 5, 5].map((house, index) => part(house, `client-same-address-${index}`));
    const answers = await Promise.all(parts.map(({ limits, found }) => lookups.run(limits, found)));

    expect(batchStatements() - before).toBe(3);
    const addressHits = answers.map(({ limits }) => limits.find(({ step }) => step === 1)?.hits).sort();
    expect(addressHits).toEqual([1, 2, 3]);
    const refused = parts.filter(({ limits }, index) => {
      try {
        limits.judge(answers[index].limits);
        return false;
      } catch {
        return true;
      }
    });
    expect(refused).toHaveLength(1);
  });

  it('lets exactly the budget through when one client sends many lookups at once over HTTP', async () => {
    const codes = await Promise.all(
      Array.from({ length: 7 }, async (_, index) => {
        const response = await server.graphql(
          LOOK_UP,
          { input: { country: 'NL', zipcode: '1234AB', houseNumber: String((index % HOUSES) + 1) } },
          { headers: { 'x-forwarded-for': '198.51.100.7' } },
        );
        return response.body.errors?.[0]?.extensions?.code ?? 'OK';
      }),
    );
    expect(codes.filter((code) => code === 'OK')).toHaveLength(3);
    expect(codes.filter((code) => code === 'RATE_LIMITED')).toHaveLength(4);
  });
  it('answers the other lookups of a statement that one lookup makes fail, and fails that one alone', async () => {
    const lookups = new LookupStatements(server.services.plainStatements);
    const parts = [part(1, 'client-failing-1'), part(2, 'client-failing-2'), part(3, 'client-failing-3')];
    // A lookup whose own part fails in PostgreSQL (a division by zero), in the middle of the statement.
    parts[1] = { ...parts[1], found: { sql: '(select to_json(1 / ?::int))', params: [0] } };
    const before = batchStatements();
    const answers = await Promise.allSettled(parts.map(({ limits, found }) => lookups.run(limits, found)));

    expect(batchStatements() - before).toBeGreaterThan(1);
    expect(answers.map((answer) => answer.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    expect(answers[1]).toMatchObject({ status: 'rejected', reason: { code: '22012' } });
    const found = answers.map((answer) =>
      answer.status === 'fulfilled' ? lookedUpOrdersOf(answer.value.orders).orders.map((order) => order.id) : null,
    );
    expect(found).toEqual([[orderIds[0]], null, [orderIds[2]]]);
    // Counted once each: the failed statement wrote nothing, the lookups alone wrote their own (their clients' first
    // attempts, their addresses' second: the first test looked them up).
    expect(
      answers.map((answer) =>
        answer.status === 'fulfilled' ? answer.value.limits.map(({ step, hits }) => [step, hits]).sort() : null,
      ),
    ).toEqual([
      [
        [0, 1],
        [1, 2],
      ],
      null,
      [
        [0, 1],
        [1, 2],
      ],
    ]);
  });

  it('runs the lookups of a statement PostgreSQL ended again, each alone', async () => {
    const lookups = new LookupStatements(server.services.plainStatements);
    const first = part(4, 'client-ended-1');
    const second = part(5, 'client-ended-2');
    // Another transaction holds the second lookup's address bucket: the statement of both lookups waits for it, and is
    // then ended by PostgreSQL (as it ends one side of a deadlock or a statement an operator cancels). Ended on
    // purpose rather than by a real deadlock: which side PostgreSQL's detector ends depends on timing.
    const secondAddressKey = second.limits.writtenKeys[1];
    const other = new pg.Client({ connectionString: database.url });
    await other.connect();
    try {
      await other.query('begin');
      await other.query(
        `insert into rate_limit_buckets (key, hits, window_ends_at) values ($1, 1, now() + interval '1 hour')
          on conflict (key) do update set hits = rate_limit_buckets.hits`,
        [secondAddressKey],
      );
      const before = batchStatements();
      const answers = Promise.all([first, second].map(({ limits, found }) => lookups.run(limits, found)));
      let waiting: number | undefined;
      while ((waiting = await countingThatWaits(other)) === undefined) {
        await new Promise((resolve) => setImmediate(resolve));
      }
      await other.query('select pg_cancel_backend($1)', [waiting]);
      // The lookups run again one after the other: the second waits for the bucket until this transaction ends.
      while (batchStatements() - before < 2) await new Promise((resolve) => setImmediate(resolve));
      await other.query('commit');
      const found = (await answers).map(({ orders }) => lookedUpOrdersOf(orders).orders.map((order) => order.id));
      expect(found).toEqual([[orderIds[3]], [orderIds[4]]]);
      // The statement of both, then one statement for each.
      expect(batchStatements() - before).toBe(3);
    } finally {
      await other.end();
    }
  });
});

/**
 * The backend of a statement counting rate limits that waits for a lock another transaction holds, if any. Asked
 * within a transaction, PostgreSQL answers from the activity it saw first in that transaction unless told to look
 * again: without the clearing, a first look before the statement waited would be the answer until the transaction
 * ends.
 */
async function countingThatWaits(client: pg.Client): Promise<number | undefined> {
  await client.query('select pg_stat_clear_snapshot()');
  const { rows } = await client.query<{ pid: number }>(
    `select pid from pg_stat_activity
      where datname = current_database() and wait_event_type = 'Lock' and pid <> pg_backend_pid()
        and query like '%tijdvak_count_rate_limit_buckets%'`,
  );
  return rows[0]?.pid;
}
