import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiScope, SCOPE_NAMES } from '../../../server/common/auth/scope.js';
import { WEBHOOK_EVENT_TYPES } from '../../../shared/webhook-events.js';
import { createAdmin, tokensFor } from '../../utils/factories.js';
import { startTestServer, type TestServer } from '../../utils/test-server.js';

describe("the integrators' documentation", () => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server.stop());

  const get = async (path: string) => {
    const response = await fetch(`${server.url}${path}`);
    return { status: response.status, type: response.headers.get('content-type'), text: await response.text() };
  };

  it('is linked from /api-docs', async () => {
    const docs = await get('/api-docs');
    expect(docs.status).toBe(200);
    expect(docs.text).toContain('<a href="/api-docs/integrators">');
  });

  it('names every scope, every webhook event and the limits the server applies', async () => {
    const page = await get('/api-docs/integrators');
    expect(page.status).toBe(200);
    expect(page.type).toMatch(/^text\/html/);
    for (const scope of Object.values(ApiScope)) expect(page.text).toContain(`<code>${SCOPE_NAMES[scope]}</code>`);
    for (const event of WEBHOOK_EVENT_TYPES) expect(page.text).toContain(`<code>${event}</code>`);
    // The budgets a new application gets, as the headers state them.
    expect(page.text).toContain('RateLimit-Policy: &#34;requests&#34;;q=600;w=60, &#34;cost&#34;;q=20000;w=60');
    for (const header of ['webhook-id', 'webhook-timestamp', 'webhook-signature', 'Idempotency-Key', 'Retry-After']) {
      expect(page.text).toContain(header);
    }
    expect(page.text).toContain('new Webhook(');
  });

  it('states the headers every answer to a key carries, as a key gets them', async () => {
    const { body } = await server.graphql<{ createApiClient: { key: string } }>(
      'mutation ($input: CreateApiClientInput!) { createApiClient(input: $input) { key } }',
      { input: { name: 'Docs', scopes: ['orders:read'], countries: ['NL'] } },
      { token: tokensFor(server).admin(await createAdmin(server.em())) },
    );
    const answer = await server.graphql(
      '{ orders(first: 1) { totalCount } }',
      {},
      { token: body.data!.createApiClient.key },
    );
    const page = await get('/api-docs/integrators');
    const policy = answer.headers.get('ratelimit-policy')!.replace(/"/g, '&#34;');
    expect(page.text).toContain(`RateLimit-Policy: ${policy}`);
  });
});
