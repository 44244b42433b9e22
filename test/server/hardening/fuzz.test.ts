import fc from 'fast-check';
import { getNamedType, isEnumType, isLeafType, isNonNullType, type GraphQLField, type GraphQLSchema } from 'graphql';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REST_ROUTES } from '../../../server/legacy/routes.js';
import { buildAppSchema } from '../../../server/schema.js';
import { createAdmin, createTechnician, tokensFor } from '../../utils/factories.js';
import { startTestServer, type TestServer } from '../../utils/test-server.js';

/** Traces of an internal failure that must never reach a caller. */
const LEAK =
  /\bat [\w$.<>]+ \(|\.(?:js|ts|mjs):\d+:\d+|node_modules|stacktrace|ECONNREFUSED|syntax error at or near|violates .* constraint/i;

/** Legacy field names across the legacy calls, so generated bodies hit real fields, plus noise. */
const FIELD_NAMES = [
  'zipcode',
  'houseNumber',
  'phoneNumber',
  'country',
  'email',
  'password',
  'token',
  'id',
  'firstname',
  'lastname',
  'personalNumber',
  'startingTime',
  'inactive',
  'appointments',
  'orders',
  'technician',
  'date',
  'reference_number',
  'time_between',
  'time_to',
  'name',
  'city',
  'house_number',
  'phone',
  'flag',
  'duration',
  'appointment',
  '__proto__',
  'constructor',
  'x',
];

const nastyString = fc.oneof(
  fc.string(),
  fc.string({ unit: 'grapheme', maxLength: 50 }),
  fc.constantFrom(
    '',
    ' ',
    '0',
    '-1',
    '99999999999999999999',
    'null',
    'NaN',
    '1e309',
    "' OR 1=1 --",
    '<script>',
    '../../etc/passwd',
    '%00',
    '{"a":1}',
    '[1,2]',
    'NL',
    'BE',
    '2026-02-30',
    '25:61',
  ),
  fc.string({ minLength: 2000, maxLength: 5000 }),
);
const jsonValue = fc.oneof(
  nastyString,
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.array(fc.integer(), { maxLength: 5 }),
);

describe('fuzzing every REST route and GraphQL root field', () => {
  let server: TestServer;
  let schema: GraphQLSchema;
  let tokens: string[];
  const unhandled: unknown[] = [];
  const onUnhandled = (reason: unknown) => unhandled.push(reason);

  beforeAll(async () => {
    process.on('unhandledRejection', onUnhandled);
    server = await startTestServer({
      env: {
        RATE_LIMIT_LOOKUP_PER_CLIENT: '100000/60',
        RATE_LIMIT_LOOKUP_PER_ADDRESS: '100000/60',
        RATE_LIMIT_SIGN_IN_PER_CLIENT: '100000/60',
        RATE_LIMIT_SIGN_IN_PER_ACCOUNT: '100000/60',
        RATE_LIMIT_SIGN_IN_PER_ACCOUNT_CLIENT: '100000/60',
        RATE_LIMIT_PASSWORD_RESET_PER_CLIENT: '100000/60',
        RATE_LIMIT_PASSWORD_RESET_MAILS_PER_ACCOUNT: '100000/60',
        RATE_LIMIT_PASSWORD_RESET_PER_ACCOUNT_CLIENT: '100000/60',
      },
    });
    schema = await buildAppSchema();
    const em = server.em();
    const sign = tokensFor(server);
    tokens = [
      '',
      'garbage',
      'Bearer',
      sign.admin(await createAdmin(em)),
      sign.technician(await createTechnician(em)),
      server.services.tokens.signConsumer([1, 2, 3], { state: false, company: 0 }),
    ];
  });
  afterAll(async () => {
    process.off('unhandledRejection', onUnhandled);
    await server.stop();
  });

  /**
   * Row counts of every table but the rate-limit buckets (every attempt counts) and the import jobs
   * (a refused import still leaves its job, marked failed, for the progress screen).
   */
  async function rowCounts(): Promise<string> {
    const connection = server.em().getConnection();
    const tables = await connection.execute<{ table_name: string }[]>(
      `select table_name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE'
       and table_name not in ('rate_limit_buckets', 'import_jobs', 'mikro_orm_migrations') order by table_name`,
    );
    const counts: string[] = [];
    for (const { table_name } of tables) {
      const [row] = await connection.execute<{ count: string }[]>(`select count(*) from "${table_name}"`);
      counts.push(`${table_name}=${row.count}`);
    }
    return counts.join(',');
  }

  function assertClean(status: number, text: string) {
    expect(status, text.slice(0, 300)).toBeLessThan(500);
    expect(text).not.toMatch(LEAK);
  }

  const pathWith = (path: string, values: string[]) => {
    let index = 0;
    return path
      .replace(/\{\/:(\w+)\}/g, () =>
        values[index] === undefined ? '' : `/${encodeURIComponent(values[index++] ?? '')}`,
      )
      .replace(/:(\w+)/g, () => encodeURIComponent(values[index++] ?? 'x'));
  };

  it('REST: no 5xx, no leaked internals, no unhandled rejection, nothing written by a refused call', async () => {
    for (const route of REST_ROUTES) {
      await fc.assert(
        fc.asyncProperty(
          fc.array(nastyString, { maxLength: 3 }),
          fc.dictionary(fc.constantFrom(...FIELD_NAMES), jsonValue, { maxKeys: 8 }),
          fc.constantFrom('form', 'json', 'text', 'none'),
          fc.nat({ max: tokens.length - 1 }),
          async (pathValues, fields, encoding, tokenIndex) => {
            const before = await rowCounts();
            const headers: Record<string, string> = {};
            if (tokens[tokenIndex]) headers.authorization = `Bearer ${tokens[tokenIndex]}`;
            let body: string | undefined;
            if (route.method !== 'get') {
              if (encoding === 'form') {
                headers['content-type'] = 'application/x-www-form-urlencoded';
                body = new URLSearchParams(
                  Object.entries(fields).map(([key, value]) => [key, String(value)]),
                ).toString();
              } else if (encoding === 'json') {
                headers['content-type'] = 'application/json';
                body = JSON.stringify(fields);
              } else if (encoding === 'text') {
                headers['content-type'] = 'text/plain';
                body = JSON.stringify(fields).slice(0, -1);
              }
            }
            const response = await fetch(`${server.url}${pathWith(route.path, pathValues)}`, {
              method: route.method.toUpperCase(),
              headers,
              body,
            });
            const text = await response.text();
            assertClean(response.status, text);
            if (response.status >= 400) expect(await rowCounts()).toBe(before);
          },
        ),
        { numRuns: 25 },
      );
    }
    expect(unhandled).toEqual([]);
  }, 600_000);

  it('uploads: garbage files to every route that takes one are refused cleanly and write nothing', async () => {
    const uploadRoutes = REST_ROUTES.filter((route) => route.upload);
    expect(uploadRoutes.length).toBeGreaterThan(0);
    const fileContent = fc.oneof(
      fc.uint8Array({ maxLength: 4000 }),
      fc.string({ maxLength: 2000 }).map((text) => new TextEncoder().encode(text)),
      fc
        .array(fc.array(nastyString, { minLength: 1, maxLength: 12 }), { minLength: 1, maxLength: 20 })
        .map((rows) => new TextEncoder().encode(rows.map((row) => row.join(';')).join('\r\n'))),
    );
    for (const route of uploadRoutes) {
      await fc.assert(
        fc.asyncProperty(
          fc.array(fc.constantFrom('NL', 'BE', 'XX', ''), { minLength: 1, maxLength: 1 }),
          fileContent,
          fc.constantFrom(...route.upload!.fields, 'other'),
          fc.constantFrom('multipart', 'raw'),
          fc.nat({ max: tokens.length - 1 }),
          async (pathValues, bytes, fieldName, encoding, tokenIndex) => {
            const before = await rowCounts();
            const headers: Record<string, string> = {};
            if (tokens[tokenIndex]) headers.authorization = `Bearer ${tokens[tokenIndex]}`;
            let body: FormData | Blob;
            if (encoding === 'multipart') {
              body = new FormData();
              body.set(fieldName, new Blob([bytes]), 'orders.csv');
            } else {
              body = new Blob([bytes]);
              headers['content-type'] = route.upload!.rawMediaTypes[0];
            }
            const response = await fetch(`${server.url}${pathWith(route.path, pathValues)}`, {
              method: route.method.toUpperCase(),
              headers,
              body,
            });
            const text = await response.text();
            assertClean(response.status, text);
            if (response.status >= 400) expect(await rowCounts()).toBe(before);
          },
        ),
        { numRuns: 25 },
      );
    }
    expect(unhandled).toEqual([]);
  }, 600_000);

  function operationFor(kind: 'query' | 'mutation', field: GraphQLField<unknown, unknown>): string {
    const variables = field.args.map((arg) => `$${arg.name}: ${String(arg.type)}`).join(', ');
    const args = field.args.map((arg) => `${arg.name}: $${arg.name}`).join(', ');
    const selection = isLeafType(getNamedType(field.type)) ? '' : ' { __typename }';
    return `${kind} Fuzz${variables ? `(${variables})` : ''} { ${field.name}${args ? `(${args})` : ''}${selection} }`;
  }

  it('GraphQL: no 5xx, no leaked internals, nothing written by a refused call', async () => {
    const roots = [
      ['query', schema.getQueryType()],
      ['mutation', schema.getMutationType()],
    ] as const;
    for (const [kind, root] of roots) {
      for (const field of Object.values(root?.getFields() ?? {})) {
        const query = operationFor(kind, field);
        const variableArbitrary = fc.record(
          Object.fromEntries(
            field.args.map((arg) => {
              const named = getNamedType(arg.type);
              const values = isEnumType(named)
                ? fc.constantFrom(...named.getValues().map((value) => value.name), 'NOPE')
                : jsonValue;
              return [arg.name, isNonNullType(arg.type) ? values : fc.option(values)];
            }),
          ),
        );
        await fc.assert(
          fc.asyncProperty(variableArbitrary, fc.nat({ max: tokens.length - 1 }), async (variables, tokenIndex) => {
            const before = await rowCounts();
            const { status, body } = await server.graphql(query, variables, { token: tokens[tokenIndex] || undefined });
            assertClean(status, JSON.stringify(body));
            if (body.errors?.length) expect(await rowCounts()).toBe(before);
          }),
          { numRuns: 20 },
        );
      }
    }
    expect(unhandled).toEqual([]);
  }, 600_000);

  it('GraphQL: arbitrary documents are refused cleanly', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(
          fc.string(),
          fc.constantFrom(
            '{',
            '{ __schema { types { name } } }',
            'mutation { x }',
            'query { serverInfo { brand } } query { serverInfo { now } }',
            'subscription { a }',
          ),
        ),
        async (query) => {
          const { status, body } = await server.graphql(query);
          assertClean(status, JSON.stringify(body));
        },
      ),
      { numRuns: 100 },
    );
  });
});
