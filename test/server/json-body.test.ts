import { request as httpRequest, createServer, type Server } from 'node:http';
import { connect } from 'node:net';
import { gzipSync } from 'node:zlib';
import express, { type ErrorRequestHandler, type RequestHandler } from 'express';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jsonBody } from '../../server/common/http/json-body.js';

const LIMIT = 1024;

/** A server reading bodies with `reader` and answering what it read, or the status of its refusal. */
async function serverWith(reader: RequestHandler, refused: number[]) {
  const app = express();
  app.post('/', reader, (req, res) => {
    res.json({ body: req.body as unknown });
  });
  const onError: ErrorRequestHandler = (error: { status?: number }, _req, res, _next) => {
    refused.push(error.status ?? 500);
    res.status(error.status ?? 500).json({ refused: error.status ?? 500 });
  };
  app.use(onError);
  const server = createServer(app);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  return { server, port: typeof address === 'object' && address ? address.port : 0 };
}

function post(port: number, body: Buffer, headers: Record<string, string>) {
  return new Promise<{ status: number; text: string }>((resolve, reject) => {
    const req = httpRequest({ host: '127.0.0.1', port, method: 'POST', path: '/', headers }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (text += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, text }));
    });
    req.on('error', reject);
    req.end(body);
  });
}

/**
 * GraphQL's JSON bodies are read directly in the common case (common/http/json-body.ts): every outcome must be
 * body-parser's own, whichever of the two reads the request.
 */
describe('JSON bodies read as body-parser reads them', () => {
  const servers: Server[] = [];
  const refusedByOurs: number[] = [];
  const leftToBodyParser: string[] = [];
  let ours: number;
  let bodyParser: number;

  beforeAll(async () => {
    const bodyParserJson = express.json({ limit: LIMIT });
    const fallback: RequestHandler = (req, res, next) => {
      leftToBodyParser.push(req.get('x-case') ?? '');
      bodyParserJson(req, res, next);
    };
    const a = await serverWith(jsonBody({ limit: LIMIT, fallback }), refusedByOurs);
    const b = await serverWith(express.json({ limit: LIMIT }), []);
    servers.push(a.server, b.server);
    ours = a.port;
    bodyParser = b.port;
  });
  afterAll(() => Promise.all(servers.map((server) => new Promise((resolve) => server.close(resolve)))));

  const json = 'application/json';
  const cases: [string, Buffer, Record<string, string>][] = [
    ['an object', Buffer.from('{"query":"{ a }","variables":{"x":"é"}}'), { 'content-type': json }],
    ['an array', Buffer.from(' \n[1,2]'), { 'content-type': json }],
    ['a byte-order mark', Buffer.from('\ufeff{"a":1}'), { 'content-type': json }],
    ['the charset said', Buffer.from('{"a":1}'), { 'content-type': 'Application/JSON; charset=UTF-8' }],
    ['a bare string', Buffer.from('"text"'), { 'content-type': json }],
    ['a number', Buffer.from('42'), { 'content-type': json }],
    ['broken JSON', Buffer.from('{"a":'), { 'content-type': json }],
    [
      'bytes that are not UTF-8',
      Buffer.from([0x7b, 0x22, 0x61, 0x22, 0x3a, 0x22, 0xff, 0xfe, 0x22, 0x7d]),
      { 'content-type': json },
    ],
    ['another charset', Buffer.from('{"a":1}'), { 'content-type': 'application/json; charset=latin1' }],
    ['a compressed body', gzipSync('{"a":1}'), { 'content-type': json, 'content-encoding': 'gzip' }],
    ['a body over the limit', Buffer.from(`{"a":"${'x'.repeat(LIMIT)}"}`), { 'content-type': json }],
    ['an empty body', Buffer.alloc(0), { 'content-type': json }],
    ['JSON with another type', Buffer.from('{"a":1}'), { 'content-type': 'text/plain' }],
    ['a chunked body', Buffer.from('{"a":1}'), { 'content-type': json, 'transfer-encoding': 'chunked' }],
  ];

  it('gives every body the outcome body-parser gives it', async () => {
    for (const [name, body, headers] of cases) {
      const named = { ...headers, 'x-case': name };
      const withLength = headers['transfer-encoding'] ? named : { ...named, 'content-length': String(body.length) };
      const [a, b] = [await post(ours, body, withLength), await post(bodyParser, body, withLength)];
      expect({ name, ...a }).toEqual({ name, ...b });
    }
    // Only what the direct reader does not take reaches body-parser; the rest was read without it.
    expect(leftToBodyParser).toEqual([
      'another charset',
      'a compressed body',
      'a body over the limit',
      'an empty body',
      'JSON with another type',
      'a chunked body',
    ]);
  });

  it('refuses a body cut off before its length', async () => {
    refusedByOurs.length = 0;
    await new Promise<void>((resolve) => {
      const socket = connect(ours, '127.0.0.1', () => {
        socket.write(
          'POST / HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{"a":',
        );
        setTimeout(() => socket.destroy(), 50);
      });
      socket.on('close', () => resolve());
    });
    await expect.poll(() => refusedByOurs).toEqual([400]);
  });
});
