import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Country, TIME_ZONE } from '../../../server/common/locale.js';
import { instantOf, localDateOf } from '../../../shared/zoned-time.js';
import { nextWorkingDay } from '../../../server/holidays/working-days.js';
import { createAdmin, createOrder, createTechnician, tokensFor } from '../../utils/factories.js';
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

  it('let exactly one of many concurrent confirms of one schedule win', async () => {
    const em = first.em();
    const technician = await createTechnician(em, { country: Country.NL });
    const zone = TIME_ZONE[Country.NL];
    const day = await nextWorkingDay(em, Country.NL, localDateOf(first.services.clock.now(), zone));
    const orders = [
      await createOrder(em, { appointment: instantOf(day, 8, 0, zone), technician }),
      await createOrder(em, { appointment: instantOf(day, 12, 0, zone), technician }),
    ];
    const token = tokensFor(first).technician(technician);
    const input = {
      date: day,
      appointments: orders.map((order, i) => ({
        orderId: order.id,
        appointment: instantOf(day, 9 + i * 4, 0, zone).toISOString(),
        duration: 10800,
      })),
    };
    const confirm =
      'mutation ($input: ConfirmScheduleInput!) { confirmSchedule(input: $input) { schedule { locked } } }';
    const results = await Promise.all(
      Array.from({ length: 8 }, (_, i) => (i % 2 ? first : second).graphql(confirm, { input }, { token })),
    );
    const codes = results.map((result) => result.body.errors?.[0]?.extensions?.code ?? 'OK');
    expect(codes.filter((code) => code === 'OK')).toHaveLength(1);
    expect(codes.filter((code) => code !== 'OK').every((code) => code === 'SCHEDULE_LOCKED')).toBe(true);
    const [row] = await em
      .getConnection()
      .execute<{ count: string }[]>('select count(*) from schedule_confirmations where technician_id = ?', [
        technician.id,
      ]);
    expect(Number(row.count)).toBe(1);
  });

  it('let exactly one of two concurrent migrations of one order win', async () => {
    const em = first.em();
    const token = tokensFor(first).admin(await createAdmin(em));
    const [source, toB, toC] = [await createTechnician(em), await createTechnician(em), await createTechnician(em)];
    const appointment = new Date(first.services.clock.now().getTime() + 5 * 86_400_000);
    const order = await createOrder(em, { appointment, technician: source });
    const migrate = 'mutation ($input: MigrateOrdersInput!) { migrateOrders(input: $input) { orders { id } } }';
    const results = await Promise.all(
      [toB, toC].map((target, i) =>
        (i ? second : first).graphql(
          migrate,
          { input: { orderIds: [order.id], fromTechnician: String(source.id), toTechnician: String(target.id) } },
          { token },
        ),
      ),
    );
    const winners = results.filter((result) => !result.body.errors);
    expect(winners).toHaveLength(1);
    expect(results.find((result) => result.body.errors)?.body.errors?.[0].extensions?.code).toBe('ORDER_NOT_OF_SOURCE');
    const [row] = await em
      .getConnection()
      .execute<{ technician_id: number }[]>('select technician_id from orders where id = ?', [order.id]);
    expect([toB.id, toC.id]).toContain(row.technician_id);
  });
});
