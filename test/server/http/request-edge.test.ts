import { Writable } from 'node:stream';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Country } from '../../../server/common/locale.js';
import { createAdmin, createOrder, createTechnician, tokensFor } from '../../utils/factories.js';
import { startTestServer, type TestServer } from '../../utils/test-server.js';

const METRICS_TOKEN = '9f2c4e7a1b8d3f6e0a5c9b2d7e4f1a8c3b6d9e2f5a8c1b4d7e0f3a6c9b2e5d8f';

/** Headers that differ between any two answers, whoever writes them. */
const PER_ANSWER = new Set(['date', 'content-length', 'etag', 'connection', 'keep-alive', 'content-type']);

function headerSet(response: Response): Record<string, string> {
  const headers: [string, string][] = [];
  response.headers.forEach((value, name) => {
    if (!PER_ANSWER.has(name)) headers.push([name, value]);
  });
  return Object.fromEntries(headers.sort(([a], [b]) => a.localeCompare(b)));
}

/**
 * Every request passes one edge (common/http/request-edge.ts) and the API's routes one router: the lookup and the
 * schedule, the busiest calls, get the same headers, log line, metrics, cookies, XSRF check and bodies as any other.
 */
describe('the edge of the lookup and the schedule, as of every call', () => {
  let server: TestServer;
  const lines: Record<string, unknown>[] = [];

  beforeAll(async () => {
    const sink = new Writable({
      write(chunk: Buffer, _encoding, done) {
        for (const line of chunk.toString().split('\n').filter(Boolean)) lines.push(JSON.parse(line) as never);
        done();
      },
    });
    server = await startTestServer({
      env: { CLOCK_NOW: '2026-11-23T10:00:00+01:00', METRICS_TOKEN: METRICS_TOKEN },
      logger: pino({ level: 'info' }, sink),
    });
    await createOrder(server.em(), {
      zipcode: '4321 ZX',
      houseNumber: '77',
      appointment: new Date('2026-11-24T08:00:00+01:00'),
    });
  });
  afterAll(() => server.stop());

  const lookUp = (headers: Record<string, string> = {}, body = 'country=NL&zipcode=4321+zx&houseNumber=77') =>
    fetch(`${server.url}/api/auth/client`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
      body,
    });

  it('sends exactly the security headers of any other call', async () => {
    const lean = await lookUp();
    expect(lean.status).toBe(200);
    // Another call: the same headers but the per-answer ones.
    const general = await fetch(`${server.url}/api/admin/holidays`);
    expect(general.status).toBe(401);
    expect(headerSet(lean)).toEqual(headerSet(general));
    expect(lean.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
    expect(lean.headers.get('x-powered-by')).toBeNull();
    const schedule = await fetch(`${server.url}/api/technician/appointments/NL`);
    expect(schedule.status).toBe(401);
    expect(headerSet(schedule)).toEqual(headerSet(general));
  });

  it('logs the same line as any other call, with the request id and nothing personal', async () => {
    lines.length = 0;
    const lean = await lookUp({ 'x-request-id': 'lean-request-1' });
    const { dataToken } = (await lean.json()) as { dataToken: string };
    await fetch(`${server.url}/api/admin/holidays`, { headers: { 'x-request-id': 'general-request-1' } });
    await expect.poll(() => lines.length).toBeGreaterThanOrEqual(2);
    const leanLine = lines.find((line) => (line.req as { id?: string } | undefined)?.id === 'lean-request-1');
    const generalLine = lines.find((line) => (line.req as { id?: string } | undefined)?.id === 'general-request-1');
    expect(leanLine).toMatchObject({
      level: 30,
      msg: 'request completed',
      req: { id: 'lean-request-1', method: 'POST', url: '/api/auth/client' },
      res: { statusCode: 200 },
    });
    expect(Object.keys(leanLine!)).toEqual(Object.keys(generalLine!));
    expect(Object.keys(leanLine!.req as object)).toEqual(Object.keys(generalLine!.req as object));
    // The address and the token must appear nowhere; the postcode's letters stand for it (its digits and the house
    // number can turn up inside any timestamp).
    const text = JSON.stringify(lines);
    expect(text).not.toMatch(/zx/i);
    expect(text).not.toContain(dataToken);
    for (const line of lines) expect(line.req ?? {}).not.toHaveProperty('body');
  });

  it('answers a GraphQL POST and a GET with the same headers and log line', async () => {
    lines.length = 0;
    const query = JSON.stringify({ query: '{ serverInfo { now } }' });
    const post = await fetch(`${server.url}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-request-id': 'lean-graphql-1' },
      body: query,
    });
    expect(post.status).toBe(200);
    expect(((await post.json()) as { data: { serverInfo: { now: string } } }).data.serverInfo.now).toBeTruthy();
    const get = await fetch(`${server.url}/graphql?query=${encodeURIComponent('{ serverInfo { now } }')}`, {
      headers: { 'apollo-require-preflight': 'true', 'x-request-id': 'general-graphql-1' },
    });
    expect(get.status).toBe(200);
    expect(headerSet(post)).toEqual(headerSet(get));
    await expect.poll(() => lines.length).toBeGreaterThanOrEqual(2);
    const leanLine = lines.find((line) => (line.req as { id?: string } | undefined)?.id === 'lean-graphql-1');
    const generalLine = lines.find((line) => (line.req as { id?: string } | undefined)?.id === 'general-graphql-1');
    expect(leanLine).toMatchObject({ req: { method: 'POST', url: '/graphql' }, res: { statusCode: 200 } });
    expect(Object.keys(leanLine!)).toEqual(Object.keys(generalLine!));
    const metrics = await (
      await fetch(`${server.url}/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } })
    ).text();
    expect(metrics).toMatch(/tijdvak_http_requests_total\{route="graphql:[^"]*",method="POST",status="200"\} [1-9]/);
  });

  it('counts the calls under their route patterns', async () => {
    const technician = tokensFor(server).technician(await createTechnician(server.em()));
    const schedule = await fetch(`${server.url}/api/technician/appointments/NL`, {
      headers: { authorization: `Bearer ${technician}` },
    });
    expect(schedule.status).toBe(200);
    await lookUp();
    const metrics = await (
      await fetch(`${server.url}/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } })
    ).text();
    expect(metrics).toMatch(
      /tijdvak_http_requests_total\{route="\/api\/auth\/client",method="POST",status="200"\} [1-9]/,
    );
    expect(metrics).toMatch(
      /tijdvak_http_requests_total\{route="\/api\/technician\/appointments\{\/:country\}",method="GET",status="200"\} 1\b/,
    );
  });

  it('reads a JSON body as a form body, and refuses a malformed one with a code', async () => {
    const json = await lookUp(
      { 'content-type': 'application/json' },
      JSON.stringify({ country: 'NL', zipcode: '4321 ZX', houseNumber: '77' }),
    );
    expect(json.status).toBe(200);
    const broken = await lookUp({ 'content-type': 'application/json' }, '{"country');
    expect(broken.status).toBe(400);
    expect(await broken.json()).toEqual({ message: 'BAD_USER_INPUT' });
    expect(headerSet(broken)).toEqual(headerSet(await fetch(`${server.url}/api/admin/holidays`)));
  });

  it('refuses a lookup that carries the XSRF cookie without its header', async () => {
    const page = await fetch(`${server.url}/`, { headers: { accept: 'text/html' } });
    const cookie = /XSRF-TOKEN=[^;]+/.exec(page.headers.get('set-cookie') ?? '')?.[0];
    expect(cookie).toBeDefined();
    const refused = await lookUp({ cookie: cookie! });
    expect(refused.status).toBe(403);
    expect(await refused.json()).toEqual({ message: 'FORBIDDEN' });
  });
});

/**
 * The legacy schedule checks the technician's session (token version, an acting admin's) in its one statement,
 * where authentication and the schedule were two: the same tokens must be refused as authentication refuses them.
 */
describe('the legacy schedule, its session checked in its one statement', () => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer({ recordQueries: true, env: { CLOCK_NOW: '2026-11-23T10:00:00+01:00' } });
  });
  afterAll(() => server.stop());

  const schedule = (token: string) => server.rest('GET', '/api/technician/appointments/NL', { token });

  it('answers a valid session in one statement, for a Belgian technician with its own day', async () => {
    const em = server.em();
    const dutch = await createTechnician(em);
    const belgian = await createTechnician(em, { country: Country.BE });
    await createOrder(em, { technician: belgian, appointment: new Date('2026-11-24T09:00:00+01:00') });
    // The first call loads the countries' holidays into memory; from then on, one statement per call.
    await schedule(tokensFor(server).technician(belgian));
    server.queries.length = 0;
    const answer = await schedule(tokensFor(server).technician(belgian));
    expect(server.queries).toHaveLength(1);
    expect(answer).toMatchObject({ status: 200, body: { date: '2026-11-24', locked: false } });
    expect((answer.body as { orders: unknown[] }).orders).toHaveLength(1);
    expect(await schedule(tokensFor(server).technician(dutch))).toMatchObject({
      status: 200,
      body: { date: '2026-11-24', orders: [] },
    });
  });

  it('refuses a token of an older version, of a deleted technician, or of an inactive acting admin', async () => {
    const em = server.em();
    const technician = await createTechnician(em);
    const stale = tokensFor(server).technician(technician);
    technician.tokenVersion += 1;
    await em.flush();
    expect(await schedule(stale)).toMatchObject({ status: 401, body: { message: 'UNAUTHENTICATED' } });
    expect((await schedule(tokensFor(server).technician(technician))).status).toBe(200);

    const admin = await createAdmin(em);
    const acting = server.services.tokens.signTechnician(technician, admin);
    expect((await schedule(acting)).status).toBe(200);
    admin.inactive = true;
    await em.flush();
    expect(await schedule(acting)).toMatchObject({ status: 401, body: { message: 'UNAUTHENTICATED' } });

    const gone = await createTechnician(em);
    const goneToken = tokensFor(server).technician(gone);
    em.remove(gone);
    await em.flush();
    expect(await schedule(goneToken)).toMatchObject({ status: 401, body: { message: 'UNAUTHENTICATED' } });
  });
});
