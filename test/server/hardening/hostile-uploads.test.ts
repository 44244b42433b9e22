import { once } from 'node:events';
import { connect } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { Order } from '../../../server/orders/order.entity.js';
import { createAdmin, createTechnician, tokensFor } from '../../utils/factories.js';
import { jsonBodyOf, rawExchange, rawRequest } from '../../utils/raw-socket.js';
import { startTestServer, type TestServer } from '../../utils/test-server.js';
import { INCLUDING_DELETED } from '../../../server/orders/repository/active-orders.js';
import { translate, type MessageKey } from '../../../server/common/i18n/translate.js';
import { Language } from '../../../server/common/locale.js';

const IMPORT_MUTATION = 'mutation ($file: Upload!) { importOrders(country: NL, file: $file) { __typename } }';

/** The anonymous request of about 100 bytes that used to end the process (busboy's unheard 'error'). */
function truncatedMultipart(field = 'file', headers: Record<string, string> = {}): Buffer {
  return rawRequest(
    'POST',
    '/api/admin/import/NL',
    { 'content-type': 'multipart/form-data; boundary=XYZ', ...headers },
    `--XYZ\r\nContent-Disposition: form-data; name="${field}"; filename="a.csv"\r\n\r\nx`,
  );
}

function multipart(parts: { name: string; filename?: string; type?: string; content: string }[], close = true) {
  const body = parts
    .map(
      (part) =>
        `--XYZ\r\nContent-Disposition: form-data; name="${part.name}"${part.filename ? `; filename="${part.filename}"` : ''}\r\n` +
        `${part.type ? `Content-Type: ${part.type}\r\n` : ''}\r\n${part.content}\r\n`,
    )
    .join('');
  return close ? `${body}--XYZ--\r\n` : body;
}

function graphqlParts(fileContent: string) {
  return [
    { name: 'operations', content: JSON.stringify({ query: IMPORT_MUTATION, variables: { file: null } }) },
    { name: 'map', content: JSON.stringify({ 0: ['variables.file'] }) },
    { name: '0', filename: 'orders.csv', type: 'text/csv', content: fileContent },
  ];
}

/** A file part the operations' map does not name. */
const UNMAPPED = { name: '1', filename: 'other.csv', type: 'text/csv', content: 'x' };

describe('hostile upload requests', () => {
  let server: TestServer;
  let adminToken: string;
  let technicianToken: string;
  const uncaught: unknown[] = [];
  const onUncaught = (error: unknown) => uncaught.push(error);

  beforeAll(async () => {
    process.on('uncaughtExceptionMonitor', onUncaught);
    process.on('unhandledRejection', onUncaught);
    server = await startTestServer({ env: { LOG_LEVEL: process.env.DEBUG_LOG ?? 'silent' } });
    const sign = tokensFor(server);
    adminToken = sign.admin(await createAdmin(server.em()));
    technicianToken = sign.technician(await createTechnician(server.em()));
  });
  afterAll(async () => {
    process.off('uncaughtExceptionMonitor', onUncaught);
    process.off('unhandledRejection', onUncaught);
    await server.stop();
  });

  /** After every hostile request: nothing escaped to the process, and it still serves a real query. */
  afterEach(async () => {
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(uncaught).toEqual([]);
    expect((await fetch(`${server.url}/healthz`)).status).toBe(200);
    const { body } = await server.graphql<{ serverInfo: { brand: string } }>('{ serverInfo { brand } }');
    expect(body.data?.serverInfo.brand).toBe('tijdvak');
  });

  it('refuses the anonymous truncated legacy upload at once and closes the connection', async () => {
    const exchange = await rawExchange(server.url, truncatedMultipart());
    expect(exchange.status).toBe(401);
    expect(jsonBodyOf(exchange.response)).toEqual({ message: 'UNAUTHENTICATED' });
    expect(exchange.closed).toBe(true);
    expect(exchange.elapsedMs).toBeLessThan(1000);
  });

  it('refuses the same with a field name the route does not take', async () => {
    const exchange = await rawExchange(server.url, truncatedMultipart('other'));
    expect(exchange.status).toBe(401);
    expect(exchange.closed).toBe(true);
  });

  it('answers a caller of the wrong role before reading a 20 MB body it never sends', async () => {
    const head = rawRequest(
      'POST',
      '/api/admin/import/NL',
      {
        'content-type': 'multipart/form-data; boundary=XYZ',
        'content-length': String(20 * 1024 * 1024),
        authorization: `Bearer ${technicianToken}`,
      },
      '',
    );
    const exchange = await rawExchange(server.url, head);
    expect(exchange.status).toBe(403);
    expect(exchange.closed).toBe(true);
    expect(exchange.elapsedMs).toBeLessThan(1000);
  });

  it.each([
    [
      'cut off inside the file',
      multipart([{ name: 'file', filename: 'a.csv', content: 'reference_number;name' }], false),
    ],
    ['a file under a field the route does not take', multipart([{ name: 'other', filename: 'a.csv', content: 'x' }])],
    [
      'two files',
      multipart([
        { name: 'file', filename: 'a.csv', content: 'x' },
        { name: 'file', filename: 'b.csv', content: 'y' },
      ]),
    ],
    [
      'a nested multipart part',
      multipart([
        {
          name: 'file',
          filename: 'a.csv',
          type: 'multipart/mixed; boundary=ABC',
          content: '--ABC\r\n\r\nx\r\n--ABC--',
        },
      ]),
    ],
    ['a broken part header', '--XYZ\r\nContent-Disposition form-data name=file\r\n\r\nx\r\n--XYZ--\r\n'],
  ])('answers an admin upload with %s with a 4xx within a second, closing the connection', async (_case, body) => {
    const exchange = await rawExchange(
      server.url,
      rawRequest(
        'POST',
        '/api/admin/import/NL',
        { 'content-type': 'multipart/form-data; boundary=XYZ', authorization: `Bearer ${adminToken}` },
        body,
      ),
    );
    expect(exchange.status).toBeGreaterThanOrEqual(400);
    expect(exchange.status).toBeLessThan(500);
    expect(exchange.closed).toBe(true);
    expect(exchange.elapsedMs).toBeLessThan(1000);
  });

  it('answers a legacy multipart body without a boundary with 400 at once', async () => {
    const exchange = await rawExchange(
      server.url,
      rawRequest(
        'POST',
        '/api/admin/import/NL',
        { 'content-type': 'multipart/form-data', authorization: `Bearer ${adminToken}`, 'content-length': '100000' },
        'x',
      ),
    );
    expect(exchange.status).toBe(400);
    expect(jsonBodyOf(exchange.response)).toEqual({ message: 'UPLOAD_MALFORMED' });
    expect(exchange.closed).toBe(true);
    expect(exchange.elapsedMs).toBeLessThan(1000);
  });

  it('answers a GraphQL multipart request without a boundary within a second and closes it', async () => {
    const exchange = await rawExchange(
      server.url,
      rawRequest(
        'POST',
        '/graphql',
        { 'content-type': 'multipart/form-data', 'apollo-require-preflight': 'true', 'content-length': '100000' },
        'x',
      ),
    );
    expect(exchange.status).toBe(400);
    expect(jsonBodyOf(exchange.response)).toMatchObject({ errors: [{ extensions: { code: 'UPLOAD_MALFORMED' } }] });
    expect(exchange.closed).toBe(true);
    expect(exchange.elapsedMs).toBeLessThan(1000);
  });

  it('refuses an anonymous GraphQL upload before spooling any of it', async () => {
    const exchange = await rawExchange(
      server.url,
      rawRequest(
        'POST',
        '/graphql',
        {
          'content-type': 'multipart/form-data; boundary=XYZ',
          'apollo-require-preflight': 'true',
          'content-length': String(20 * 1024 * 1024),
          'accept-language': 'fr',
        },
        multipart(graphqlParts('x'.repeat(1000)), false),
      ),
    );
    expect(exchange.status).toBe(401);
    expect(jsonBodyOf(exchange.response)).toEqual({
      errors: [
        {
          message: "Vous n'êtes pas (ou plus) connecté. Veuillez vous reconnecter.",
          extensions: { code: 'UNAUTHENTICATED' },
        },
      ],
    });
    expect(exchange.closed).toBe(true);
    expect(exchange.elapsedMs).toBeLessThan(1000);
  });

  it('answers a truncated GraphQL upload of an admin with UPLOAD_MALFORMED, not a 500', async () => {
    const exchange = await rawExchange(
      server.url,
      rawRequest(
        'POST',
        '/graphql',
        {
          'content-type': 'multipart/form-data; boundary=XYZ',
          'apollo-require-preflight': 'true',
          authorization: `Bearer ${adminToken}`,
          connection: 'close',
        },
        multipart(graphqlParts('reference_number;name\nR1;'), false),
      ),
    );
    expect(exchange.status).toBe(400);
    expect(jsonBodyOf(exchange.response)).toMatchObject({
      data: null,
      errors: [{ extensions: { code: 'UPLOAD_MALFORMED' } }],
    });
    expect(exchange.elapsedMs).toBeLessThan(1000);
  });

  it.each([
    ['after the mapped file', (parts: ReturnType<typeof graphqlParts>) => [...parts, UNMAPPED]],
    ['before the mapped file', (parts: ReturnType<typeof graphqlParts>) => [parts[0], parts[1], UNMAPPED, parts[2]]],
  ])('refuses a second, unmapped file part %s with 400 UPLOAD_MALFORMED, importing nothing', async (_case, arrange) => {
    const reference = `UNMAPPED-${Date.now()}`;
    const csv = `reference_number;name;email;phone;zipcode;house_number;city;date;time\n${reference};Anna;a@example.test;0612345678;1234AB;1;Utrecht;24-12-2030;10:00\n`;
    const exchange = await rawExchange(
      server.url,
      rawRequest(
        'POST',
        '/graphql',
        {
          'content-type': 'multipart/form-data; boundary=XYZ',
          'apollo-require-preflight': 'true',
          authorization: `Bearer ${adminToken}`,
          'accept-language': 'fr',
        },
        multipart(arrange(graphqlParts(csv))),
      ),
    );
    expect(exchange.status).toBe(400);
    expect(jsonBodyOf(exchange.response)).toMatchObject({
      data: null,
      errors: [{ extensions: { code: 'UPLOAD_MALFORMED' } }],
    });
    expect((jsonBodyOf(exchange.response) as { errors: { message: string }[] }).errors[0].message).toContain(
      "Rien n'a été importé",
    );
    expect(exchange.closed).toBe(true);
    expect(await server.em().count(Order, { referenceNumber: reference }, INCLUDING_DELETED)).toBe(0);
  });

  it('answers a GraphQL multipart body cut off before its file with 400', async () => {
    const parts = graphqlParts('');
    const exchange = await rawExchange(
      server.url,
      rawRequest(
        'POST',
        '/graphql',
        {
          'content-type': 'multipart/form-data; boundary=XYZ',
          'apollo-require-preflight': 'true',
          authorization: `Bearer ${adminToken}`,
        },
        multipart(parts.slice(0, 1), false).slice(0, 40),
      ),
    );
    expect(exchange.status).toBe(400);
    expect(exchange.closed).toBe(true);
    expect(exchange.elapsedMs).toBeLessThan(1000);
  });
});

describe('GraphQL multipart bodies that break the spec', () => {
  let server: TestServer;
  let adminToken: string;
  const uncaught: unknown[] = [];
  const onUncaught = (error: unknown) => uncaught.push(error);
  const reference = `BROKEN-${Date.now()}`;
  const csv = `reference_number;name;email;phone;zipcode;house_number;city;date;time\n${reference};Anna;a@example.test;0612345678;1234AB;1;Utrecht;24-12-2030;10:00\n`;

  beforeAll(async () => {
    process.on('uncaughtExceptionMonitor', onUncaught);
    process.on('unhandledRejection', onUncaught);
    server = await startTestServer({ env: { LOG_LEVEL: process.env.DEBUG_LOG ?? 'silent' } });
    adminToken = tokensFor(server).admin(await createAdmin(server.em()));
  });
  afterAll(async () => {
    process.off('uncaughtExceptionMonitor', onUncaught);
    process.off('unhandledRejection', onUncaught);
    await server.stop();
  });
  afterEach(async () => {
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(uncaught).toEqual([]);
    const { body } = await server.graphql<{ serverInfo: { brand: string } }>('{ serverInfo { brand } }');
    expect(body.data?.serverInfo.brand).toBe('tijdvak');
    expect(await server.em().count(Order, { referenceNumber: reference }, INCLUDING_DELETED)).toBe(0);
  });

  const send = (body: string, headers: Record<string, string> = {}, waitMs?: number) =>
    rawExchange(
      server.url,
      rawRequest(
        'POST',
        '/graphql',
        {
          'content-type': 'multipart/form-data; boundary=XYZ',
          'apollo-require-preflight': 'true',
          authorization: `Bearer ${adminToken}`,
          'accept-language': 'fr',
          ...headers,
        },
        body,
      ),
      waitMs,
    );
  const [operations, map, file] = graphqlParts(csv);
  const secondFile = { ...file, name: '1' };

  it.each([
    ['operations that are not JSON', [{ ...operations, content: '{"query":' }, map, file], 400, 'UPLOAD_MALFORMED'],
    ['operations that are not an object', [{ ...operations, content: '"text"' }, map, file], 400, 'UPLOAD_MALFORMED'],
    ['a map that is not JSON', [operations, { ...map, content: '{0:' }, file], 400, 'UPLOAD_MALFORMED'],
    ['a map that is a list', [operations, { ...map, content: '[["variables.file"]]' }, file], 400, 'UPLOAD_MALFORMED'],
    [
      'a map entry that is not a list',
      [operations, { ...map, content: '{"0":"variables.file"}' }, file],
      400,
      'UPLOAD_MALFORMED',
    ],
    [
      'a map reaching a prototype',
      [operations, { ...map, content: '{"0":["__proto__.file"]}' }, file],
      400,
      'UPLOAD_MALFORMED',
    ],
    ['the map before the operations', [map, operations, file], 400, 'UPLOAD_MALFORMED'],
    ['the file before the map', [operations, file, map], 400, 'UPLOAD_MALFORMED'],
    ['no map at all', [operations], 400, 'UPLOAD_MALFORMED'],
    [
      'more files in the map than the limit',
      [
        operations,
        { ...map, content: JSON.stringify({ 0: ['variables.file'], 1: ['variables.other'] }) },
        file,
        secondFile,
      ],
      413,
      'PAYLOAD_TOO_LARGE',
    ],
    [
      'operations over their 1 MB',
      [{ ...operations, content: ' '.repeat(1024 * 1024 + 1) }, map, file],
      413,
      'PAYLOAD_TOO_LARGE',
    ],
  ])(
    'refuses a body with %s before the operation runs, in the caller language, closing the connection',
    async (_case, parts, status, code) => {
      const exchange = await send(multipart(parts));
      expect(exchange.status).toBe(status);
      expect(jsonBodyOf(exchange.response)).toEqual({
        errors: [{ message: translate(Language.FR, code as MessageKey), extensions: { code } }],
      });
      expect(exchange.closed).toBe(true);
    },
  );

  it('refuses a mapped file sent as a nested multipart part, closing the connection', async () => {
    const exchange = await send(multipart([operations, map, { ...file, type: 'multipart/mixed; boundary=ABC' }]));
    expect(exchange.status).toBe(400);
    expect(jsonBodyOf(exchange.response)).toMatchObject({ errors: [{ extensions: { code: 'UPLOAD_MALFORMED' } }] });
    expect(exchange.closed).toBe(true);
  });

  it('refuses the same mapped file sent twice, closing the connection', async () => {
    const exchange = await send(multipart([operations, map, file, file]));
    expect(exchange.status).toBe(400);
    expect(jsonBodyOf(exchange.response)).toMatchObject({ errors: [{ extensions: { code: 'UPLOAD_MALFORMED' } }] });
    expect(exchange.closed).toBe(true);
  });

  it('answers a well-formed body without the file its map names as a missing file, keeping the connection', async () => {
    const exchange = await send(multipart([operations, map]), { connection: 'keep-alive' }, 1000);
    expect(exchange.status).toBe(200);
    expect(jsonBodyOf(exchange.response)).toMatchObject({ errors: [{ extensions: { code: 'IMPORT_FILE_MISSING' } }] });
    expect(exchange.closed).toBe(false);
  });

  it('refuses a multipart request without a preflight header as a possible cross-site request, reading nothing', async () => {
    const exchange = await send(multipart([operations, map, file]), { 'apollo-require-preflight': '' });
    expect(exchange.status).toBe(400);
    expect(jsonBodyOf(exchange.response)).toMatchObject({
      errors: [{ message: expect.stringContaining('Cross-Site Request Forgery'), extensions: { code: 'BAD_REQUEST' } }],
    });
    expect(exchange.closed).toBe(true);
  });

  it('imports nothing when the client leaves in the middle of the file', async () => {
    const body = multipart([operations, map, { ...file, content: csv.repeat(50) }], false);
    const request = rawRequest(
      'POST',
      '/graphql',
      {
        'content-type': 'multipart/form-data; boundary=XYZ',
        'apollo-require-preflight': 'true',
        authorization: `Bearer ${adminToken}`,
        'content-length': String(body.length * 2),
      },
      body,
    );
    const socket = connect(Number(new URL(server.url).port), '127.0.0.1');
    socket.on('error', () => undefined);
    await once(socket, 'connect');
    await new Promise<void>((resolve) => socket.write(request, () => resolve()));
    socket.destroy();
    await once(socket, 'close');
  });
});
