import { once } from 'node:events';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { connect, type Socket } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { closeHttpServer } from '../../../server/common/http/close-http-server.js';

/** A server whose connections stay alive for long after an answer; each request waits for the test to answer it. */
async function startServer(): Promise<{ server: Server; port: number; arrived: ServerResponse[] }> {
  const arrived: ServerResponse[] = [];
  const server = createServer({ keepAliveTimeout: 60_000 }, (_req: IncomingMessage, res: ServerResponse) => {
    arrived.push(res);
    server.emit('arrived');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  return { server, port: typeof address === 'object' && address ? address.port : 0, arrived };
}

/** A client connection that keeps everything it was sent. */
async function client(port: number): Promise<{ socket: Socket; received: () => string; closed: Promise<unknown> }> {
  const socket = connect(port, '127.0.0.1');
  await once(socket, 'connect');
  let text = '';
  socket.on('data', (chunk: Buffer) => (text += chunk.toString('utf8')));
  return { socket, received: () => text, closed: once(socket, 'close') };
}

const GET = 'GET / HTTP/1.1\r\nHost: localhost\r\n\r\n';

describe('closing the HTTP server', () => {
  let started: Server | undefined;
  afterEach(() => {
    started?.closeAllConnections();
    started = undefined;
  });

  it('answers the request in flight, then closes its kept-alive connection at once, not at its keep-alive end', async () => {
    const { server, port, arrived } = await startServer();
    started = server;
    const idle = await client(port);
    idle.socket.write(GET);
    await once(server, 'arrived');
    arrived[0].end('first');
    await expect.poll(() => idle.received()).toContain('first');
    const busy = await client(port);
    busy.socket.write(GET);
    await once(server, 'arrived');

    const began = performance.now();
    const closing = closeHttpServer(server, 30_000);
    // The idle connection goes at once; the busy one stays for its answer.
    await idle.closed;
    expect(busy.socket.readyState).toBe('open');
    arrived[1].end('second');
    await busy.closed;
    await closing;
    expect(busy.received()).toMatch(/^HTTP\/1\.1 200[\s\S]*second$/);
    // Well within the 60 s the connections would otherwise be kept for.
    expect(performance.now() - began).toBeLessThan(5_000);
  });

  it('cuts a request still unanswered when the grace ends', async () => {
    const { server, port } = await startServer();
    started = server;
    const stuck = await client(port);
    stuck.socket.write(GET);
    await once(server, 'arrived');
    const began = performance.now();
    await closeHttpServer(server, 300);
    await stuck.closed;
    expect(performance.now() - began).toBeGreaterThanOrEqual(290);
    expect(stuck.received()).toBe('');
  });
});
