import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tmpdir } from 'node:os';
import { Country } from '../../../server/common/locale.js';
import { ConfigError, loadConfig } from '../../../server/config.js';
import { createAdmin, createOrder, tokensFor } from '../../utils/factories.js';
import { startTestServer, type TestServer } from '../../utils/test-server.js';
import { postRestUpload } from '../../utils/upload.js';

const TOKEN = 'metrics-token-for-this-test-0123456789abcdef';

interface Sample {
  name: string;
  labels: Record<string, string>;
  value: number;
}

/**
 * Prometheus text format 0.0.4, strictly enough to fail on a broken line: `# HELP`/`# TYPE` comments
 * and `name{label="value",...} number` samples, nothing else.
 */
function parseExposition(text: string): Sample[] {
  const samples: Sample[] = [];
  for (const line of text.split('\n')) {
    if (line === '' || /^# (HELP|TYPE) [a-zA-Z_:][a-zA-Z0-9_:]* /.test(line)) continue;
    const match = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!match) throw new Error(`not an exposition line: ${line}`);
    const labels: Record<string, string> = {};
    for (const pair of (match[2] ?? '').matchAll(/([a-zA-Z_][a-zA-Z0-9_]*)="((?:[^"\\]|\\.)*)",?/g)) {
      labels[pair[1]] = pair[2];
    }
    // Go's ParseFloat, which Prometheus reads values with, takes NaN and Inf in any case.
    const value = /^nan$/i.test(match[3]) ? NaN : /^\+inf$/i.test(match[3]) ? Infinity : Number(match[3]);
    if (Number.isNaN(value) && !/^nan$/i.test(match[3])) throw new Error(`not a number: ${line}`);
    samples.push({ name: match[1], labels, value });
  }
  return samples;
}

/** The value of the one sample with this name and (at least) these labels; 0 when there is none. */
function valueOf(samples: Sample[], name: string, labels: Record<string, string> = {}): number {
  const found = samples.filter(
    (sample) => sample.name === name && Object.entries(labels).every(([key, value]) => sample.labels[key] === value),
  );
  if (found.length > 1) throw new Error(`${found.length} samples of ${name} match ${JSON.stringify(labels)}`);
  return found[0]?.value ?? 0;
}

const labelValues = (samples: Sample[], name: string, label: string) =>
  new Set(samples.filter((sample) => sample.name === name).map((sample) => sample.labels[label]));

const scrape = async (url: string, headers: Record<string, string> = {}) => {
  const response = await fetch(`${url}/metrics`, { headers });
  return { status: response.status, contentType: response.headers.get('content-type'), text: await response.text() };
};

const LOOK_UP = /* GraphQL */ `
  mutation LookUp($input: LookUpVisitsInput!) {
    lookUpVisits(input: $input) {
      sign
    }
  }
`;

describe('metrics settings', () => {
  const load = (env: Record<string, string>) => loadConfig({ DATA_DIR: tmpdir(), PORT: '3000', ...env });

  it('are off unless set, and take a port, an address and a long token', () => {
    expect(load({}).metrics).toEqual({ token: undefined, port: undefined, host: '127.0.0.1' });
    expect(load({ METRICS_TOKEN: TOKEN, METRICS_PORT: '9464', METRICS_HOST: '10.1.2.3' }).metrics).toEqual({
      token: TOKEN,
      port: 9464,
      host: '10.1.2.3',
    });
  });

  it('stop the start when unusable', () => {
    const unusable: Record<string, string>[] = [
      { METRICS_TOKEN: 'short' },
      { METRICS_TOKEN: `${TOKEN} with spaces` },
      { METRICS_PORT: 'nine' },
      { METRICS_PORT: '70000' },
      { METRICS_PORT: '3000' },
      { METRICS_PORT: '9464', METRICS_HOST: 'metrics.example.com' },
    ];
    for (const env of unusable) {
      expect(() => load(env), JSON.stringify(env)).toThrow(ConfigError);
    }
  });

  it('refuse a long token that is easy to guess, saying why and what to use instead', () => {
    const guessable = ['a'.repeat(32), 'ab'.repeat(20), 'abcdefghijklmnopqrstuvwxyz012345', 'password1234'.repeat(3)];
    for (const token of guessable) {
      expect(() => load({ METRICS_TOKEN: token }), token).toThrow(
        /METRICS_TOKEN is too easy to guess .*openssl rand -hex 32/,
      );
    }
    // random values are accepted: the one this file uses, and one of the minimum length (openssl rand -hex 16)
    expect(load({ METRICS_TOKEN: TOKEN }).metrics.token).toBe(TOKEN);
    expect(load({ METRICS_TOKEN: '28c95a97576c68d87af5a032fb2dc061' }).metrics.token).toHaveLength(32);
  });
});

describe('GET /metrics without METRICS_TOKEN or METRICS_PORT', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server.stop());

  it('answers 404 on the main port, with or without a token, and opens no other port', async () => {
    const plain = await scrape(server.url);
    expect(plain).toEqual({ status: 404, contentType: 'text/plain; charset=utf-8', text: 'Not found' });
    expect(await scrape(server.url, { authorization: `Bearer ${TOKEN}` })).toEqual(plain);
    expect(server.metricsUrl).toBeUndefined();
  });
});

describe('GET /metrics with METRICS_TOKEN', () => {
  let server: TestServer;
  const read = async () => {
    const { status, text } = await scrape(server.url, { authorization: `Bearer ${TOKEN}` });
    expect(status).toBe(200);
    return parseExposition(text);
  };

  beforeAll(async () => {
    server = await startTestServer({
      env: { METRICS_TOKEN: TOKEN, RATE_LIMIT_LOOKUP_PER_CLIENT: '2/900' },
    });
  });
  afterAll(() => server.stop());

  it('answers 404 without the token, with a wrong one, or with the token in another scheme', async () => {
    const attempts: Record<string, string>[] = [
      {},
      { authorization: `Bearer ${TOKEN}x` },
      { authorization: `Bearer ${TOKEN.slice(0, -1)}` },
      { authorization: `Basic ${TOKEN}` },
      { authorization: TOKEN },
    ];
    for (const headers of attempts) {
      // The same answer as without METRICS_TOKEN: nothing tells that metrics are on.
      expect(await scrape(server.url, headers)).toEqual({
        status: 404,
        contentType: 'text/plain; charset=utf-8',
        text: 'Not found',
      });
    }
  });

  it('answers the Prometheus text format with process, pool and HTTP metrics', async () => {
    const { status, contentType, text } = await scrape(server.url, { authorization: `bearer ${TOKEN}` });
    expect(status).toBe(200);
    expect(contentType).toMatch(/^text\/plain; version=0\.0\.4; charset=utf-8$/i);
    expect(text).toMatch(/^# HELP tijdvak_http_requests_total /m);
    expect(text).toMatch(/^# TYPE tijdvak_http_request_duration_seconds histogram$/m);
    const samples = parseExposition(text);
    expect(valueOf(samples, 'tijdvak_process_resident_memory_bytes')).toBeGreaterThan(10_000_000);
    expect(samples.some((sample) => sample.name === 'tijdvak_nodejs_eventloop_lag_seconds')).toBe(true);
    expect(valueOf(samples, 'tijdvak_db_pool_connections_max')).toBe(10);
    for (const gauge of ['connections_in_use', 'connections_idle', 'waiting_clients']) {
      const found = samples.filter((sample) => sample.name === `tijdvak_db_pool_${gauge}`);
      expect(found).toHaveLength(1);
      expect(found[0].value).toBeGreaterThanOrEqual(0);
    }
    // The ORM has connected (migrations ran), and an idle pool keeps its connections for 30 s.
    expect(
      valueOf(samples, 'tijdvak_db_pool_connections_idle') + valueOf(samples, 'tijdvak_db_pool_connections_in_use'),
    ).toBeGreaterThan(0);
  });

  it('counts a GraphQL call under its root field and a REST call under its route pattern', async () => {
    const before = await read();
    const graphql = await server.graphql('query AnyNameAtAll { serverInfo { brand } }');
    expect(graphql.status).toBe(200);
    const rest = await server.rest('GET', '/api/admin/user/4711');
    expect(rest.status).toBe(401);
    const after = await read();

    const graphqlLabels = { route: 'graphql:serverInfo', method: 'POST', status: '200' };
    expect(valueOf(after, 'tijdvak_http_requests_total', graphqlLabels)).toBe(
      valueOf(before, 'tijdvak_http_requests_total', graphqlLabels) + 1,
    );
    const restLabels = { route: '/api/admin/user/:id', method: 'GET', status: '401' };
    expect(valueOf(after, 'tijdvak_http_requests_total', restLabels)).toBe(
      valueOf(before, 'tijdvak_http_requests_total', restLabels) + 1,
    );
    // The histogram saw the same request: its +Inf bucket and its count moved with it.
    expect(valueOf(after, 'tijdvak_http_request_duration_seconds_bucket', { ...restLabels, le: '+Inf' })).toBe(
      valueOf(before, 'tijdvak_http_request_duration_seconds_bucket', { ...restLabels, le: '+Inf' }) + 1,
    );
    expect(valueOf(after, 'tijdvak_http_request_duration_seconds_count', restLabels)).toBe(
      valueOf(before, 'tijdvak_http_request_duration_seconds_count', restLabels) + 1,
    );
    expect(
      valueOf(after, 'tijdvak_http_request_duration_seconds_bucket', { ...restLabels, le: '30' }),
    ).toBeLessThanOrEqual(valueOf(after, 'tijdvak_http_request_duration_seconds_count', restLabels));

    // The REST shim runs its operation through GraphQL: counted there too, with the error's code.
    const operation = { operation: 'serverInfo', outcome: 'ok' };
    expect(valueOf(after, 'tijdvak_graphql_operations_total', operation)).toBe(
      valueOf(before, 'tijdvak_graphql_operations_total', operation) + 1,
    );
    const refused = { operation: 'admin', outcome: 'UNAUTHENTICATED' };
    expect(valueOf(after, 'tijdvak_graphql_operations_total', refused)).toBe(
      valueOf(before, 'tijdvak_graphql_operations_total', refused) + 1,
    );
    // The id of the path is not a label value anywhere.
    expect(labelValues(after, 'tijdvak_http_requests_total', 'route')).not.toContain('/api/admin/user/4711');
  });

  it('gives operation names and unknown fields no label value of their own', async () => {
    const before = await read();
    await server.graphql('query Attacker0001 { serverInfo { now } }');
    await server.graphql('query Attacker0002 { noSuchFieldAnywhere }');
    await server.graphql('query Attacker0003 { alsoNoSuchField }');
    const after = await read();
    const text = (await scrape(server.url, { authorization: `Bearer ${TOKEN}` })).text;
    expect(text).not.toMatch(/Attacker000|noSuchFieldAnywhere|alsoNoSuchField/);

    const unknown = { operation: 'unknown', outcome: 'GRAPHQL_VALIDATION_FAILED' };
    expect(valueOf(after, 'tijdvak_graphql_operations_total', unknown)).toBe(
      valueOf(before, 'tijdvak_graphql_operations_total', unknown) + 2,
    );
    expect(valueOf(after, 'tijdvak_http_requests_total', { route: 'graphql:unknown', status: '400' })).toBe(
      valueOf(before, 'tijdvak_http_requests_total', { route: 'graphql:unknown', status: '400' }) + 2,
    );
    expect(labelValues(after, 'tijdvak_graphql_operations_total', 'operation')).toEqual(
      new Set([...labelValues(before, 'tijdvak_graphql_operations_total', 'operation'), 'serverInfo', 'unknown']),
    );
  });

  it('counts a refused attempt under the limit that refused it', async () => {
    const before = await read();
    const input = { country: 'NL', zipcode: '9999ZZ', houseNumber: '1' };
    const codes = [];
    for (let attempt = 0; attempt < 3; attempt++) {
      const { body } = await server.graphql(LOOK_UP, { input });
      codes.push(body.errors?.[0]?.extensions?.code);
    }
    expect(codes).toEqual(['NO_ORDERS_FOUND', 'NO_ORDERS_FOUND', 'RATE_LIMITED']);
    const after = await read();
    const limiter = { limiter: 'LOOKUP_PER_CLIENT' };
    expect(valueOf(after, 'tijdvak_rate_limit_refusals_total', limiter)).toBe(
      valueOf(before, 'tijdvak_rate_limit_refusals_total', limiter) + 1,
    );
    expect(labelValues(after, 'tijdvak_rate_limit_refusals_total', 'limiter')).toEqual(new Set(['LOOKUP_PER_CLIENT']));
    const limited = { operation: 'lookUpVisits', outcome: 'RATE_LIMITED' };
    expect(valueOf(after, 'tijdvak_graphql_operations_total', limited)).toBe(1);
  });

  it('counts import and export runs with their outcome and rows', async () => {
    const em = server.em();
    const token = tokensFor(server).admin(await createAdmin(em));
    await createOrder(em, {
      referenceNumber: 'M-1',
      country: Country.NL,
      appointment: new Date('2026-11-24T08:00:00Z'),
    });
    const before = await read();

    const header = 'reference_number;name;email;phone;zipcode;house_number;city;date;time;technician;flag';
    const good = [header, 'I-1;Anna;anna@example.test;0612345678;1234AB;12;Utrecht;23-11-2026;09:30;;0'].join('\r\n');
    const bad = [header, 'I-2;Piet;not-an-email;0612345678;1234AB;12;Utrecht;23-11-2026;09:30;;0'].join('\r\n');
    const imported = await postRestUpload(
      server.url,
      '/api/admin/import/NL',
      'file',
      { name: 'a.csv', content: `${good}\r\n` },
      { token },
    );
    expect(imported.status).toBe(200);
    const rejected = await postRestUpload(
      server.url,
      '/api/admin/import/NL',
      'file',
      { name: 'b.csv', content: `${bad}\r\n` },
      { token },
    );
    expect(rejected.status).toBe(400);
    const exported = await fetch(`${server.url}/api/admin/export?country=NL`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(exported.status).toBe(200);
    const exportedLines = (await exported.text()).trim().split('\r\n');
    const after = await read();

    const grew = (name: string, labels: Record<string, string> = {}) =>
      valueOf(after, name, labels) - valueOf(before, name, labels);
    expect(grew('tijdvak_import_runs_started_total')).toBe(2);
    expect(grew('tijdvak_import_runs_finished_total', { outcome: 'succeeded' })).toBe(1);
    expect(grew('tijdvak_import_runs_finished_total', { outcome: 'rejected' })).toBe(1);
    expect(grew('tijdvak_import_runs_finished_total', { outcome: 'failed' })).toBe(0);
    expect(grew('tijdvak_import_rows_total', { outcome: 'succeeded' })).toBe(1);
    expect(grew('tijdvak_import_rows_total', { outcome: 'rejected' })).toBe(1);
    expect(grew('tijdvak_export_runs_started_total')).toBe(1);
    expect(grew('tijdvak_export_runs_finished_total', { outcome: 'completed' })).toBe(1);
    // M-1 and I-1, below the header.
    expect(exportedLines).toHaveLength(3);
    expect(grew('tijdvak_export_rows_total')).toBe(2);
  });

  // Last of its server's tests: its lookups may be refused by the limit the test above spends, and count all the same.
  it('serves every series the alert rules read, and the lookup routes they name', async () => {
    const rules = readFileSync('deploy/prometheus/tijdvak-alerts.yml', 'utf8');
    const input = { country: 'NL', zipcode: '9999ZZ', houseNumber: '7' };
    await server.graphql(LOOK_UP, { input });
    await server.rest('POST', '/api/auth/client', { json: input });
    const { text } = await scrape(server.url, { authorization: `Bearer ${TOKEN}` });
    // The expressions' series, not the words of the annotations (which name the pool's gauges as tijdvak_db_pool_*).
    const expressions = rules.replace(/^ +(summary|action): .*$/gm, '');
    const names = new Set([...expressions.matchAll(/\b(tijdvak_[a-z_]+)/g)].map((match) => match[1]));
    expect(names.size).toBeGreaterThanOrEqual(7);
    for (const name of names) {
      // A histogram's series are its family's name with _bucket, _count and _sum.
      expect(text, name).toMatch(new RegExp(`^# TYPE ${name.replace(/_(bucket|count|sum)$/, '')} `, 'm'));
    }
    const routes = labelValues(parseExposition(text), 'tijdvak_http_request_duration_seconds_bucket', 'route');
    const lookupRoutes = /route=~"([^"]+)"/.exec(rules)![1].split('|');
    expect(lookupRoutes).toEqual(['graphql:lookUpVisits', '/api/auth/client']);
    for (const route of lookupRoutes) expect(routes).toContain(route);
  });
});

describe('GET /metrics on METRICS_PORT', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ env: { METRICS_PORT: '0' } });
  });
  afterAll(() => server.stop());

  it('serves the metrics without a token on its own loopback port, and nothing else there', async () => {
    expect(server.metricsUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(server.metricsUrl).not.toBe(server.url);
    await server.graphql('{ serverInfo { brand } }');
    const { status, text } = await scrape(server.metricsUrl!);
    expect(status).toBe(200);
    const samples = parseExposition(text);
    expect(valueOf(samples, 'tijdvak_http_requests_total', { route: 'graphql:serverInfo', status: '200' })).toBe(1);
    expect((await fetch(`${server.metricsUrl}/graphql`)).status).toBe(404);
    expect((await fetch(`${server.metricsUrl}/healthz`)).status).toBe(404);
    // The main port still does not serve them: no token is set.
    expect((await scrape(server.url)).status).toBe(404);
  });
});
