import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOrder } from '../../utils/factories.js';
import { createTestDatabase, type TestDatabase } from '../../utils/test-database.js';
import { startTestServer, type TestServer } from '../../utils/test-server.js';

const LOOK_UP = /* GraphQL */ `
  mutation ($input: LookUpVisitsInput!) {
    lookUpVisits(input: $input) {
      sign
    }
  }
`;

/** Two server processes' worth of app on one database, as behind a load balancer. */
async function startPair(env: Record<string, string>) {
  const database = await createTestDatabase();
  const common = {
    // Instances behind one load balancer share the secret: it signs tokens and keys the limiter's buckets.
    JWT_SECRET: 'one-secret-for-both-instances-of-this-test',
    // X-Forwarded-For from loopback is believed, so a test can speak as several clients.
    TRUST_PROXY: 'loopback',
    CLOCK_NOW: '2026-11-23T10:00:00+01:00',
    ...env,
  };
  const first = await startTestServer({ database, env: common });
  const second = await startTestServer({ database, env: common });
  // Each clock started at CLOCK_NOW when its server started; line them up, as real clocks are.
  const now = first.services.clock.now();
  second.services.clock.travelTo(now);
  await createOrder(first.em(), {
    zipcode: '1234AB',
    houseNumber: '12',
    appointment: new Date('2026-11-24T08:00:00+01:00'),
  });
  return { database, servers: [first, second] as const };
}

const lookUp = (server: TestServer, input: Record<string, string>, client = '203.0.113.1') =>
  server.graphql(LOOK_UP, { input }, { headers: { 'x-forwarded-for': client } });

const codeOf = async (response: ReturnType<typeof lookUp>) =>
  (await response).body.errors?.[0]?.extensions?.code ?? 'OK';

describe('lookup rate limit per looked-up address, shared by two app instances', () => {
  let database: TestDatabase;
  let servers: readonly [TestServer, TestServer];

  beforeAll(async () => {
    ({ database, servers } = await startPair({
      RATE_LIMIT_LOOKUP_PER_ADDRESS: '4/900',
      RATE_LIMIT_LOOKUP_PER_CLIENT: '1000/900',
    }));
  });
  afterAll(async () => {
    for (const server of servers ?? []) await server.stop();
    await database?.drop();
  });

  it('counts the attempts on both instances, from any client, however the number is typed, its additions too', async () => {
    const [a, b] = servers;
    const typings = [
      { zipcode: '1234AB', houseNumber: '12' },
      { zipcode: '1234 ab', houseNumber: '12a' },
      { zipcode: '1234ab', houseNumber: '12-3' },
      { zipcode: ' 1234 AB', houseNumber: '12 b' },
    ];
    const codes = [];
    for (const [index, input] of typings.entries()) {
      codes.push(await codeOf(lookUp(index % 2 === 0 ? a : b, { country: 'NL', ...input }, `198.51.100.${index}`)));
    }
    // The additions are other addresses, without visits here, but tried against the same limit as the number.
    expect(codes).toEqual(['OK', 'NO_ORDERS_FOUND', 'NO_ORDERS_FOUND', 'NO_ORDERS_FOUND']);

    const limited = await lookUp(b, { country: 'NL', zipcode: '1234AB', houseNumber: '12' }, '198.51.100.99');
    expect(limited.body.errors?.[0].extensions?.code).toBe('RATE_LIMITED');
    expect(limited.body.errors?.[0].extensions?.retryAfterSeconds).toBeGreaterThan(800);
    expect(limited.body.errors?.[0].message).toBe('Te veel pogingen. Probeer het over 15 minuten opnieuw.');

    const legacy = await a.rest('POST', '/api/auth/client', {
      form: { zipcode: '1234AB', houseNumber: '12', phoneNumber: '', country: 'NL' },
      headers: { 'x-forwarded-for': '198.51.100.100', 'accept-language': 'fr' },
    });
    expect(legacy.status).toBe(429);
    expect(legacy.body).toEqual({ message: 'RATE_LIMITED' });
    expect(Number(legacy.headers.get('retry-after'))).toBeGreaterThan(800);
  });

  it('limits an unknown address exactly like a known one, and leaves other addresses alone', async () => {
    const [a, b] = servers;
    const unknown = { country: 'NL', zipcode: '9999ZZ', houseNumber: '1' };
    const codes = [];
    for (let i = 0; i < 5; i++) codes.push(await codeOf(lookUp(i % 2 === 0 ? a : b, unknown)));
    expect(codes).toEqual(['NO_ORDERS_FOUND', 'NO_ORDERS_FOUND', 'NO_ORDERS_FOUND', 'NO_ORDERS_FOUND', 'RATE_LIMITED']);
    expect(await codeOf(lookUp(a, { country: 'NL', zipcode: '9999ZZ', houseNumber: '2' }))).toBe('NO_ORDERS_FOUND');
  });

  it('opens again when the window has passed', async () => {
    const [a] = servers;
    a.services.clock.travelTo(new Date(a.services.clock.now().getTime() + 901_000));
    expect(await codeOf(lookUp(a, { country: 'NL', zipcode: '1234AB', houseNumber: '12' }))).toBe('OK');
  });
});

describe('lookup rate limit per client, shared by two app instances', () => {
  let database: TestDatabase;
  let servers: readonly [TestServer, TestServer];

  beforeAll(async () => {
    ({ database, servers } = await startPair({
      RATE_LIMIT_LOOKUP_PER_ADDRESS: '1000/900',
      RATE_LIMIT_LOOKUP_PER_CLIENT: '5/900',
    }));
  });
  afterAll(async () => {
    for (const server of servers ?? []) await server.stop();
    await database?.drop();
  });

  it('stops a client that walks through addresses, on either instance, and not other clients', async () => {
    const [a, b] = servers;
    const codes = [];
    for (let house = 1; house <= 6; house++) {
      const server = house % 2 === 0 ? a : b;
      codes.push(await codeOf(lookUp(server, { country: 'NL', zipcode: '1234AB', houseNumber: String(house) })));
    }
    expect(codes).toEqual([
      'NO_ORDERS_FOUND',
      'NO_ORDERS_FOUND',
      'NO_ORDERS_FOUND',
      'NO_ORDERS_FOUND',
      'NO_ORDERS_FOUND',
      'RATE_LIMITED',
    ]);
    // even the right address is refused to that client now, also with bad input
    expect(await codeOf(lookUp(a, { country: 'NL', zipcode: '1234AB', houseNumber: '12' }))).toBe('RATE_LIMITED');
    expect(await codeOf(lookUp(b, { country: 'NL', zipcode: '', houseNumber: '' }))).toBe('RATE_LIMITED');
    // another client is not affected
    expect(await codeOf(lookUp(b, { country: 'NL', zipcode: '1234AB', houseNumber: '12' }, '203.0.113.2'))).toBe('OK');
  });
});

describe('both lookup limits counted in one statement, shared by two app instances', () => {
  let database: TestDatabase;
  let servers: readonly [TestServer, TestServer];

  beforeAll(async () => {
    ({ database, servers } = await startPair({
      RATE_LIMIT_LOOKUP_PER_ADDRESS: '3/900',
      RATE_LIMIT_LOOKUP_PER_CLIENT: '3/900',
    }));
  });
  afterAll(async () => {
    for (const server of servers ?? []) await server.stop();
    await database?.drop();
  });

  const address = { country: 'NL', zipcode: '1234AB', houseNumber: '12' };
  const elsewhere = (house: number) => ({ country: 'NL', zipcode: '1234AB', houseNumber: String(house) });

  it('does not count the address while the client is over its limit', async () => {
    const [a, b] = servers;
    const greedy = '192.0.2.10';
    const codes = [
      await codeOf(lookUp(a, address, greedy)),
      await codeOf(lookUp(b, elsewhere(1), greedy)),
      await codeOf(lookUp(a, elsewhere(2), greedy)),
      // the client's budget is spent: these two must not use up the address's
      await codeOf(lookUp(b, address, greedy)),
      await codeOf(lookUp(a, address, greedy)),
    ];
    expect(codes).toEqual(['OK', 'NO_ORDERS_FOUND', 'NO_ORDERS_FOUND', 'RATE_LIMITED', 'RATE_LIMITED']);
    // The address has counted one attempt, so two more from another client are allowed.
    expect(await codeOf(lookUp(b, address, '192.0.2.11'))).toBe('OK');
    expect(await codeOf(lookUp(a, address, '192.0.2.12'))).toBe('OK');
  });

  it('refuses the address once its own limit is reached, with the rate-limit message, also to fresh clients', async () => {
    const [a, b] = servers;
    const limited = await lookUp(b, address, '192.0.2.13');
    expect(limited.body.errors?.[0].extensions).toMatchObject({ code: 'RATE_LIMITED' });
    expect(limited.body.errors?.[0].extensions?.retryAfterSeconds).toBeGreaterThan(800);
    expect(limited.body.errors?.[0].message).toBe('Te veel pogingen. Probeer het over 15 minuten opnieuw.');
    const legacy = await a.rest('POST', '/api/auth/client', {
      form: { zipcode: '1234AB', houseNumber: '12', phoneNumber: '', country: 'NL' },
      headers: { 'x-forwarded-for': '192.0.2.14' },
    });
    expect(legacy.status).toBe(429);
    expect(legacy.body).toEqual({ message: 'RATE_LIMITED' });
    // that client's own budget was counted (one of three): two more lookups elsewhere, then it is refused
    expect(await codeOf(lookUp(a, elsewhere(3), '192.0.2.14'))).toBe('NO_ORDERS_FOUND');
    expect(await codeOf(lookUp(b, elsewhere(4), '192.0.2.14'))).toBe('NO_ORDERS_FOUND');
    expect(await codeOf(lookUp(a, elsewhere(5), '192.0.2.14'))).toBe('RATE_LIMITED');
  });

  it('counts bad input against the client only', async () => {
    const [a, b] = servers;
    const typo = { country: 'NL', zipcode: '12', houseNumber: '1' };
    const codes = [];
    for (let i = 0; i < 4; i++) codes.push(await codeOf(lookUp(i % 2 ? a : b, typo, '192.0.2.20')));
    expect(codes).toEqual(['BAD_USER_INPUT', 'BAD_USER_INPUT', 'BAD_USER_INPUT', 'RATE_LIMITED']);
  });
});

describe('lookup rate limit per client, whatever the client calls itself', () => {
  let database: TestDatabase;
  let servers: readonly [TestServer, TestServer];

  beforeAll(async () => {
    // The per-client allowance as shipped; the per-address one out of the way (every lookup is of another address).
    ({ database, servers } = await startPair({ RATE_LIMIT_LOOKUP_PER_ADDRESS: '1000/900' }));
  });
  afterAll(async () => {
    for (const server of servers ?? []) await server.stop();
    await database?.drop();
  });

  let house = 100;
  const elsewhere = () => ({ country: 'NL', zipcode: '1234AB', houseNumber: String(house++) });

  it('counts a client rotating through the addresses of its IPv6 /64 as one client', async () => {
    const { points } = servers[0].services.config.rateLimits.LOOKUP_PER_CLIENT;
    const codes: unknown[] = [];
    for (let i = 0; i < 200; i++) {
      // a new address of 2001:db8:aa:bb::/64 each time, as privacy extensions or a script would pick
      const address = `2001:db8:aa:bb:${((i * 7919) % 0x10000).toString(16)}:${i.toString(16)}:${(i * 31).toString(16)}:1`;
      codes.push(await codeOf(lookUp(servers[i % 2], elsewhere(), address)));
    }
    expect(codes.slice(0, points)).toEqual(Array(points).fill('NO_ORDERS_FOUND'));
    expect(codes.slice(points)).toEqual(Array(200 - points).fill('RATE_LIMITED'));
    // the neighbouring /64 is another home
    expect(await codeOf(lookUp(servers[0], elsewhere(), '2001:db8:aa:bc::1'))).toBe('NO_ORDERS_FOUND');
  });

  it('gives the spellings of one address one allowance', async () => {
    const { points } = servers[0].services.config.rateLimits.LOOKUP_PER_CLIENT;
    const ipv4 = ['198.51.100.9', '::ffff:198.51.100.9', '198.051.100.009', '[::FFFF:C633:6409]', '198.51.100.9:4711'];
    const ipv6 = [
      '2001:db8:cc::9',
      '2001:DB8:CC::9',
      '2001:0db8:00cc:0000::0009',
      '[2001:db8:cc::9]:443',
      '2001:db8:cc:0::9%eth0',
    ];
    for (const [spellings, other] of [
      [ipv4, '198.51.100.10'],
      [ipv6, '2001:db8:cc:1::9'],
    ] as const) {
      const codes: unknown[] = [];
      for (let i = 0; i < points + 5; i++) {
        codes.push(await codeOf(lookUp(servers[i % 2], elsewhere(), spellings[i % spellings.length])));
      }
      expect(codes.slice(0, points)).toEqual(Array(points).fill('NO_ORDERS_FOUND'));
      // each spelling has been refused once the allowance was spent
      expect(codes.slice(points)).toEqual(Array(5).fill('RATE_LIMITED'));
      expect(await codeOf(lookUp(servers[0], elsewhere(), other))).toBe('NO_ORDERS_FOUND');
    }
  });
});
