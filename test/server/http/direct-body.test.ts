import { request as httpRequest, createServer, type Server } from 'node:http';
import { connect } from 'node:net';
import { gzipSync } from 'node:zlib';
import express, { type ErrorRequestHandler, type RequestHandler } from 'express';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formBody } from '../../../server/common/http/form-body.js';
import { jsonBody } from '../../../server/common/http/json-body.js';

const LIMIT = 1024;
const PARAMETER_LIMIT = 5;

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

type Case = [string, Buffer, Record<string, string>];

/** The kinds of body each direct reader leaves to body-parser, by case name, as each reader's cases name them. */
const UNCOMMON_BODIES = [
  'another charset',
  'a compressed body',
  'a body over the limit',
  'an empty body',
  'another type',
  'a chunked body',
];

/**
 * Each body is sent to a server reading it directly (`ours`, with body-parser as its fallback) and to one reading it
 * with body-parser alone: every outcome must be body-parser's own, whichever of the two reads the request.
 */
function comparedWithBodyParser(ourReader: (fallback: RequestHandler) => RequestHandler, bodyParser: RequestHandler) {
  const servers: Server[] = [];
  const refusedByOurs: number[] = [];
  const leftToBodyParser: string[] = [];
  const ports = { ours: 0, bodyParser: 0 };
  beforeAll(async () => {
    const fallback: RequestHandler = (req, res, next) => {
      leftToBodyParser.push(req.get('x-case') ?? '');
      bodyParser(req, res, next);
    };
    const a = await serverWith(ourReader(fallback), refusedByOurs);
    const b = await serverWith(bodyParser, []);
    servers.push(a.server, b.server);
    ports.ours = a.port;
    ports.bodyParser = b.port;
  });
  afterAll(() => Promise.all(servers.map((server) => new Promise((resolve) => server.close(resolve)))));
  return {
    refusedByOurs,
    leftToBodyParser,
    ports,
    async expectSameOutcomes(cases: Case[]) {
      for (const [name, body, headers] of cases) {
        const named = { ...headers, 'x-case': name };
        const withLength = headers['transfer-encoding'] ? named : { ...named, 'content-length': String(body.length) };
        const [a, b] = [await post(ports.ours, body, withLength), await post(ports.bodyParser, body, withLength)];
        expect({ name, ...a }).toEqual({ name, ...b });
      }
    },
  };
}

/** A body announced longer than it is, then the connection closed. */
function sendCutOff(port: number, type: string, start: string) {
  return new Promise<void>((resolve) => {
    const socket = connect(port, '127.0.0.1', () => {
      socket.write(`POST / HTTP/1.1\r\nHost: x\r\nContent-Type: ${type}\r\nContent-Length: 100\r\n\r\n${start}`);
      setTimeout(() => socket.destroy(), 50);
    });
    socket.on('close', () => resolve());
  });
}

/**
 * The two checks every direct reader passes: each body has body-parser's outcome, and only the kinds it does not take
 * (`leftToBodyParser`, by case name) reach body-parser; a body cut off before its length is refused 400.
 */
function itReadsAsBodyParser(
  compared: ReturnType<typeof comparedWithBodyParser>,
  {
    cases,
    leftToBodyParser,
    type,
    cutOff,
  }: { cases: Case[]; leftToBodyParser: string[]; type: string; cutOff: string },
) {
  it('gives every body the outcome body-parser gives it', async () => {
    await compared.expectSameOutcomes(cases);
    // Only what the direct reader does not take reaches body-parser; the rest was read without it.
    expect(compared.leftToBodyParser).toEqual(leftToBodyParser);
  });

  it('refuses a body cut off before its length', async () => {
    compared.refusedByOurs.length = 0;
    await sendCutOff(compared.ports.ours, type, cutOff);
    await expect.poll(() => compared.refusedByOurs).toEqual([400]);
  });
}

/** GraphQL's JSON bodies are read directly in the common case (common/http/json-body.ts). */
describe('JSON bodies read as body-parser reads them', () => {
  const compared = comparedWithBodyParser(
    (fallback) => jsonBody({ limit: LIMIT, fallback }),
    express.json({ limit: LIMIT }),
  );

  const json = 'application/json';
  const cases: Case[] = [
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
    ['another type', Buffer.from('{"a":1}'), { 'content-type': 'text/plain' }],
    ['a chunked body', Buffer.from('{"a":1}'), { 'content-type': json, 'transfer-encoding': 'chunked' }],
  ];

  itReadsAsBodyParser(compared, {
    cases,
    leftToBodyParser: UNCOMMON_BODIES,
    type: json,
    cutOff: '{"a":',
  });
});

/** The legacy calls' form bodies are read directly in the common case (common/http/form-body.ts). */
describe('form bodies read as body-parser reads them', () => {
  const compared = comparedWithBodyParser(
    (fallback) => formBody({ limit: LIMIT, parameterLimit: PARAMETER_LIMIT, fallback }),
    express.urlencoded({ extended: false, limit: LIMIT, parameterLimit: PARAMETER_LIMIT }),
  );

  const form = 'application/x-www-form-urlencoded';
  const text = (value: string) => Buffer.from(value);
  const cases: Case[] = [
    ['a lookup', text('country=NL&zipcode=3511+ab&houseNumber=12'), { 'content-type': form }],
    ['escaped UTF-8', text('name=Fran%C3%A7ois&mark=%E2%9C%93'), { 'content-type': form }],
    ['malformed escapes', text('a=%E0%A4%A&b=%zz&c=100%'), { 'content-type': form }],
    ['a key alone', text('flag&a=1'), { 'content-type': form }],
    ['empty parts and keys', text('a=1&&b=2&=x'), { 'content-type': form }],
    ['a key twice', text('a=1&a=2&b=3'), { 'content-type': form }],
    ['brackets', text('a[b]=1&c[]=2'), { 'content-type': form }],
    ['escaped brackets', text('a%5Bb%5D=1&c%5b%5d=2'), { 'content-type': form }],
    ['a key in brackets', text('[a]=1&b=2'), { 'content-type': form }],
    ['a bracket before an equals sign', text('a=b]=c'), { 'content-type': form }],
    ['prototype keys', text('__proto__=x&constructor=y&toString=z'), { 'content-type': form }],
    ['a prototype name', text('hasOwnProperty=z&valueOf=1'), { 'content-type': form }],
    ['number keys', text('2=b&1=a&x=c'), { 'content-type': form }],
    ['spaces and dots in keys', text('a+b=c+d&e.f=g'), { 'content-type': form }],
    ['a byte-order mark', text('\ufeffa=1'), { 'content-type': form }],
    ['bytes that are not UTF-8', Buffer.from([0x61, 0x3d, 0xff, 0x62]), { 'content-type': form }],
    ['the charset said', text('a=1'), { 'content-type': 'Application/X-WWW-Form-Urlencoded; Charset=UTF-8' }],
    ['as many parameters as allowed', text('a=1&b=2&c=3&d=4&e=5'), { 'content-type': form }],
    ['too many parameters', text('a=1&b=2&c=3&d=4&e=5&f=6'), { 'content-type': form }],
    ['too many for qs, plain or not', text('a=1&a=2&c=3&d=4&e=5&f[]=6'), { 'content-type': form }],
    ['another charset', text('a=%E9'), { 'content-type': `${form}; charset=iso-8859-1` }],
    ['a compressed body', gzipSync('a=1'), { 'content-type': form, 'content-encoding': 'gzip' }],
    ['a body over the limit', text(`a=${'x'.repeat(LIMIT)}`), { 'content-type': form }],
    ['an empty body', Buffer.alloc(0), { 'content-type': form }],
    ['another type', text('a=1'), { 'content-type': 'text/plain' }],
    ['a chunked body', text('a=1'), { 'content-type': form, 'transfer-encoding': 'chunked' }],
  ];

  itReadsAsBodyParser(compared, {
    cases,
    leftToBodyParser: UNCOMMON_BODIES,
    type: form,
    cutOff: 'a=1',
  });
});
