import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAdmin, tokensFor } from '../../utils/factories.js';
import { startTestServer, type TestServer } from '../../utils/test-server.js';

describe('NUL characters in input', () => {
  let server: TestServer;
  let token: string;
  beforeAll(async () => {
    server = await startTestServer();
    token = tokensFor(server).admin(await createAdmin(server.em()));
  });
  afterAll(() => server.stop());

  it("are refused in variables with BAD_USER_INPUT and HTTP 400, in the caller's language", async () => {
    const { status, body } = await server.graphql(
      'query ($search: String) { technicians(search: $search) { id } }',
      { search: 'a\u0000b' },
      { token, headers: { 'accept-language': 'fr' } },
    );
    expect(status).toBe(400);
    expect(body.errors?.[0].extensions?.code).toBe('BAD_USER_INPUT');
    expect(body.errors?.[0].message).toMatch(/NUL/);
    expect(body.errors?.[0].message).toMatch(/caractère/);
    expect(body.errors?.[0].extensions).not.toHaveProperty('http');
  });

  it('are refused in string literals of the document', async () => {
    const { status, body } = await server.graphql('{ technicians(search: "a\\u0000b") { id } }', {}, { token });
    expect(status).toBe(400);
    expect(body.errors?.[0].extensions?.code).toBe('BAD_USER_INPUT');
  });

  it('are refused in legacy form fields, and nothing is written', async () => {
    const before = await server.em().getConnection().execute<{ count: string }[]>('select count(*) from holidays');
    const { status, body } = await server.rest('POST', '/api/admin/holidays', {
      token,
      form: { country: 'NL', date: '2026-12-2\u00005' },
    });
    expect(status).toBe(400);
    expect(body).toEqual({ message: 'BAD_USER_INPUT' });
    const after = await server.em().getConnection().execute<{ count: string }[]>('select count(*) from holidays');
    expect(after[0].count).toBe(before[0].count);
  });
});
