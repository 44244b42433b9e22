import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Country } from '../../../server/common/locale.js';
import { countingOf, type LimitRow } from '../../../server/common/rate-limit/rate-limiter.js';
import { LookupStatements } from '../../../server/consumers/repository/lookup-statements.js';
import { lookedUpOrdersSql } from '../../../server/orders/repository/customer-lookups.js';
import { startTestServer, type TestServer } from '../../utils/test-server.js';

const FROM = new Date('2026-11-23T00:00:00+01:00');

/**
 * Every statement that writes rate-limit buckets locks them in one order, the keys descending: statements that take
 * shared rows in one global order cannot deadlock, whichever attempts they count and whichever instance sends them.
 */
describe('the one order in which rate-limit buckets are locked', () => {
  let server: TestServer;
  let other: pg.Client;

  beforeAll(async () => {
    server = await startTestServer({
      // Small budgets are written point by point: every attempt writes its buckets.
      env: { CLOCK_NOW: '2026-11-23T10:00:00+01:00', RATE_LIMIT_LOOKUP_PER_CLIENT: '5/900' },
    });
    other = new pg.Client({ connectionString: server.database.url });
    await other.connect();
  });
  afterAll(async () => {
    await other?.end();
    await server?.stop();
  });

  const lookupPart = (client: string, house: number) => ({
    limits: server.services.rateLimiter.counting([
      { name: 'LOOKUP_PER_CLIENT', key: client },
      { name: 'LOOKUP_PER_ADDRESS', key: `NL:1234AB:${house}` },
    ]),
    found: lookedUpOrdersSql({ zipcode: '1234AB', houseNumber: house, addition: '' }, Country.NL, FROM, 20),
  });

  /** Whether another transaction holds the bucket's row lock (tried without waiting). */
  async function isLocked(key: string): Promise<boolean> {
    await other.query('begin');
    try {
      await other.query('select 1 from rate_limit_buckets where key = $1 for update nowait', [key]);
      return false;
    } catch (error) {
      if ((error as { code?: string }).code === '55P03') return true;
      throw error;
    } finally {
      await other.query('rollback');
    }
  }

  it('locks the buckets of a statement of several lookups with the keys descending', async () => {
    const parts = [lookupPart('198.51.100.1', 1), lookupPart('198.51.100.2', 2)];
    const keys = parts.flatMap(({ limits }) => limits.writtenKeys);
    const last = [...keys].sort().at(0)!;
    // The lookup that writes the last bucket first: a statement taking its buckets lookup by lookup would stop there
    // with the other lookup's buckets not yet taken.
    if (!parts[0].limits.writtenKeys.includes(last)) parts.reverse();
    // The buckets exist, and a transaction holds the last one: the statement takes the others, then waits.
    const holder = new pg.Client({ connectionString: server.database.url });
    await holder.connect();
    try {
      await holder.query('begin');
      for (const key of keys) {
        await holder.query(
          `insert into rate_limit_buckets (key, hits, window_ends_at) values ($1, 0, now() + interval '1 hour')
            on conflict do nothing`,
          [key],
        );
      }
      await holder.query('commit');
      await holder.query('begin');
      await holder.query('select 1 from rate_limit_buckets where key = $1 for update', [last]);
      const lookups = new LookupStatements(server.services.plainStatements);
      const answers = Promise.all(parts.map(({ limits, found }) => lookups.run(limits, found)));
      while (!(await waitsForALock(other))) await new Promise((resolve) => setImmediate(resolve));

      const others = keys.filter((key) => key !== last);
      const locked: boolean[] = [];
      for (const key of others) locked.push(await isLocked(key));
      expect(locked).toEqual(others.map(() => true));
      await holder.query('commit');
      const rows = await answers;
      expect(rows.map(({ limits }) => limits.length)).toEqual([2, 2]);
    } finally {
      await holder.end();
    }
  });

  it('refuses to count the limits of one attempt out of that order', () => {
    // The address's bucket sorts before the client's, so it would be locked after it: counted first, it could not be
    // counted only while the client is within its budget.
    expect(() =>
      server.services.rateLimiter.counting([
        { name: 'LOOKUP_PER_ADDRESS', key: 'NL:1234AB:9' },
        { name: 'LOOKUP_PER_CLIENT', key: '198.51.100.9' },
      ]),
    ).toThrow(/lock order/);
  });

  it('counts two attempts on one bucket in one statement one after the other', async () => {
    const attempts = [1, 2].map(() =>
      server.services.rateLimiter.counting([{ name: 'MAIL_OPEN_PER_ORDER', key: '7' }]),
    );
    const { from, params } = countingOf(attempts);
    const rows = await server.services.plainStatements.rows<LimitRow & { attempt: number }>(
      `select attempt, step, hits, window_ends_at from ${from}`,
      params,
    );
    expect(rows.map(({ attempt, hits }) => [attempt, hits]).sort()).toEqual([
      [0, 1],
      [1, 2],
    ]);
  });

  it('purges expired buckets without waiting for one being counted', async () => {
    const expired = new Date(server.services.clock.now().getTime() - 60_000);
    await other.query(
      `insert into rate_limit_buckets (key, hits, window_ends_at) values ('test:held', 1, $1), ('test:free', 1, $1)`,
      [expired],
    );
    const holder = new pg.Client({ connectionString: server.database.url });
    await holder.connect();
    try {
      await holder.query('begin');
      await holder.query(`select 1 from rate_limit_buckets where key = 'test:held' for update`);
      let purged = false;
      const purge = server.services.rateLimiter.removeExpired().then(() => {
        purged = true;
      });
      // A purge waiting for the held bucket (while holding the ones it deleted) is what could close a deadlock.
      while (!purged) {
        expect(await waitsForALock(other)).toBe(false);
        await new Promise((resolve) => setImmediate(resolve));
      }
      await purge;
      await holder.query('commit');
    } finally {
      await holder.end();
    }
    const { rows } = await other.query<{ key: string }>(
      `select key from rate_limit_buckets where key like 'test:%' order by key`,
    );
    // The held one was being counted: the next purge takes it.
    expect(rows.map(({ key }) => key)).toEqual(['test:held']);
  });
});

/** Whether a statement on the database waits for a lock another transaction holds. */
async function waitsForALock(client: pg.Client): Promise<boolean> {
  const { rows } = await client.query<{ waiting: string }>(
    `select count(*) as waiting from pg_stat_activity
      where datname = current_database() and wait_event_type = 'Lock' and pid <> pg_backend_pid()`,
  );
  return Number(rows[0].waiting) > 0;
}
