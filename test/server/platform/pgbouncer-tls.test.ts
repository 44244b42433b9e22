import type { TLSSocket } from 'node:tls';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startPgBouncer, withDatabase, type Bouncer } from '../../utils/pgbouncer.js';
import { createTestDatabase, type TestDatabase } from '../../utils/test-database.js';
import { startTestServer, type TestServer } from '../../utils/test-server.js';

/** pg keeps its socket on the connection: a TLSSocket once the server agreed to TLS. */
function socketOf(client: pg.Client): { encrypted?: boolean; getProtocol?: TLSSocket['getProtocol'] } {
  return (client as unknown as { connection: { stream: { encrypted?: boolean; getProtocol?: () => string | null } } })
    .connection.stream;
}

describe('PgBouncer of deploy/pgbouncer.ini speaks TLS to its clients', () => {
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
