import { once } from 'node:events';
import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAdmin, tokensFor } from '../../utils/factories.js';
import { startTestServer, type TestServer } from '../../utils/test-server.js';

describe('timeouts', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ env: { HTTP_HEADERS_TIMEOUT_MS: '1000', STATEMENT_TIMEOUT_MS: '300' } });
  });
  afterAll(() => server.stop());

  it('cuts off a client that trickles its headers', async () => {
    const socket = connect(Number(new URL(server.url).port), '127.0.0.1');
    await once(socket, 'connect');
    let received = '';
    socket.on('data', (chunk: Buffer) => (received += chunk.toString()));
    socket.write('GET /healthz HTTP/1.1\r\nHost: localhost\r\n');
    const started = Date.now();
    const trickle = setInterval(() => socket.write('X-Slow: a\r\n'), 200);
    await once(socket, 'close');
    clearInterval(trickle);
    const elapsed = Date.now() - started;
    expect(received).toMatch(/^HTTP\/1\.1 408/);
    expect(elapsed).toBeGreaterThanOrEqual(900);
    expect(elapsed).toBeLessThan(5000);
  });

  it('ends a runaway statement with a clean error and keeps serving', async () => {
    const connection = server.services.orm.em.getConnection();
    await expect(connection.execute('select pg_sleep(3)')).rejects.toThrow(/statement timeout/);
    const [row] = await connection.execute<{ one: number }[]>('select 1 as one');
    expect(row.one).toBe(1);
    expect((await fetch(`${server.url}/readyz`)).status).toBe(200);
  });

  it('answers a statement cut off by its timeout with QUERY_TIMEOUT in the caller language, not a 500', async () => {
    const token = tokensFor(server).admin(await createAdmin(server.em()));
    // Another transaction holds the orders table: a statement waiting for it runs into the timeout.
    await server.em().transactional(async (em) => {
      await em.execute('lock table orders in access exclusive mode');
      const query = '{ orderByReference(referenceNumber: "ANY-1") { id } }';
      const dutch = await server.graphql(query, {}, { token, headers: { 'accept-language': 'nl' } });
      expect(dutch.body.errors?.map((error) => error.extensions?.code)).toEqual(['QUERY_TIMEOUT']);
      expect(dutch.body.errors?.[0].message).toBe(
        'Dit duurde te lang en is afgebroken. Probeer het over een moment opnieuw.',
      );
      const french = await server.graphql(query, {}, { token, headers: { 'accept-language': 'fr' } });
      expect(french.body.errors?.[0].message).toBe(
        'Cela a pris trop de temps et a été interrompu. Réessayez dans un instant.',
      );
    });
  });
});
