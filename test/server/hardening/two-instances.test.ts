import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAdmin, tokensFor } from '../../utils/factories.js';
import { createTestDatabase, type TestDatabase } from '../../utils/test-database.js';
import { startTestServer, type TestServer } from '../../utils/test-server.js';

describe('two server instances on one database', () => {
  let database: TestDatabase;
  let first: TestServer;
  let second: TestServer;

  beforeAll(async () => {
    database = await createTestDatabase();
    const env = { JWT_SECRET: 'a-shared-secret-of-the-deployment-0123456789', RATE_LIMIT_LOOKUP_PER_CLIENT: '3/600' };
    first = await startTestServer({ database, env });
    second = await startTestServer({ database, env });
  });
  afterAll(async () => {
    await first.stop();
    await second.stop();
    await database.drop();
  });

  it("accept each other's tokens", async () => {
    const token = tokensFor(first).admin(await createAdmin(first.em(), { email: 'shared@example.test' }));
    const { body } = await second.graphql<{ currentAdmin: { email: string } }>(
      '{ currentAdmin { email } }',
      {},
      { token },
    );
    expect(body.data?.currentAdmin.email).toBe('shared@example.test');
  });

  it('share rate limits: attempts on one count on the other', async () => {
    await first.services.rateLimiter.consume('LOOKUP_PER_CLIENT', '203.0.113.7');
    await second.services.rateLimiter.consume('LOOKUP_PER_CLIENT', '203.0.113.7');
    await first.services.rateLimiter.consume('LOOKUP_PER_CLIENT', '203.0.113.7');
    await expect(second.services.rateLimiter.consume('LOOKUP_PER_CLIENT', '203.0.113.7')).rejects.toMatchObject({
      extensions: { code: 'RATE_LIMITED' },
    });
    // Another key has its own budget.
    await expect(second.services.rateLimiter.consume('LOOKUP_PER_CLIENT', '203.0.113.8')).resolves.toBeUndefined();
  });

  it('count concurrent attempts exactly', async () => {
    const key = '198.51.100.1';
    const outcomes = await Promise.allSettled(
      Array.from({ length: 10 }, (_, i) =>
        (i % 2 ? first : second).services.rateLimiter.consume('LOOKUP_PER_CLIENT', key),
      ),
    );
    expect(outcomes.filter((outcome) => outcome.status === 'fulfilled')).toHaveLength(3);
  });
});
