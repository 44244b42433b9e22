import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Admin } from '../../../server/admins/admin.entity.js';
import { plainTransactionOn } from '../../../server/common/db/plain-statements.js';
import {
  CLAIM_BATCH,
  claimDueDeliveries,
  claimStatement,
  recordAttempts,
  type ClaimedDelivery,
} from '../../../server/webhooks/repository/webhook-delivery.repository.js';
import { sendDueWebhooks } from '../../../server/webhooks/webhook-sender.js';
import { removeOldWebhookDeliveries, runWebhooks } from '../../../server/webhooks/webhook-work.js';
import { instantOf } from '../../../shared/zoned-time.js';
import { createAdmin, createTechnician, tokensFor } from '../../utils/factories.js';
import { explained, planFigures, type ExplainedRow } from '../../utils/query-plan.js';
import { startTestServer, type TestServer } from '../../utils/test-server.js';
import { CREATE_CLIENT, CREATE_ENDPOINT, CREATE_ORDER, orderInput } from './webhook-operations.js';

/** Tuesday 24 November 2026, 10:00 in Amsterdam. */
const NOW = instantOf('2026-11-24', 10, 0, 'Europe/Amsterdam');
const DAY = 86_400_000;
/** The log is kept this many days here (not the default), so the setting is what decides. */
const KEPT_DAYS = 10;
/** Deliveries of each fan-out in the claim's test: enough that reading them all per claimed row shows. */
const FAN_OUT = 10_000;

describe('webhook upkeep: the log kept a set number of days, a backlog sent without waiting', () => {
  let server: TestServer;
  let receiver: Server;
  let received = 0;
  let admin: Admin;

  beforeAll(async () => {
    receiver = createServer((request, response) => {
      request.resume();
      request.on('end', () => {
        received += 1;
        response.statusCode = 204;
        response.end();
      });
    });
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
    server = await startTestServer({
      env: {
        CLOCK_NOW: NOW.toISOString(),
        WEBHOOK_ALLOW_HTTP: 'true',
        WEBHOOK_ALLOW_LOOPBACK: 'true',
        WEBHOOK_LOG_RETENTION_DAYS: String(KEPT_DAYS),
      },
    });
    admin = await createAdmin(server.em());
    await createTechnician(server.em(), { personalNumber: 'N100' });
  });
  afterAll(async () => {
    await server.stop();
    await new Promise<void>((resolve) => receiver.close(() => resolve()));
  });

  const gql = async <T>(query: string, variables: Record<string, unknown>) => {
    const { body } = await server.graphql<T>(query, variables, { token: tokensFor(server).admin(admin) });
    expect(body.errors).toBeUndefined();
    return body.data!;
  };
  const count = async (sql: string, params: unknown[] = []) => {
    const [row] = await server.em().execute<{ n: number }[]>(`select count(*)::int as n ${sql}`, params);
    return row.n;
  };

  it('removes finished deliveries older than the setting, in batches, and keeps pending and recent ones', async () => {
    const client = await gql<{ createApiClient: { apiClient: { id: number } } }>(CREATE_CLIENT, {
      input: { name: 'Logboek', scopes: ['orders:read'], countries: ['NL'] },
    });
    const { port } = receiver.address() as AddressInfo;
    const { createWebhookEndpoint } = await gql<{ createWebhookEndpoint: { endpoint: { id: number } } }>(
      CREATE_ENDPOINT,
      {
        input: {
          apiClientId: client.createApiClient.apiClient.id,
          url: `http://127.0.0.1:${port}/hooks`,
          events: ['order.created'],
        },
      },
    );
    const endpointId = createWebhookEndpoint.endpoint.id;
    // A real change, fanned out and delivered now: the outbox row is gone once its delivery is written.
    await gql(CREATE_ORDER, {
      input: orderInput('KEEP-1'),
    });
    await vi.waitFor(
      async () => {
        await runWebhooks(server.services);
        expect(received).toBe(1);
        expect(await count(`from webhook_deliveries where status = 'DELIVERED'`)).toBe(1);
      },
      { timeout: 20_000, interval: 50 },
    );
    expect(await count('from webhook_outbox')).toBe(0);

    // Older rows as the log holds them: 2 500 delivered long ago (more than one batch), one that failed without a
    // try (its endpoint was turned off) recorded long ago, one delivered just inside the days kept, and one still
    // pending since long ago (a redelivery that keeps failing).
    const insert = (status: string, createdDaysAgo: number, attemptDaysAgo: number | null, rows = 1) =>
      server.em().execute(
        `insert into webhook_deliveries (endpoint_id, message_id, type, payload, status, next_attempt_at, retry_until,
           created_at, last_attempt_at)
         select ?, 'msg_old_' || ? || '_' || g, 'order.created', '{}', ?, ?::timestamptz, ?::timestamptz,
           ?::timestamptz, ?::timestamptz
         from generate_series(1, ?) as g`,
        [
          endpointId,
          status,
          status,
          NOW.toISOString(),
          NOW.toISOString(),
          new Date(NOW.getTime() - createdDaysAgo * DAY).toISOString(),
          attemptDaysAgo === null ? null : new Date(NOW.getTime() - attemptDaysAgo * DAY).toISOString(),
          rows,
        ],
      );
    await insert('DELIVERED', 40, 40, 2_500);
    await insert('FAILED', KEPT_DAYS + 1, null);
    // Recorded long ago, but redelivered lately: its last attempt counts.
    await insert('FAILED', 60, KEPT_DAYS - 1);
    await insert('PENDING', 60, 50);

    expect(await removeOldWebhookDeliveries(server.services, NOW)).toBe(2_501);
    const left = await server
      .em()
      .execute<{ status: string; n: number }[]>(
        `select status, count(*)::int as n from webhook_deliveries group by status order by status`,
      );
    expect(left).toEqual([
      { status: 'DELIVERED', n: 1 },
      { status: 'FAILED', n: 1 },
      { status: 'PENDING', n: 1 },
    ]);
    // Nothing more to remove: a second run removes nothing.
    expect(await removeOldWebhookDeliveries(server.services, NOW)).toBe(0);

    // The days pass (the application's clock): the real delivery and the redelivered one go, the pending one stays.
    server.services.clock.travelTo(new Date(NOW.getTime() + (KEPT_DAYS + 1) * DAY));
    expect(await removeOldWebhookDeliveries(server.services, server.services.clock.now())).toBe(2);
    expect(await count('from webhook_deliveries')).toBe(1);
    expect(await count(`from webhook_deliveries where status = 'PENDING'`)).toBe(1);
  });

  it('says when a run stopped at its most rounds with more due, so the next goes at once', async () => {
    // Due only in a week: the server's own runs, on its clock, leave them to this test's runs.
    const now = new Date(server.services.clock.now().getTime() + 7 * DAY);
    const [endpoint] = await server.em().execute<{ id: number }[]>(`select id from webhook_endpoints limit 1`);
    await server.em().execute(`delete from webhook_deliveries`);
    await server.em().execute(
      `insert into webhook_deliveries (endpoint_id, message_id, type, order_id, payload, status, next_attempt_at,
         retry_until, created_at)
       select ?, 'msg_backlog_' || g, 'order.created', g, '{"type":"order.created"}', 'PENDING', ?::timestamptz,
         ?::timestamptz, ?::timestamptz
       from generate_series(1, ?) as g`,
      [
        endpoint.id,
        now.toISOString(),
        new Date(now.getTime() + DAY).toISOString(),
        now.toISOString(),
        2 * CLAIM_BATCH + 20,
      ],
    );
    const before = received;
    const config = server.services.config.webhooks;
    const pool = await server.em().getConnection().getNativeClient();
    const first = await sendDueWebhooks(pool, config, () => now, 2);
    expect({ sent: first.sent, more: first.more }).toEqual({ sent: 2 * CLAIM_BATCH, more: true });
    const second = await sendDueWebhooks(pool, config, () => now, 2);
    expect({ sent: second.sent, more: second.more }).toEqual({ sent: 20, more: false });
    expect(received - before).toBe(2 * CLAIM_BATCH + 20);
    // Every outcome of a round written at once: all delivered, the endpoint not failing.
    expect(await count(`from webhook_deliveries where status = 'DELIVERED' and attempts = 1`)).toBe(
      2 * CLAIM_BATCH + 20,
    );
    expect(await count(`from webhook_endpoints where failing_since is not null`)).toBe(0);
  });

  it("records a round's outcomes only while its claims are still its own", async () => {
    const [endpoint] = await server.em().execute<{ id: number }[]>(`select id from webhook_endpoints limit 1`);
    await server.em().execute(`delete from webhook_deliveries`);
    // Due only in a week: the server's own runs, on its clock, leave them to this test.
    const due = new Date(server.services.clock.now().getTime() + 7 * DAY);
    await server.em().execute(
      `insert into webhook_deliveries (endpoint_id, message_id, type, order_id, payload, status, next_attempt_at,
         retry_until, created_at)
       select ?, 'msg_claimed_' || g, 'order.created', g, '{}', 'PENDING', ?::timestamptz, ?::timestamptz, ?::timestamptz
       from generate_series(1, 2) as g`,
      [endpoint.id, due, new Date(due.getTime() + DAY), due],
    );
    const pool = await server.em().getConnection().getNativeClient();
    const slow = await claimDueDeliveries(pool, due);
    expect(slow).toHaveLength(2);
    // The slow round's claims lapse, and the next run claims the same deliveries.
    const later = new Date(due.getTime() + 10 * 60_000);
    const next = await claimDueDeliveries(pool, later);
    expect(next.map((delivery) => delivery.id)).toEqual(slow.map((delivery) => delivery.id));
    const answered = (statusCode: number) => (delivery: ClaimedDelivery) => ({
      delivery,
      outcome: { statusCode, error: null, durationMs: 5 },
    });
    // The slow round ends first: its failures are not written over the next run's claims, nor is the endpoint
    // marked failing by them.
    expect(await recordAttempts(pool, slow.map(answered(500)), later)).toBe(0);
    expect(await count(`from webhook_deliveries where attempts = 0 and claimed_until is not null`)).toBe(2);
    expect(await count(`from webhook_endpoints where failing_since is not null`)).toBe(0);
    expect(await recordAttempts(pool, next.map(answered(204)), later)).toBe(2);
    const delivered = `from webhook_deliveries where status = 'DELIVERED' and attempts = 1 and claimed_until is null`;
    expect(await count(delivered)).toBe(2);
    // Or it ends after the next run answered: what it says changes nothing either.
    expect(await recordAttempts(pool, slow.map(answered(500)), new Date(later.getTime() + 60_000))).toBe(0);
    expect(await count(delivered)).toBe(2);
    expect(await count(`from webhook_endpoints where failing_since is not null`)).toBe(0);
    await server.em().execute(`delete from webhook_deliveries`);
  });

  it('claims a second fan-out as cheaply as the first, though the statistics were taken while none was pending', async () => {
    const now = server.services.clock.now();
    const [endpoint] = await server.em().execute<{ id: number }[]>(`select id from webhook_endpoints limit 1`);
    const deliveries = (status: string, from: number) =>
      server.em().execute(
        `insert into webhook_deliveries (endpoint_id, message_id, type, order_id, payload, status, next_attempt_at,
           retry_until, created_at)
         select ?, 'msg_second_' || g, 'order.created', g, '{"type":"order.created"}', ?, ?::timestamptz,
           ?::timestamptz, ?::timestamptz
         from generate_series(?::int, ?::int) as g`,
        [endpoint.id, status, now, new Date(now.getTime() + DAY), now, from, from + FAN_OUT - 1],
      );
    await server.em().execute(`delete from webhook_deliveries`);
    // The first fan-out delivered and the table analysed: the statistics say nothing is pending.
    await deliveries('DELIVERED', 1);
    await server.em().execute(`vacuum analyze webhook_deliveries`);
    // The second, not analysed yet.
    await deliveries('PENDING', FAN_OUT + 1);
    const pool = await server.em().getConnection().getNativeClient();
    const { sql, params } = claimStatement(now);
    const [row] = await plainTransactionOn(pool, async (query) => {
      await query(`select set_config('enable_sort', 'off', true)`, []);
      return query<ExplainedRow>(explained(sql), params);
    });
    const plan = planFigures(row);
    expect(plan.rows).toBe(CLAIM_BATCH);
    // Each claimed row's question (an earlier one of its order waiting?) reads a few index pages, not every pending
    // delivery: a few thousand pages for the batch, where the join read millions.
    expect(plan.pages).toBeLessThan(20 * CLAIM_BATCH);
    await server.em().execute(`delete from webhook_deliveries`);
  });

  it('runs hourly with the other retention work', async () => {
    const schedules = await server
      .em()
      .execute<{ cron: string }[]>(`select cron from pgboss.schedule where name = 'webhook-deliveries.retention'`);
    expect(schedules).toEqual([{ cron: '35 * * * *' }]);
  });
});
