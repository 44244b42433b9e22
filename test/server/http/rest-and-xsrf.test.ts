import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Country } from '../../../server/common/locale.js';
import { Holiday } from '../../../server/holidays/holiday.entity.js';
import { createAdmin, createTechnician, tokensFor } from '../../utils/factories.js';
import { startTestServer, type TestServer } from '../../utils/test-server.js';

describe('REST shim', () => {
  let server: TestServer;
  let adminToken: string;

  beforeAll(async () => {
    server = await startTestServer();
    const em = server.em();
    adminToken = tokensFor(server).admin(await createAdmin(em));
    em.create(Holiday, { country: Country.BE, date: '2026-07-21' });
    em.create(Holiday, { country: Country.NL, date: '2026-04-27' });
    await em.flush();
  });
  afterAll(() => server.stop());

  it('answers a legacy call with the legacy shape', async () => {
    const { status, body } = await server.rest('GET', '/api/admin/holidays', { token: adminToken });
    expect(status).toBe(200);
    expect(body).toEqual([
      { date: '2026-04-27', country: 'NL' },
      { date: '2026-07-21', country: 'BE' },
    ]);
  });

  it('answers errors as { message: CODE } with a fitting status', async () => {
    expect(await server.rest('GET', '/api/admin/holidays')).toMatchObject({
      status: 401,
      body: { message: 'UNAUTHENTICATED' },
    });
    const technician = tokensFor(server).technician(await createTechnician(server.em()));
    expect(await server.rest('GET', '/api/admin/holidays', { token: technician })).toMatchObject({
      status: 403,
      body: { message: 'FORBIDDEN' },
    });
    expect(await server.rest('GET', '/api/nothing/here')).toMatchObject({
      status: 404,
      body: { message: 'NOT_FOUND' },
    });
  });

  it('refuses a malformed body with a code, not a stack trace', async () => {
    const response = await fetch(`${server.url}/api/admin/holidays`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"not json',
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ message: 'BAD_USER_INPUT' });
  });

  it('sends security headers', async () => {
    const response = await fetch(`${server.url}/api/admin/holidays`);
    const csp = response.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("base-uri 'none'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(response.headers.get('x-powered-by')).toBeNull();
  });
});

describe('XSRF protection', () => {
  let server: TestServer;
  let cookie: string;
  let token: string;

  beforeAll(async () => {
    server = await startTestServer();
    const page = await fetch(`${server.url}/`, { headers: { accept: 'text/html' } });
    const setCookie = page.headers.get('set-cookie') ?? '';
    expect(setCookie).toMatch(/XSRF-TOKEN=/);
    expect(setCookie).toMatch(/SameSite=Strict/i);
    expect(setCookie).not.toMatch(/HttpOnly/i);
    token = decodeURIComponent(/XSRF-TOKEN=([^;]+)/.exec(setCookie)![1]);
    cookie = `XSRF-TOKEN=${encodeURIComponent(token)}`;
  });
  afterAll(() => server.stop());

  const post = (headers: Record<string, string>) =>
    fetch(`${server.url}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body: JSON.stringify({ query: '{ serverInfo { brand } }' }),
    });

  it('refuses a state-changing request that carries the cookie without the header', async () => {
    const response = await post({ cookie });
    expect(response.status).toBe(403);
    expect(await response.json()).toEqual({ message: 'FORBIDDEN' });
  });

  it('refuses a header that does not match the cookie', async () => {
    const last = token.at(-1) === 'a' ? 'b' : 'a';
    const tampered = `${token.slice(0, -1)}${last}`;
    expect(tampered).not.toBe(token);
    expect((await post({ cookie, 'x-xsrf-token': tampered })).status).toBe(403);
  });

  it('accepts the cookie with the matching header', async () => {
    const response = await post({ cookie, 'x-xsrf-token': token });
    expect(response.status).toBe(200);
  });

  it('accepts a caller without cookies (a server-side integration)', async () => {
    expect((await post({})).status).toBe(200);
  });

  it('guards the legacy REST calls too', async () => {
    const response = await fetch(`${server.url}/api/admin/holidays`, {
      method: 'POST',
      headers: { cookie, 'content-type': 'application/x-www-form-urlencoded' },
      body: 'country=NL&date=2026-12-25',
    });
    expect(response.status).toBe(403);
  });
});
