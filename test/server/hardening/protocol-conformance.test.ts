import { auditServer } from 'graphql-http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../utils/test-server.js';

describe('GraphQL over HTTP conformance', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server.stop());

  it('passes graphql-http auditServer without errors', async () => {
    const results = await auditServer({ url: `${server.url}/graphql` });
    const errors = results.filter((result) => result.status === 'error');
    const summary = errors.map((result) => `${result.id} ${result.name}: ${'reason' in result ? result.reason : ''}`);
    expect(summary).toEqual([]);
    expect(results.filter((result) => result.status === 'ok').length).toBeGreaterThan(10);
  });
});
