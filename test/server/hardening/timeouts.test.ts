import { once } from 'node:events';
import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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
});
