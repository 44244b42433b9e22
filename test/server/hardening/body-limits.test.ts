import { once } from 'node:events';
import { connect } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { UPLOAD_LIMITS } from '../../../server/config.js';
import { uploadBodyLimit } from '../../../server/common/http/uploads.js';
import { createAdmin, createOrder, tokensFor } from '../../utils/factories.js';
import { jsonBodyOf, rawExchange, rawRequest } from '../../utils/raw-socket.js';
import { startTestServer, type TestServer } from '../../utils/test-server.js';

const MB = 1024 * 1024;
/** What a chunked body may grow to at most in these tests: many times every limit but the uploads'. */
const STREAMED = 48 * MB;
const CHUNK = Buffer.alloc(64 * 1024, 'x');

/** The declared types a reader might be fooled by: each "contains" JSON or a form, or says nothing. */
const LOOK_ALIKES: readonly (string | undefined)[] = [
  'text/plain; x=application/json',
  'application/json-patch+json',
  'application/x-www-form-urlencoded',
  undefined,
  'application/json',
];

interface Endpoint {
  name: string;
  method: string;
  path: string;
  /** The most a body may have there (for the types above). */
  limit: number;
  headers: () => Record<string, string>;
}

interface Streamed {
  status: number;
  response: string;
  /** Bytes of the body the client got to hand to its socket before the server answered and closed. */
  sent: number;
  closed: boolean;
}

/**
 * A chunked body (no Content-Length), streamed until the server answers and closes the connection or `STREAMED`
 * bytes are sent; it is never ended, so a server that would read it to its end never answers.
 */
async function streamChunked(baseUrl: string, endpoint: Endpoint, type: string | undefined): Promise<Streamed> {
  const url = new URL(baseUrl);
  const socket = connect(Number(url.port), url.hostname);
  await once(socket, 'connect');
  let response = '';
  let closed = false;
  socket.on('data', (chunk: Buffer) => (response += chunk.toString('latin1')));
  // The server closes while the client still writes: that is the point.
  socket.on('error', () => undefined);
  // Not `once`: it would reject on the socket's error (EPIPE when the server closed under a write).
  const closing = new Promise<true>((resolve) => socket.on('close', () => resolve((closed = true))));
  const headers = { host: 'localhost', 'transfer-encoding': 'chunked', ...endpoint.headers() };
  const head = `${endpoint.method} ${endpoint.path} HTTP/1.1\r\n${Object.entries({
    ...headers,
    ...(type === undefined ? {} : { 'content-type': type }),
  })
    .map(([name, value]) => `${name}: ${value}\r\n`)
    .join('')}\r\n`;
  const write = (bytes: string | Buffer) =>
    new Promise<boolean>((resolve) => {
      if (closed || socket.destroyed) return resolve(false);
      socket.write(bytes, (error) => resolve(!error));
    });
  await write(head);
  const frame = Buffer.concat([Buffer.from(`${CHUNK.length.toString(16)}\r\n`), CHUNK, Buffer.from('\r\n')]);
  let sent = 0;
  while (sent < STREAMED && !closed && response === '' && (await write(frame))) sent += CHUNK.length;
  const outcome = await Promise.race([closing, new Promise<false>((resolve) => setTimeout(resolve, 5_000, false))]);
  socket.destroy();
  const status = Number(/^HTTP\/1\.1 (\d{3})/.exec(response)?.[1] ?? 0);
  return { status, response, sent, closed: outcome === true };
}

describe('every request body is bounded before anything reads it, whatever its declared type', () => {
  let server: TestServer;
  let adminToken: string;
  let consumerToken: string;
  const uncaught: unknown[] = [];
  const onUncaught = (error: unknown) => uncaught.push(error);

  beforeAll(async () => {
    process.on('uncaughtExceptionMonitor', onUncaught);
    process.on('unhandledRejection', onUncaught);
    server = await startTestServer({ env: { LOG_LEVEL: process.env.DEBUG_LOG ?? 'silent' } });
    const sign = tokensFor(server);
    adminToken = sign.admin(await createAdmin(server.em()));
    consumerToken = sign.consumer([await createOrder(server.em(), { appointment: new Date('2030-01-07T09:00:00Z') })]);
  });
  afterAll(async () => {
    process.off('uncaughtExceptionMonitor', onUncaught);
    process.off('unhandledRejection', onUncaught);
    await server.stop();
  });

  /** After every oversized body: nothing escaped to the process, and it still serves a real query. */
  afterEach(async () => {
    expect(uncaught).toEqual([]);
    expect((await fetch(`${server.url}/healthz`)).status).toBe(200);
    const { body } = await server.graphql<{ serverInfo: { brand: string } }>('{ serverInfo { brand } }');
    expect(body.data?.serverInfo.brand).toBe('tijdvak');
  });

  const endpoints: Endpoint[] = [
    { name: 'GraphQL', method: 'POST', path: '/graphql', limit: MB, headers: () => ({}) },
    {
      name: 'the subscriptions stream, with a consumer data token',
      method: 'POST',
      path: '/graphql/stream',
      limit: 100 * 1024,
      headers: () => ({ accept: 'text/event-stream', authorization: `Bearer ${consumerToken}` }),
    },
    { name: 'the legacy lookup', method: 'POST', path: '/api/auth/client', limit: MB, headers: () => ({}) },
    {
      name: 'a legacy call through the router',
      method: 'POST',
      path: '/api/admin/technician',
      limit: MB,
      headers: () => ({ authorization: `Bearer ${adminToken}` }),
    },
    {
      name: 'the legacy upload call',
      method: 'POST',
      path: '/api/admin/import/NL',
      limit: MB,
      headers: () => ({ authorization: `Bearer ${adminToken}` }),
    },
    {
      name: 'the one-click unsubscribe',
      method: 'POST',
      path: '/v/some-token/afmelden',
      limit: 2 * 1024,
      headers: () => ({}),
    },
    { name: 'a route that reads no body', method: 'POST', path: '/healthz', limit: 16 * 1024, headers: () => ({}) },
  ];
  const cases = endpoints.flatMap((endpoint) =>
    LOOK_ALIKES.map((type) => [endpoint.name, type ?? 'no type', endpoint, type] as const),
  );

  it.each(cases)(
    'refuses a declared body over the limit of %s (%s) at once, unread, and closes the connection',
    async (_name, _type, endpoint, type) => {
      // What took the process down: half a gigabyte, declared and then sent (here only declared).
      const declared = endpoint.path === '/graphql/stream' ? 512 * MB : endpoint.limit + 1;
      const exchange = await rawExchange(
        server.url,
        rawRequest(endpoint.method, endpoint.path, {
          ...endpoint.headers(),
          ...(type === undefined ? {} : { 'content-type': type }),
          'content-length': String(declared),
        }),
      );
      expect(exchange.status).toBe(413);
      expect(jsonBodyOf(exchange.response)).toEqual({ message: 'PAYLOAD_TOO_LARGE' });
      expect(exchange.closed).toBe(true);
      expect(exchange.elapsedMs).toBeLessThan(1000);
    },
  );

  it.each(cases)(
    'cuts a chunked body to %s (%s) early: a 4xx, the connection closed, never read to its end',
    async (_name, _type, endpoint, type) => {
      const streamed = await streamChunked(server.url, endpoint, type);
      expect(streamed.status).toBeGreaterThanOrEqual(400);
      expect(streamed.status).toBeLessThan(500);
      expect(streamed.closed).toBe(true);
      // The server stopped reading: the client could not hand its socket the whole body (many times the limit).
      expect(streamed.sent).toBeLessThan(STREAMED);
    },
  );

  it('finds the route as express does: another case, a trailing slash, a query string', async () => {
    const exchange = await rawExchange(
      server.url,
      rawRequest('POST', '/Graphql/STREAM/?operationName=x', {
        accept: 'text/event-stream',
        authorization: `Bearer ${consumerToken}`,
        'content-type': 'application/json',
        'content-length': String(100 * 1024 + 1),
      }),
    );
    expect(exchange.status).toBe(413);
    expect(exchange.closed).toBe(true);
    expect(exchange.elapsedMs).toBeLessThan(1000);
  });

  it('answers 413 to a chunked JSON body that passes the limit of the subscriptions stream', async () => {
    const stream = endpoints[1];
    // Other types are refused before a byte is read (415, below).
    for (const type of ['application/json', 'application/json; charset=utf-8']) {
      const streamed = await streamChunked(server.url, stream, type);
      expect(streamed.status).toBe(413);
      expect(jsonBodyOf(streamed.response)).toEqual({ message: 'PAYLOAD_TOO_LARGE' });
      expect(streamed.closed).toBe(true);
    }
  });

  it.each(['text/plain; x=application/json', 'application/json-patch+json', 'text/plain'])(
    'refuses a subscription sent as %s with 415 before graphql-sse reads it',
    async (type) => {
      const response = await fetch(`${server.url}/graphql/stream`, {
        method: 'POST',
        headers: { 'content-type': type, accept: 'text/event-stream', authorization: `Bearer ${consumerToken}` },
        body: JSON.stringify({ query: 'subscription ConsumerFollows { visitProgressChanged { orderId } }' }),
      });
      expect(response.status).toBe(415);
      expect(await response.json()).toEqual({
        errors: [
          {
            message: 'Stuur dit verzoek als JSON (Content-Type: application/json).',
            extensions: { code: 'UNSUPPORTED_MEDIA_TYPE' },
          },
        ],
      });
    },
  );

  it('still takes an upload of the largest file: its declared body is within the uploads limit', async () => {
    // The admin declares the largest file with its fields and sends none of it: the import's own reader answers.
    const exchange = await rawExchange(
      server.url,
      rawRequest(
        'POST',
        '/api/admin/import/NL',
        {
          'content-type': 'multipart/form-data; boundary=XYZ',
          authorization: `Bearer ${adminToken}`,
          'content-length': String(uploadBodyLimit(UPLOAD_LIMITS)),
        },
        '--XYZ\r\nContent-Disposition: form-data; name="other"; filename="a.csv"\r\n\r\nx\r\n--XYZ--\r\n',
      ),
    );
    expect(exchange.status).toBe(400);
    expect(jsonBodyOf(exchange.response)).toEqual({ message: 'UPLOAD_MALFORMED' });
    // One byte more is refused unread.
    const over = await rawExchange(
      server.url,
      rawRequest('POST', '/graphql', {
        'content-type': 'multipart/form-data; boundary=XYZ',
        'apollo-require-preflight': 'true',
        authorization: `Bearer ${adminToken}`,
        'content-length': String(uploadBodyLimit(UPLOAD_LIMITS) + 1),
      }),
    );
    expect(over.status).toBe(413);
    expect(over.closed).toBe(true);
  });
  it('tells a client that asks first (Expect: 100-continue) to go on only when its body is within the limit', async () => {
    const url = new URL(server.url);
    /** Sends the head alone and collects what the server says until it closes or has answered `until`. */
    const ask = async (length: number, until: RegExp, body?: string) => {
      const socket = connect(Number(url.port), url.hostname);
      await once(socket, 'connect');
      let response = '';
      const answered = new Promise<void>((resolve) => {
        socket.on('data', (chunk: Buffer) => {
          response += chunk.toString('latin1');
          if (until.test(response)) resolve();
        });
        socket.on('close', () => resolve());
      });
      socket.on('error', () => undefined);
      socket.write(
        `POST /graphql HTTP/1.1\r\nhost: localhost\r\ncontent-type: application/json\r\n` +
          `expect: 100-continue\r\ncontent-length: ${length}\r\n\r\n`,
      );
      if (body !== undefined) {
        await new Promise<void>((resolve) => socket.once('data', () => resolve()));
        socket.write(body);
      }
      await answered;
      socket.destroy();
      return response;
    };
    // Over the limit: refused before the client was told to send anything.
    const refused = await ask(MB + 1, /\r\n\r\n\{.*\}$/s);
    expect(refused).toMatch(/^HTTP\/1\.1 413 /);
    expect(refused).not.toContain('100 Continue');
    // Within it: told to go on, and answered once the body came.
    const query = JSON.stringify({ query: '{ serverInfo { brand } }' });
    const served = await ask(Buffer.byteLength(query), /tijdvak/, query);
    expect(served).toMatch(/^HTTP\/1\.1 100 Continue\r\n\r\nHTTP\/1\.1 200 /);
    expect(served).toContain('"brand":"tijdvak"');
  });
});
