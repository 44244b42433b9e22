import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Admin } from '../../../server/admins/admin.entity.js';
import { findFreePort } from '../../../server/db/free-port.js';
import { createAdmin, createTechnician, tokensFor } from '../../utils/factories.js';
import { startDeployedBalancer, type DeployedBalancer } from '../../utils/haproxy.js';
import { requestFrom } from '../../utils/from-address.js';
import { postGraphQL, callRest } from '../../utils/http.js';
import { startPgBouncer, withDatabase, type Bouncer } from '../../utils/pgbouncer.js';
import { createTestDatabase, type TestDatabase } from '../../utils/test-database.js';
import { startTestServer, type TestServer } from '../../utils/test-server.js';

/**
 * The production topology of docs/deployment.md, for real: three instances behind HAProxy (deploy/haproxy.cfg,
 * ending TLS), PgBouncer in transaction mode with TLS (deploy/pgbouncer.ini) between them and PostgreSQL, each instance with its own
 * HTTP port, pool and job queue. Consumers and an admin keep calling through HAProxy while the instances are
 * restarted one by one, each with the graceful stop its SIGTERM runs.
 */

const INSTANCES = 3;
/** Orders the load looks up, each at most a few times: the per-address limit below must never refuse one. */
const LOAD_ORDERS = 400;
const PER_ADDRESS_LIMIT = 10;
const LOOKUP_WORKERS = 3;
/** Pause of a lookup worker between calls: a steady load that leaves the two cores room for the restarts. */
const LOOKUP_PAUSE_MS = 15;
const WRITE_PAUSE_MS = 40;

const LOOK_UP = /* GraphQL */ `
  mutation TopologyLookUp($input: LookUpVisitsInput!) {
    lookUpVisits(input: $input) {
      sign
    }
  }
`;
const CREATE_ORDER = /* GraphQL */ `
  mutation TopologyCreateOrder($input: CreateOrderInput!) {
    createOrder(input: $input) {
      id
    }
  }
`;

/** 08:00 in Amsterdam on a weekday at least a week ahead: valid for any order and any lookup. */
function visitDay(): Date {
  const day = new Date(Date.now() + 8 * 24 * 3600_000);
  while (day.getUTCDay() === 0 || day.getUTCDay() === 6) day.setUTCDate(day.getUTCDate() + 1);
  day.setUTCHours(7, 0, 0, 0);
  return day;
}

const zipcodeOf = (index: number) => `${1000 + Math.floor(index / 26)} ${String.fromCharCode(65 + (index % 26))}A`;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('three instances behind HAProxy and PgBouncer, restarted one by one under load', () => {
  let database: TestDatabase;
  let bouncer: Bouncer;
  let balancer: DeployedBalancer;
  let ports: number[];
  const servers: (TestServer | undefined)[] = [];
  let admin: Admin;
  let adminToken: string;
  let direct: pg.Client;

  const envFor = (port: number): Record<string, string> => ({
    PORT: String(port),
    // The ORM's pool and the job queue go through PgBouncer; only LISTEN connects directly.
    DATABASE_URL: withDatabase(bouncer.url, database.name),
    DATABASE_LISTEN_URL: database.url,
    JWT_SECRET: 'one-secret-for-every-instance-behind-the-balancer',
    TRUST_PROXY: '1',
    // Production's: its first half is longer than HAProxy needs to see /readyz fail (deploy/haproxy.cfg: 1.25 s).
    SHUTDOWN_DRAIN_MS: '3000',
    RATE_LIMIT_LOOKUP_PER_CLIENT: '100000/900',
    RATE_LIMIT_LOOKUP_PER_ADDRESS: `${PER_ADDRESS_LIMIT}/900`,
    JOB_POLL_INTERVAL_MS: '1000',
  });
  const startInstance = async (index: number) => {
    servers[index] = await startTestServer({ database, env: envFor(ports[index]) });
  };
  const waitForStatus = async (name: string, status: string, timeoutMs = 15_000) => {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const server = (await balancer.servers()).find((candidate) => candidate.name === name);
      if (server?.status === status) return;
      if (Date.now() > deadline) throw new Error(`${name} is ${server?.status}, not ${status}`);
      await sleep(100);
    }
  };
  const count = async (sql: string, values: unknown[] = []) =>
    Number((await direct.query<{ count: string }>(sql, values)).rows[0].count);

  beforeAll(async () => {
    database = await createTestDatabase();
    bouncer = await startPgBouncer(database.url);
    ports = await Promise.all(Array.from({ length: INSTANCES }, () => findFreePort()));
    for (let index = 0; index < INSTANCES; index++) await startInstance(index);
    balancer = await startDeployedBalancer(ports.map((port) => `127.0.0.1:${port}`));
    for (let index = 0; index < INSTANCES; index++) await waitForStatus(`app${index + 1}`, 'UP');
    direct = new pg.Client({ connectionString: database.url });
    await direct.connect();

    const em = servers[0]!.em();
    admin = await createAdmin(em);
    await createTechnician(em, { personalNumber: 'T100', firstname: 'Jan', lastname: 'Visser' });
    // One statement for the orders the lookups find (zipcodeOf and house number index + 1, as below).
    await direct.query(
      `insert into orders (reference_number, name, email, phone, phone_normalized, zipcode, house_number, city, country,
         appointment, duration)
       select 'LOAD-' || i, 'Klant ' || i, 'klant' || i || '@example.test', '06 12345678', '612345678',
         (1000 + i / 26)::text || chr(65 + i % 26) || 'A', i + 1, 'Utrecht', 'NL', $1, 10800
       from generate_series(0, $2::int) as i`,
      [visitDay(), LOAD_ORDERS],
    );
    adminToken = tokensFor(servers[0]!).admin(admin);
  }, 120_000);

  afterAll(async () => {
    await direct?.end();
    await balancer?.stop();
    for (const server of servers) await server?.stop();
    await bouncer?.stop();
    await database?.drop();
  });

  it('ends TLS: plain HTTP is redirected without reaching an instance, https answers with HSTS', async () => {
    const before = await balancer.servers();
    const plain = await requestFrom('127.0.0.1', `${balancer.httpUrl}/admin/orders?page=2`, {
      headers: { host: 'tijdvak.example' },
    });
    expect(plain.status).toBe(301);
    expect(plain.headers.location).toBe('https://tijdvak.example/admin/orders?page=2');
    expect(plain.headers['strict-transport-security']).toBeUndefined();
    expect((await balancer.servers()).map((server) => server.requests)).toEqual(
      before.map((server) => server.requests),
    );

    const secure = await fetch(`${balancer.url}/healthz`);
    expect(secure.status).toBe(200);
    expect(secure.headers.get('strict-transport-security')).toBe('max-age=63072000');
  });

  it('holds the per-address rate limit across instances', async () => {
    const before = await balancer.servers();
    // The last order is kept out of the load for this.
    const form = {
      zipcode: zipcodeOf(LOAD_ORDERS),
      houseNumber: String(LOAD_ORDERS + 1),
      phoneNumber: '',
      country: 'NL',
    };
    const statuses: number[] = [];
    for (let attempt = 0; attempt < PER_ADDRESS_LIMIT + 5; attempt++) {
      statuses.push((await callRest(balancer.url, 'POST', '/api/auth/client', { form })).status);
    }
    expect(statuses).toEqual([...Array<number>(PER_ADDRESS_LIMIT).fill(200), ...Array<number>(5).fill(429)]);
    // Round robin spread them: every instance counted into the same bucket.
    const after = await balancer.servers();
    const served = after.map((server, index) => server.requests - before[index].requests);
    expect(served.filter((requests) => requests > 0)).toHaveLength(INSTANCES);
  });

  it('answers every lookup and keeps every write while each instance restarts', async () => {
    let stopLoad = false;
    const failures: string[] = [];
    let lookupsDone = 0;
    let nextAddress = 0;
    const lookupWorker = async (worker: number) => {
      while (!stopLoad) {
        const index = nextAddress++ % LOAD_ORDERS;
        const input = { country: 'NL', zipcode: zipcodeOf(index), houseNumber: String(index + 1) };
        try {
          if ((lookupsDone + worker) % 2 === 0) {
            const { status } = await callRest(balancer.url, 'POST', '/api/auth/client', {
              form: { ...input, phoneNumber: '' },
            });
            if (status !== 200) failures.push(`REST lookup: ${status}`);
          } else {
            const { status, body } = await postGraphQL(balancer.url, LOOK_UP, { input });
            if (status !== 200 || body.errors)
              failures.push(`GraphQL lookup: ${status} ${JSON.stringify(body.errors)}`);
          }
        } catch (error) {
          failures.push(`lookup: ${String(error)}`);
        }
        lookupsDone++;
        await sleep(LOOKUP_PAUSE_MS);
      }
    };
    let writesSent = 0;
    const appointment = visitDay().toISOString();
    const writeWorker = async () => {
      while (!stopLoad) {
        const referenceNumber = `TOPO-${++writesSent}`;
        const input = {
          referenceNumber,
          name: 'Anna Jansen',
          email: 'anna@example.test',
          phone: '06 12345678',
          zipcode: '9999 ZZ',
          houseNumber: String(writesSent),
          city: 'Utrecht',
          country: 'NL',
          appointment,
          technician: 'T100',
          special: false,
        };
        try {
          const { status, body } = await postGraphQL(balancer.url, CREATE_ORDER, { input }, { token: adminToken });
          if (status !== 200 || body.errors)
            failures.push(`write ${referenceNumber}: ${status} ${JSON.stringify(body.errors)}`);
        } catch (error) {
          failures.push(`write ${referenceNumber}: ${String(error)}`);
        }
        await sleep(WRITE_PAUSE_MS);
      }
    };
    for (const server of servers) await server!.services.siteVisits.flush();
    const visitsBefore = await count('select count(*) from site_visits');
    const lookupsBefore = lookupsDone;
    const load = Promise.all([
      ...Array.from({ length: LOOKUP_WORKERS }, (_, worker) => lookupWorker(worker)),
      writeWorker(),
    ]);

    await sleep(1_000);
    for (let index = 0; index < INSTANCES; index++) {
      const name = `app${index + 1}`;
      // What SIGTERM runs: /readyz turns 503, the instance keeps serving until HAProxy has taken it out, then
      // stops accepting, finishes what it has, writes its waiting site visits and closes its connections.
      const stopping = servers[index]!.stop();
      await waitForStatus(name, 'DOWN');
      await stopping;
      await startInstance(index);
      await waitForStatus(name, 'UP');
    }
    await sleep(1_000);
    stopLoad = true;
    await load;

    expect(failures).toEqual([]);
    expect(lookupsDone - lookupsBefore).toBeGreaterThan(100);
    // Every instance served during the run, the restarted ones included.
    expect((await balancer.servers()).every((server) => server.status === 'UP')).toBe(true);

    // Each admin write is there exactly once.
    expect(writesSent).toBeGreaterThan(10);
    expect(await count(`select count(*) from orders where reference_number like 'TOPO-%'`)).toBe(writesSent);
    expect(
      await count(`select count(distinct reference_number) from orders where reference_number like 'TOPO-%'`),
    ).toBe(writesSent);
    // Each successful lookup's visit was recorded, those waiting in a batch when their instance stopped too.
    for (const server of servers) await server!.services.siteVisits.flush();
    expect((await count('select count(*) from site_visits')) - visitsBefore).toBe(lookupsDone - lookupsBefore);

    // The pool's work went through PgBouncer.
    expect(await bouncer.transactions(database.name)).toBeGreaterThan(lookupsDone - lookupsBefore);
  }, 90_000);

  it("keeps each instance's change-notice connection off PgBouncer", async () => {
    const listeners = await direct.query<{ client_port: number }>(
      `select client_port from pg_stat_activity where datname = $1 and query ilike 'listen %'`,
      [database.name],
    );
    expect(listeners.rows).toHaveLength(INSTANCES);
    const bouncerPorts = await bouncer.serverPorts();
    expect(bouncerPorts.length).toBeGreaterThan(0);
    for (const { client_port: port } of listeners.rows) expect(bouncerPorts).not.toContain(port);
  });
});
