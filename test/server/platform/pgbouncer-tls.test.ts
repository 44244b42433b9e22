import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { setTimeout as sleep } from 'node:timers/promises';
import { join } from 'node:path';
import type { TLSSocket } from 'node:tls';
import pg from 'pg';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEmbeddedPostgres, type EmbeddedDatabase } from '../../../server/db/embedded-postgres.js';
import { startPgBouncer, withDatabase, type Bouncer } from '../../utils/pgbouncer.js';
import { createTestDatabase, type TestDatabase } from '../../utils/test-database.js';
import { startTestServer, type TestServer } from '../../utils/test-server.js';
import { enablePostgresTls, makeCertificate, type TestCertificate } from '../../utils/tls.js';

/** pg keeps its socket on the connection: a TLSSocket once the server agreed to TLS. */
function socketOf(client: pg.Client): { encrypted?: boolean; getProtocol?: TLSSocket['getProtocol'] } {
  return (client as unknown as { connection: { stream: { encrypted?: boolean; getProtocol?: () => string | null } } })
    .connection.stream;
}

async function query<Row extends pg.QueryResultRow>(url: string, sql: string, values: unknown[] = []) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query<Row>(sql, values)).rows;
  } finally {
    await client.end();
  }
}

describe('PgBouncer of deploy/pgbouncer.ini speaks TLS to its clients and to PostgreSQL', () => {
  let database: TestDatabase;
  let bouncer: Bouncer;
  let server: TestServer;

  beforeAll(async () => {
    database = await createTestDatabase();
    bouncer = await startPgBouncer(database.url);
  });
  afterAll(async () => {
    await server?.stop();
    await bouncer?.stop();
    await database?.drop();
  });

  it('encrypts a connection that asks for sslmode=require', async () => {
    const url = new URL(bouncer.url);
    url.searchParams.set('sslmode', 'require');
    const client = new pg.Client({ connectionString: url.toString() });
    await client.connect();
    try {
      expect((await client.query<{ one: number }>('select 1 as one')).rows).toEqual([{ one: 1 }]);
      const socket = socketOf(client);
      expect(socket.encrypted).toBe(true);
      expect(socket.getProtocol?.()).toMatch(/^TLSv1\.[23]$/);
    } finally {
      await client.end();
    }
  });

  it("reaches PostgreSQL over TLS: the server's own view of PgBouncer's connections says so", async () => {
    expect(await query<{ one: number }>(bouncer.url, 'select 1 as one')).toEqual([{ one: 1 }]);
    const ports = await bouncer.serverPorts();
    expect(ports.length).toBeGreaterThan(0);
    const seen = await query<{ client_port: number; ssl: boolean; version: string | null }>(
      database.url,
      `select a.client_port, s.ssl, s.version from pg_stat_ssl s join pg_stat_activity a using (pid)
       where a.client_port = any($1::int[]) order by a.client_port`,
      [ports],
    );
    expect(seen.map((row) => row.client_port).sort()).toEqual([...ports].sort());
    for (const row of seen) {
      expect(row.ssl).toBe(true);
      expect(row.version).toMatch(/^TLSv1\.[23]$/);
    }
  });

  it('refuses a client without TLS', async () => {
    const url = new URL(bouncer.url);
    url.searchParams.delete('sslrootcert');
    url.searchParams.set('sslmode', 'disable');
    const client = new pg.Client({ connectionString: url.toString() });
    await expect(client.connect()).rejects.toThrow(/SSL required/i);
    await client.end().catch(() => undefined);
  });

  it("carries the server's ORM and job queue over TLS when DATABASE_URL asks for it", async () => {
    server = await startTestServer({
      database,
      env: { DATABASE_URL: withDatabase(bouncer.url, database.name), DATABASE_LISTEN_URL: database.url },
    });
    const [{ orders }] = await server
      .em()
      .getConnection()
      .execute<{ orders: string }[]>('select count(*) as orders from orders');
    expect(Number(orders)).toBe(0);
    const tls = await bouncer.clientTls(database.name);
    expect(tls.length).toBeGreaterThan(0);
    for (const version of tls) expect(version).toMatch(/^TLSv1\.[23]/);
  });
});

describe("PgBouncer of deploy/pgbouncer.ini checks PostgreSQL's certificate (verify-full)", () => {
  let dir: string;
  let cluster: EmbeddedDatabase;
  let certificate: TestCertificate;
  let bouncer: Bouncer;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'tijdvak-wrong-host-pg-'));
    cluster = await startEmbeddedPostgres({ dir, logger: pino({ level: 'silent' }), ephemeral: true });
    // Issued by an authority PgBouncer trusts, but for another host than the one it connects to (127.0.0.1).
    certificate = makeCertificate({ commonName: 'db.elsewhere.example', altNames: 'DNS:db.elsewhere.example' });
    await enablePostgresTls(cluster.adminUrl, cluster.clusterDir, certificate);
    bouncer = await startPgBouncer(cluster.url, { upstreamAuthority: certificate.certificate });
  }, 120_000);
  afterAll(async () => {
    await bouncer?.stop();
    await cluster?.stop();
    certificate?.remove();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it('refuses a certificate for another host, though PostgreSQL offers TLS with it', async () => {
    const direct = new pg.Client({ connectionString: cluster.url, ssl: { rejectUnauthorized: false } });
    await direct.connect();
    try {
      expect(
        (await direct.query<{ ssl: boolean }>('select ssl from pg_stat_ssl where pid = pg_backend_pid()')).rows,
      ).toEqual([{ ssl: true }]);
    } finally {
      await direct.end();
    }

    // The client's login waits for a server connection, which PgBouncer fails to open: its log says why.
    const answer = query(bouncer.url, 'select 1').then(
      () => 'answered',
      () => 'failed',
    );
    const deadline = Date.now() + 10_000;
    while (!bouncer.output().includes('TLS handshake error') && Date.now() < deadline) await sleep(50);
    expect(bouncer.output()).toMatch(/TLS handshake error: name .127\.0\.0\.1. not present in server certificate/);
    // No query got through meanwhile: the client is still waiting when PgBouncer stops.
    await bouncer.stop();
    expect(await answer).toBe('failed');
  });
});
