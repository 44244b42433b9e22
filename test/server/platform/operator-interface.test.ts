import { once } from 'node:events';
import { mkdtempSync, rmSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Admin } from '../../../server/admins/admin.entity.js';
import { ConfigError, loadConfig } from '../../../server/config.js';
import { verifyPassword } from '../../../server/common/auth/passwords.js';
import { startEmbeddedPostgres } from '../../../server/db/embedded-postgres.js';
import { startServer } from '../../../server/main.js';
import { Order } from '../../../server/orders/order.entity.js';
import { Technician } from '../../../server/technicians/technician.entity.js';
import { openLiveStream } from '../../utils/live-stream.js';
import { createTestDatabase } from '../../utils/test-database.js';
import { startTestServer, type TestServer } from '../../utils/test-server.js';
import { INCLUDING_DELETED } from '../../../server/orders/repository/active-orders.js';

const silent = pino({ level: 'silent' });

describe('health endpoints', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server.stop());

  it('answers /healthz and /readyz while the database is up', async () => {
    expect((await fetch(`${server.url}/healthz`)).status).toBe(200);
    const ready = await fetch(`${server.url}/readyz`);
    expect(ready.status).toBe(200);
    expect(await ready.json()).toEqual({ status: 'ready' });
  });
});

describe('shutdown', () => {
  it('finishes an in-flight request and answers /readyz with 503 from the moment shutdown begins', async () => {
    const server = await startTestServer();
    const { port } = new URL(server.url);
    const body = JSON.stringify({ query: '{ serverInfo { brand } }' });
    const socket = connect(Number(port), '127.0.0.1');
    await once(socket, 'connect');
    let received = '';
    socket.on('data', (chunk: Buffer) => {
      received += chunk.toString('utf8');
    });
    // Headers and half the body: the request is in flight when shutdown begins.
    socket.write(
      `POST /graphql HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\n\r\n`,
    );
    socket.write(body.slice(0, 10));
    await new Promise((resolve) => setTimeout(resolve, 100));
    const stopping = server.stop();
    await new Promise((resolve) => setTimeout(resolve, 100));
    await expect(fetch(`${server.url}/healthz`)).rejects.toThrow(); // no new connections
    socket.write(`${body.slice(10)}GET /readyz HTTP/1.1\r\nHost: localhost\r\n\r\n`);
    await once(socket, 'close');
    await stopping;
    expect(received).toMatch(/^HTTP\/1\.1 200/);
    expect(received).toContain('{"data":{"serverInfo":{"brand":"tijdvak"}}}');
    expect(received).toMatch(/HTTP\/1\.1 503[\s\S]*shutting-down/);
  });
});

const FOLLOW = `subscription Follow { visitProgressChanged { referenceNumber stage } }`;

describe('shutdown behind a load balancer (SHUTDOWN_DRAIN_MS)', () => {
  it('keeps serving with /readyz at 503 for the drain time, then stops accepting', async () => {
    const server = await startTestServer({ env: { SHUTDOWN_DRAIN_MS: '1500' } });
    const stopping = server.stop();
    await new Promise((resolve) => setTimeout(resolve, 200));
    // The balancer's health check sees the instance going; requests it already sent here are still answered.
    const ready = await fetch(`${server.url}/readyz`);
    expect(ready.status).toBe(503);
    expect(await ready.json()).toEqual({ status: 'shutting-down' });
    const answer = await server.graphql<{ serverInfo: { brand: string } }>('{ serverInfo { brand } }');
    expect(answer.body.data?.serverInfo.brand).toBe('tijdvak');
    await stopping;
    await expect(fetch(`${server.url}/healthz`)).rejects.toThrow();
  });

  it('ends the live streams a few at a time in the second half of the drain, none in the first', async () => {
    const server = await startTestServer({ env: { SHUTDOWN_DRAIN_MS: '1000' } });
    const streams = await Promise.all(
      Array.from({ length: 12 }, (_, index) =>
        openLiveStream(server.url, FOLLOW, {
          token: server.services.tokens.signConsumer([index + 1], { state: false, company: 0 }),
        }),
      ),
    );
    expect(streams.map((stream) => stream.status)).toEqual(streams.map(() => 200));
    const endedAt: number[] = [];
    const stopping = performance.now();
    const stopped = server.stop();
    await Promise.all(streams.map((stream) => stream.ended.then(() => endedAt.push(performance.now() - stopping))));
    await stopped;
    // None while the balancer may still choose the instance; then spread, each page told to reconnect elsewhere.
    expect(Math.min(...endedAt)).toBeGreaterThanOrEqual(450);
    expect(Math.max(...endedAt) - Math.min(...endedAt)).toBeGreaterThanOrEqual(200);
    expect(streams.every((stream) => stream.events.at(-1)?.event === 'complete')).toBe(true);
  });

  it('is 3 s in production and 0 elsewhere, or what the operator sets', () => {
    const base = { DATA_DIR: tmpdir(), JWT_SECRET: 'x'.repeat(40) };
    expect(loadConfig({ ...base, NODE_ENV: 'production' }).shutdownDrainMs).toBe(3000);
    expect(loadConfig({ ...base, NODE_ENV: 'test' }).shutdownDrainMs).toBe(0);
    expect(loadConfig({ ...base, NODE_ENV: 'production', SHUTDOWN_DRAIN_MS: '0' }).shutdownDrainMs).toBe(0);
    expect(() => loadConfig({ ...base, SHUTDOWN_DRAIN_MS: '-1' })).toThrow(ConfigError);
  });
});

describe('readiness', () => {
  it('turns /readyz to 503 while the database is down; /healthz stays 200', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'tijdvak-outage-'));
    const cluster = await startEmbeddedPostgres({ dir, logger: silent, ephemeral: true });
    const config = loadConfig({ DATABASE_URL: cluster.url, DATA_DIR: dir, PORT: '0', HOST: '127.0.0.1' });
    const server = await startServer(config, { logger: silent });
    expect((await fetch(`${server.url}/readyz`)).status).toBe(200);
    await cluster.stop();
    expect((await fetch(`${server.url}/readyz`)).status).toBe(503);
    expect((await fetch(`${server.url}/healthz`)).status).toBe(200);
    await server.stop();
    rmSync(dir, { recursive: true, force: true });
  });
});

describe('ADMIN_EMAIL and ADMIN_PASSWORD', () => {
  it('create the admin at start, and reset its password and reactivate it at the next start', async () => {
    const database = await createTestDatabase();
    const first = await startTestServer({
      database,
      env: { ADMIN_EMAIL: 'Boss@Example.test', ADMIN_PASSWORD: 'first-password-1' },
    });
    const em = first.em();
    const admin = await em.findOneOrFail(Admin, { email: 'boss@example.test' }, { populate: ['passwordHash'] });
    expect(admin.inactive).toBe(false);
    expect(admin.passwordHash).toMatch(/^\$argon2id\$v=19\$m=19456,p=1,t=2\$/);
    admin.inactive = true;
    await em.flush();
    await first.stop();

    const second = await startTestServer({
      database,
      env: { ADMIN_EMAIL: 'boss@example.test', ADMIN_PASSWORD: 'second-password-2' },
    });
    const again = await second
      .em()
      .findOneOrFail(Admin, { email: 'boss@example.test' }, { populate: ['passwordHash'] });
    expect(again.inactive).toBe(false);
    expect(await verifyPassword(again.passwordHash, 'second-password-2')).toBe(true);
    expect(await verifyPassword(again.passwordHash, 'first-password-1')).toBe(false);
    expect(await second.em().count(Admin)).toBe(1);
    await second.stop();
    await database.drop();
  });

  it('refuses a password shorter than the admin minimum', () => {
    expect(() => loadConfig({ ADMIN_EMAIL: 'a@b.test', ADMIN_PASSWORD: 'short', DATA_DIR: tmpdir() })).toThrow(
      /at least 10/,
    );
  });
});

describe('CLOCK_NOW', () => {
  it('sets the server clock outside production', async () => {
    const server = await startTestServer({ env: { CLOCK_NOW: '2026-03-28T13:29:00+01:00' } });
    const { body } = await server.graphql<{ serverInfo: { now: string } }>('{ serverInfo { now } }');
    const now = new Date(body.data!.serverInfo.now).getTime();
    expect(now).toBeGreaterThanOrEqual(Date.parse('2026-03-28T12:29:00Z'));
    expect(now).toBeLessThan(Date.parse('2026-03-28T12:30:00Z'));
    await server.stop();
  });

  it('is ignored in production', () => {
    const config = loadConfig({
      NODE_ENV: 'production',
      CLOCK_NOW: '2026-03-28T13:29:00+01:00',
      JWT_SECRET: 'a-production-secret-that-is-long-enough-123',
      DATABASE_URL: 'postgres://u:p@localhost/db',
    });
    expect(config.clockNow).toBeUndefined();
  });

  it('must be an instant when set', () => {
    expect(() => loadConfig({ CLOCK_NOW: 'tomorrow', DATA_DIR: tmpdir() })).toThrow(ConfigError);
  });
});

describe('JWT_SECRET', () => {
  it('is required in production', () => {
    expect(() => loadConfig({ NODE_ENV: 'production', DATABASE_URL: 'postgres://u:p@localhost/db' })).toThrow(
      /JWT_SECRET is required/,
    );
  });

  it('takes the secrets it replaced in JWT_PREVIOUS_SECRETS, bounded and as strong as itself', () => {
    const production = { NODE_ENV: 'production', DATABASE_URL: 'postgres://u:p@localhost/db' };
    const current = 'c'.repeat(40);
    const [first, second] = ['a'.repeat(40), 'b'.repeat(40)];
    expect(loadConfig({ ...production, JWT_SECRET: current }).jwtPreviousSecrets).toEqual([]);
    expect(
      loadConfig({ ...production, JWT_SECRET: current, JWT_PREVIOUS_SECRETS: ` ${first}, ${second} ` })
        .jwtPreviousSecrets,
    ).toEqual([first, second]);
    expect(() => loadConfig({ ...production, JWT_SECRET: current, JWT_PREVIOUS_SECRETS: 'short' })).toThrow(
      /JWT_PREVIOUS_SECRETS must be at least 32 characters/,
    );
    expect(() => loadConfig({ ...production, JWT_SECRET: current, JWT_PREVIOUS_SECRETS: current })).toThrow(
      /must not repeat JWT_SECRET/,
    );
    expect(() =>
      loadConfig({
        ...production,
        JWT_SECRET: current,
        JWT_PREVIOUS_SECRETS: [1, 2, 3, 4].map((n) => `${n}`.repeat(40)).join(','),
      }),
    ).toThrow(/at most 3/);
  });

  it('is generated once per data directory otherwise, and kept', () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'tijdvak-secret-'));
    const first = loadConfig({ DATA_DIR: dataDir }).jwtSecret;
    expect(first.length).toBeGreaterThanOrEqual(32);
    expect(loadConfig({ DATA_DIR: dataDir }).jwtSecret).toBe(first);
    rmSync(dataDir, { recursive: true, force: true });
  });
});

describe('DATABASE_URL', () => {
  it('migrates an empty external database at start and seeds no demo data', async () => {
    const database = await createTestDatabase({ migrated: false });
    const dataDir = mkdtempSync(join(tmpdir(), 'tijdvak-external-'));
    const config = loadConfig({ DATABASE_URL: database.url, DATA_DIR: dataDir, PORT: '0', HOST: '127.0.0.1' });
    expect(config.demoData).toBe(false);
    const server = await startServer(config, { logger: silent });
    const em = server.services.orm.em.fork();
    expect(await em.count(Technician)).toBe(0);
    expect(await em.count(Order, {}, INCLUDING_DELETED)).toBe(0);
    const [row] = await em.getConnection().execute<{ count: string }[]>('select count(*) from import_settings');
    expect(Number(row.count)).toBe(4);
    expect((await fetch(`${server.url}/readyz`)).status).toBe(200);
    await server.stop();
    await database.drop();
    rmSync(dataDir, { recursive: true, force: true });
  });
});

describe('embedded PostgreSQL', () => {
  it('runs two servers side by side with their own DATA_DIR and PORT, each with demo data', async () => {
    const dirs = [0, 1].map(() => mkdtempSync(join(tmpdir(), 'tijdvak-embedded-')));
    const servers = await Promise.all(
      dirs.map((dir) => startServer(loadConfig({ DATA_DIR: dir, PORT: '0', HOST: '127.0.0.1' }), { logger: silent })),
    );
    expect(servers[0].port).not.toBe(servers[1].port);
    for (const server of servers) {
      expect(server.demoLogins?.technicians.length).toBeGreaterThan(0);
      expect((await fetch(`${server.url}/readyz`)).status).toBe(200);
      expect(await server.services.orm.em.fork().count(Technician)).toBe(server.demoLogins!.technicians.length);
    }
    await Promise.all(servers.map((server) => server.stop()));
    // A restart finds the data and does not seed again.
    const restarted = await startServer(loadConfig({ DATA_DIR: dirs[0], PORT: '0', HOST: '127.0.0.1' }), {
      logger: silent,
    });
    expect(restarted.demoLogins).toBeNull();
    expect(await restarted.services.orm.em.fork().count(Technician)).toBeGreaterThan(0);
    await restarted.stop();
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  }, 120_000);
});
