import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { leaseOf } from '../../../server/common/rate-limit/rate-limiter.js';
import { createTestDatabase, type TestDatabase } from '../../utils/test-database.js';
import { startTestServer, type TestServer } from '../../utils/test-server.js';

/** A budget large enough to be taken in leases of 100 points. */
const BUDGET = 6_400;

describe('a large rate-limit budget, taken in leases by two instances', () => {
  let database: TestDatabase;
  let first: TestServer;
  let second: TestServer;

  beforeAll(async () => {
    database = await createTestDatabase();
    const env = {
      JWT_SECRET: 'one-secret-for-both-instances-of-this-test',
      RATE_LIMIT_LOOKUP_PER_CLIENT: `${BUDGET}/900`,
      RATE_LIMIT_LOOKUP_PER_ADDRESS: '10/900',
    };
    first = await startTestServer({ database, env, recordQueries: true });
    second = await startTestServer({ database, env, recordQueries: true });
  });
  afterAll(async () => {
    await first?.stop();
    await second?.stop();
    await database?.drop();
  });

  const bucketWrites = (server: TestServer) =>
    server.queries.filter((sql) => sql.includes('tijdvak_count_rate_limit_buckets(')).length;

  it('counts small budgets point by point and large ones in leases', () => {
    expect(leaseOf(10)).toBe(1);
    expect(leaseOf(127)).toBe(1);
    expect(leaseOf(BUDGET)).toBe(100);
    expect(leaseOf(1_000_000_000)).toBe(1000);
  });

  it('never lets more than the budget through, and writes once per lease', async () => {
    const key = '203.0.113.50';
    const attempt = async (server: TestServer) => server.services.rateLimiter.allows('LOOKUP_PER_CLIENT', key);
    const [writesBefore1, writesBefore2] = [bucketWrites(first), bucketWrites(second)];
    let admitted = 0;
    // Uneven and interleaved, as a balancer spreads them: three on the first for each one on the second.
    for (let i = 0; i < BUDGET + 200; i++) {
      if (await attempt(i % 4 === 3 ? second : first)) admitted++;
    }
    // Each instance may hold up to one lease it did not spend: refused early, never let through.
    expect(admitted).toBeLessThanOrEqual(BUDGET);
    expect(admitted).toBeGreaterThanOrEqual(BUDGET - 2 * leaseOf(BUDGET));
    // About one write per 100 attempts (each lease), not one per attempt.
    const writes = bucketWrites(first) - writesBefore1 + bucketWrites(second) - writesBefore2;
    expect(writes).toBeGreaterThanOrEqual(BUDGET / leaseOf(BUDGET));
    expect(writes).toBeLessThan((BUDGET + 200) / 20);
    // Spent: both refuse, whichever is asked.
    expect(await attempt(first)).toBe(false);
    expect(await attempt(second)).toBe(false);
  });

  it('lets many concurrent attempts on both instances through no further than the budget', async () => {
    const key = '203.0.113.51';
    let admitted = 0;
    // In bursts of 100 at once: a burst on a key with no lease yet must not take a lease per attempt.
    for (let burst = 0; burst < (BUDGET + 400) / 100; burst++) {
      const outcomes = await Promise.all(
        Array.from({ length: 100 }, (_, i) =>
          (i % 2 ? first : second).services.rateLimiter.allows('LOOKUP_PER_CLIENT', key),
        ),
      );
      admitted += outcomes.filter(Boolean).length;
    }
    expect(admitted).toBeLessThanOrEqual(BUDGET);
    expect(admitted).toBeGreaterThanOrEqual(BUDGET - 2 * leaseOf(BUDGET));
  });

  it('takes the next lease while the last points are spent, so attempts meanwhile write nothing', async () => {
    const key = '203.0.113.53';
    const writesBefore = bucketWrites(first);
    // The first lease, alone: while it is being taken, attempts write one point each.
    expect(await first.services.rateLimiter.allows('LOOKUP_PER_CLIENT', key)).toBe(true);
    let admitted = 1;
    // Then thirty at a time on one instance, 990 more: about ten leases of 100, run out in the middle of a wave.
    for (let wave = 0; wave < 33; wave++) {
      const outcomes = await Promise.all(
        Array.from({ length: 30 }, () => first.services.rateLimiter.allows('LOOKUP_PER_CLIENT', key)),
      );
      admitted += outcomes.filter(Boolean).length;
    }
    expect(admitted).toBe(991);
    // A lease renewed only once its points ran out would send the rest of that wave to the database: about fifteen
    // writes per lease. Renewed with a quarter left, each lease is one write.
    expect(bucketWrites(first) - writesBefore).toBeLessThanOrEqual(991 / leaseOf(BUDGET) + 2);
  });

  it('starts a new lease when the window has passed', async () => {
    const key = '203.0.113.52';
    expect(await first.services.rateLimiter.allows('LOOKUP_PER_CLIENT', key)).toBe(true);
    const later = new Date(first.services.clock.now().getTime() + 901_000);
    first.services.clock.travelTo(later);
    second.services.clock.travelTo(later);
    // The spent key of the test before opens again, from a fresh lease.
    expect(await first.services.rateLimiter.allows('LOOKUP_PER_CLIENT', '203.0.113.50')).toBe(true);
    expect(await second.services.rateLimiter.allows('LOOKUP_PER_CLIENT', '203.0.113.50')).toBe(true);
  });
});
