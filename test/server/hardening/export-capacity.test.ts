import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAdmin, createOrder, tokensFor } from '../../utils/factories.js';
import { pausedDownload, type PausedDownload } from '../../utils/paused-download.js';
import { createTestDatabase, type TestDatabase } from '../../utils/test-database.js';
import { startTestServer, type TestServer } from '../../utils/test-server.js';

/**
 * Exports stream from a database cursor for as long as their client reads. A client that reads the
 * answer's head and then stops (a closed laptop, a hostile script) used to keep its connection
 * forever: ten of them emptied the pool of ten and everybody else's requests failed.
 */

const ORDERS = 25_000;
// Long enough for the checks below on a busy machine; the deadline of a real instance is minutes.
const DEADLINE_MS = 15_000;
const MAX_EXPORTS = 2;
const LOOK_UP = 'mutation ($input: LookUpVisitsInput!) { lookUpVisits(input: $input) { dataToken } }';

/** Rows of about 350 bytes: 25 000 of them (9 MB) are far more than the socket buffers of a paused client hold. */
async function seedLongOrders(url: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(
      `insert into orders (reference_number, name, email, phone, phone_normalized, zipcode, house_number, city, country,
                           appointment, duration, created_at, updated_at)
       select 'CAP-' || g, 'Klant ' || g || ' ' || repeat('n', 180), 'klant' || g || '@example.test', '06 12345678',
              '612345678', '3511AB', g, 'Utrecht ' || repeat('u', 80), 'NL',
              now() + interval '2 days' + (g % 600) * interval '1 minute', 10800, now(), now()
         from generate_series(1, ${ORDERS}) as g`,
    );
  } finally {
    await client.end();
  }
}

/** Export statements the database holds open (each waits on its client, with its connection). */
async function openExportStatements(url: string): Promise<number> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ count: string }>(
      // Client connections only: PostgreSQL may run the COPY's query with parallel workers, listed with its text.
      `select count(*) from pg_stat_activity
        where datname = current_database() and state <> 'idle' and query like '%from orders o left join technicians%'
          and pid <> pg_backend_pid() and backend_type = 'client backend'`,
    );
    return Number(rows[0].count);
  } finally {
    await client.end();
  }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Waits until `check` holds, at most `waitMs`; returns how long it took. */
async function until(check: () => Promise<boolean>, waitMs: number): Promise<number> {
  const started = Date.now();
  while (!(await check())) {
    if (Date.now() - started > waitMs) throw new Error(`not within ${waitMs} ms`);
    await sleep(100);
  }
  return Date.now() - started;
}

describe('exports that are never read', () => {
  let database: TestDatabase;
  const servers: TestServer[] = [];
  let url: string;

  beforeAll(async () => {
    database = await createTestDatabase();
    url = database.url;
    const first = await startTestServer({ database });
    servers.push(first);
    await createOrder(first.em(), {
      zipcode: '1234AB',
      houseNumber: '12',
      appointment: new Date(Date.now() + 3 * 24 * 3600 * 1000),
    });
    await seedLongOrders(url);
  }, 120_000);
  afterAll(async () => {
    for (const server of servers) await server.stop();
    await database?.drop();
  });

  /** An instance on the shared database with these settings, and an admin's export headers. */
  async function instance(env: Record<string, string>) {
    const server = await startTestServer({ database, env });
    servers.push(server);
    const token = tokensFor(server).admin(await createAdmin(server.em()));
    return { server, token, headers: { authorization: `Bearer ${token}`, 'accept-language': 'fr' } };
  }

  it('serve everybody else while ten hang, refuse those beyond the limit clearly, and end at the deadline', async () => {
    const { server, token, headers } = await instance({
      EXPORT_DEADLINE_MS: String(DEADLINE_MS),
      EXPORT_MAX_CONCURRENT: String(MAX_EXPORTS),
    });
    const started = Date.now();
    const downloads: PausedDownload[] = await Promise.all(
      Array.from({ length: 10 }, () => pausedDownload(server.url, '/api/admin/export?country=NL', headers)),
    );
    try {
      const accepted = downloads.filter((download) => download.status === 200);
      const refused = downloads.filter((download) => download.status !== 200);
      expect(accepted).toHaveLength(MAX_EXPORTS);
      expect(refused).toHaveLength(10 - MAX_EXPORTS);
      for (const download of refused) {
        expect(download.status).toBe(503);
        expect(Number(download.headers['retry-after'])).toBeGreaterThan(0);
        const body = download.received();
        expect(JSON.parse(Buffer.from(body.slice(body.indexOf('\r\n\r\n') + 4), 'latin1').toString('utf8'))).toEqual({
          message: 'EXPORTS_BUSY',
          text: `${MAX_EXPORTS} exportations sont déjà en cours de téléchargement. Réessayez dans 30 secondes.`,
        });
      }

      // Consumers, load balancers and admins are served as usual, and promptly, while the accepted
      // ones wait on their clients, each holding its connection.
      for (let round = 0; round < 3; round++) {
        const ready = await fetch(`${server.url}/readyz`, { signal: AbortSignal.timeout(2000) });
        expect(ready.status).toBe(200);
        const lookup = await server.graphql<{ lookUpVisits: { dataToken: string } }>(
          LOOK_UP,
          { input: { zipcode: '1234AB', houseNumber: '12' } },
          { headers: { 'x-forwarded-for': `203.0.113.${round}` } },
        );
        expect(lookup.body.data?.lookUpVisits.dataToken).toEqual(expect.any(String));
        const admin = await server.graphql<{ ordersExport: { fileName: string } }>(
          '{ ordersExport { fileName } }',
          {},
          { token },
        );
        expect(admin.body.data?.ordersExport.fileName).toMatch(/\.csv$/);
      }
      expect(await openExportStatements(url)).toBe(MAX_EXPORTS);
      expect(accepted.every((download) => !download.ended)).toBe(true);

      // At the deadline the downloads are cut off (no final chunk) and their connections go back.
      await until(async () => (await openExportStatements(url)) === 0, DEADLINE_MS + 5000);
      expect(Date.now() - started).toBeGreaterThanOrEqual(DEADLINE_MS);
      expect(server.services.exportSlots.inUse).toBe(0);
      for (const download of accepted) {
        const end = await download.resume(2000);
        expect(end.ended).toBe(true);
        expect(end.complete).toBe(false);
      }
    } finally {
      for (const download of downloads) download.socket.destroy();
    }

    // The places are free again: a client that reads gets the whole file.
    const whole = await fetch(`${server.url}/api/admin/export?country=NL`, { headers });
    expect(whole.status).toBe(200);
    const text = await whole.text();
    expect(text.split('\r\n').filter((line) => line.startsWith('CAP-'))).toHaveLength(ORDERS);
  }, 90_000);

  it('ends the statement of a client that goes away mid-download at once, and its connection serves again', async () => {
    // Deadline and idle time far away: here it is the client's leaving that must end the export.
    const { server, headers } = await instance({ EXPORT_MAX_CONCURRENT: '1', EXPORT_DEADLINE_MS: '120000' });
    const download = await pausedDownload(server.url, '/api/admin/export?country=NL', headers);
    expect(download.status).toBe(200);
    expect(await openExportStatements(url)).toBe(1);
    download.socket.destroy();
    await until(async () => (await openExportStatements(url)) === 0, 5000);
    await until(async () => server.services.exportSlots.inUse === 0, 5000);
    // The one place is free and the pool's connections work: the next download is whole.
    const whole = await fetch(`${server.url}/api/admin/export?country=NL`, { headers });
    expect(whole.status).toBe(200);
    const lines = (await whole.text()).split('\r\n');
    expect(lines.filter((line) => line.startsWith('CAP-'))).toHaveLength(ORDERS);
    expect(lines.at(-1)).toBe('');
  }, 60_000);

  it('disconnects a client that stops reading once nothing moved for the idle time, and frees its place', async () => {
    // A long export deadline: here it is the connection's idle time that ends the download. The idle time also
    // runs while the server prepares the answer's head, which takes over a second on a loaded machine: 4 s.
    const { server, headers } = await instance({ HTTP_IDLE_TIMEOUT_MS: '4000', EXPORT_DEADLINE_MS: '60000' });
    const download = await pausedDownload(server.url, '/api/admin/export?country=NL', headers);
    try {
      expect(download.status).toBe(200);
      expect(await openExportStatements(url)).toBe(1);
      // Once the buffers are full nothing moves; the idle time later the connection is closed.
      await until(async () => (await openExportStatements(url)) === 0, 20_000);
      expect(server.services.exportSlots.inUse).toBe(0);
      const end = await download.resume(2000);
      expect(end.ended).toBe(true);
      expect(end.complete).toBe(false);
    } finally {
      download.socket.destroy();
    }
  }, 60_000);
});
