import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Admin } from '../../../server/admins/admin.entity.js';
import { Clock } from '../../../server/common/clock.js';
import { connectionSettings, WebhookSenderThread } from '../../../server/webhooks/webhook-thread.js';
import { instantOf } from '../../../shared/zoned-time.js';
import { createAdmin, createTechnician, tokensFor } from '../../utils/factories.js';
import { createTestDatabase, type TestDatabase } from '../../utils/test-database.js';
import { startTestServer, type TestServer } from '../../utils/test-server.js';
import { SCHED_IDLE, SCHED_NORMAL, threadsOfThisProcess } from '../../utils/threads.js';
import { CREATE_CLIENT, CREATE_ENDPOINT, CREATE_ORDER, orderInput } from './webhook-operations.js';

/** This process's threads that run only on idle cores. */
const idleThreads = () => threadsOfThisProcess().filter((thread) => thread.policy === SCHED_IDLE).length;

/** Tuesday 24 November 2026, 10:00 in Amsterdam. */
const NOW = instantOf('2026-11-24', 10, 0, 'Europe/Amsterdam');
const DAY = 86_400_000;
/**
 * The deliveries this test sends directly fall due this far ahead of the server's clock, and its own thread's clock
 * stands there: the server's own sender (its minute's run) never takes them.
 */
const AHEAD_MS = 30 * DAY;

describe('the webhook sender’s thread: sends beside the API, starts again after a crash, stops with the server', () => {
  let server: TestServer;
  /** The test's own, so that it outlives the server's stop (the last test looks at it then). */
  let database: TestDatabase;
  let receiver: Server;
  const received: string[] = [];
  /** Answers held back (a slow receiver) while set; each request waiting calls `onHeld`. */
  let holding = false;
  const held: (() => void)[] = [];
  let onHeld: (() => void) | null = null;
  let onReceived: ((type: string) => void) | null = null;
  let admin: Admin;
  let endpointId: number;

  beforeAll(async () => {
    receiver = createServer((request, response) => {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => {
        const answer = () => {
          const { type } = JSON.parse(Buffer.concat(chunks).toString()) as { type: string };
          received.push(type);
          response.statusCode = 204;
          response.end();
          onReceived?.(type);
        };
        if (!holding) return answer();
        held.push(answer);
        onHeld?.();
      });
    });
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
    database = await createTestDatabase();
    server = await startTestServer({
      database,
      env: { CLOCK_NOW: NOW.toISOString(), WEBHOOK_ALLOW_HTTP: 'true', WEBHOOK_ALLOW_LOOPBACK: 'true' },
    });
    admin = await createAdmin(server.em());
    await createTechnician(server.em(), { personalNumber: 'N100' });
    const { body: client } = await server.graphql<{ createApiClient: { apiClient: { id: number } } }>(
      CREATE_CLIENT,
      { input: { name: 'Koppeling', scopes: ['orders:read'], countries: ['NL'] } },
      { token: tokensFor(server).admin(admin) },
    );
    const url = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hooks`;
    const { body: endpoint } = await server.graphql<{ createWebhookEndpoint: { endpoint: { id: number } } }>(
      CREATE_ENDPOINT,
      { input: { apiClientId: client.data!.createApiClient.apiClient.id, url, events: ['order.created'] } },
      { token: tokensFor(server).admin(admin) },
    );
    endpointId = Number(endpoint.data!.createWebhookEndpoint.endpoint.id);
  });
  afterAll(async () => {
    await server?.stop();
    await database?.drop();
    await new Promise<void>((resolve) => receiver.close(() => resolve()));
  });

  /** `count` deliveries due at the thread's clock (`AHEAD_MS` ahead, `laterMs` more), none at the server's. */
  async function pendingDeliveries(prefix: string, count: number, laterMs = 0) {
    const due = new Date(NOW.getTime() + AHEAD_MS + laterMs);
    await server.em().execute(
      `insert into webhook_deliveries (endpoint_id, message_id, type, order_id, payload, status, next_attempt_at,
         retry_until, created_at)
       select ?, ? || g, 'order.created', 900000 + g, '{"type":"order.created"}', 'PENDING', ?::timestamptz,
         ?::timestamptz, ?::timestamptz
       from generate_series(1, ?) as g`,
      [endpointId, `msg_${prefix}_`, due.toISOString(), new Date(due.getTime() + DAY).toISOString(), due, count],
    );
  }

  const pending = async () =>
    Number(
      (
        await server
          .em()
          .execute<{ n: string }[]>(
            `select count(*) as n from webhook_deliveries where status = 'PENDING' and message_id like 'msg_t%'`,
          )
      )[0].n,
    );

  /** A thread of this test's own, on a clock of its own `AHEAD_MS` ahead of the server's. */
  async function ownThread(exits: number[], threadAtIdle = true) {
    const pool = await server.em().getConnection().getNativeClient();
    const clock = new Clock(new Date(server.services.clock.now().getTime() + AHEAD_MS), true);
    const thread = new WebhookSenderThread(
      {
        connection: connectionSettings(pool.options),
        config: { ...server.services.config.webhooks, threadAtIdle },
        poolSize: 2,
        clock: clock.shared,
      },
      (code) => exits.push(code),
    );
    return { thread, clock, send: () => thread.send() };
  }

  /** The server's connections named as the sender's thread names its own. */
  async function senderConnections(): Promise<number> {
    const client = new pg.Client({ connectionString: database.url });
    await client.connect();
    try {
      const { rows } = await client.query<{ n: number }>(
        `select count(*)::int as n from pg_stat_activity
         where datname = current_database() and application_name = 'tijdvak-webhooks'`,
      );
      return rows[0].n;
    } finally {
      await client.end();
    }
  }

  it('sends a change’s event from its thread, with no run asked for in the test', async () => {
    const arrived = new Promise<string>((resolve) => (onReceived = resolve));
    const { body } = await server.graphql(
      CREATE_ORDER,
      {
        input: orderInput('THREAD-1'),
      },
      { token: tokensFor(server).admin(admin) },
    );
    expect(body.errors).toBeUndefined();
    expect(await arrived).toBe('order.created');
    onReceived = null;
    // Sent by the server's sender thread: its own connections, named in pg_stat_activity.
    expect(await senderConnections()).toBeGreaterThan(0);
  });

  it('runs only on cores the API leaves idle (SCHED_IDLE), the API’s own thread as it was', async () => {
    const before = idleThreads();
    const exits: number[] = [];
    const { thread, send } = await ownThread(exits);
    await send();
    expect(idleThreads()).toBe(before + 1);
    expect(threadsOfThisProcess().find((main) => main.id === String(process.pid))?.policy).toBe(SCHED_NORMAL);
    await thread.stop();
    expect(idleThreads()).toBe(before);
  });

  it('stays at the normal priority where the configuration says so (WEBHOOK_THREAD_IDLE=false)', async () => {
    const before = idleThreads();
    const exits: number[] = [];
    const { thread, send } = await ownThread(exits, false);
    await send();
    expect(thread.thread).not.toBeNull();
    expect(idleThreads()).toBe(before);
    await thread.stop();
    expect(exits).toEqual([0]);
  });

  it('starts a new thread at the next run after one crashed, and a run under way in a crash fails', async () => {
    const exits: number[] = [];
    const { thread, clock, send } = await ownThread(exits);
    await pendingDeliveries('t1_', 30);
    const first = await send();
    expect({ sent: first.sent, delivered: first.delivered }).toEqual({ sent: 30, delivered: 30 });
    const crashed = thread.thread!;
    await crashed.terminate();
    expect(exits).toEqual([1]);
    expect(thread.thread).toBeNull();

    await pendingDeliveries('t2_', 12);
    const second = await send();
    expect({ sent: second.sent, delivered: second.delivered }).toEqual({ sent: 12, delivered: 12 });
    expect(thread.thread).not.toBe(crashed);

    // A crash in the middle of a round: the run fails; its claimed deliveries go once their claim lapses.
    await pendingDeliveries('t3_', 5);
    holding = true;
    const waiting = new Promise<void>((resolve) => (onHeld = resolve));
    const during = send();
    await waiting;
    await thread.thread!.terminate();
    await expect(during).rejects.toThrow(/exit code 1/);
    holding = false;
    onHeld = null;
    for (const answer of held.splice(0)) answer();
    expect(await pending()).toBe(5);
    clock.travelTo(new Date(clock.now().getTime() + 3 * 60_000));
    const third = await send();
    expect(third.sent).toBe(5);
    expect(await pending()).toBe(0);
    await thread.stop();
    expect(exits).toEqual([1, 1, 0]);
  });

  it('reads the application’s clock as it moves, in a run asked for before the move too', async () => {
    const exits: number[] = [];
    const { thread, clock, send } = await ownThread(exits);
    await pendingDeliveries('t5_', 2);
    await pendingDeliveries('t6_', 3, 3 * 60_000);
    holding = true;
    const waiting = new Promise<void>((resolve) => (onHeld = resolve));
    const run = send();
    await waiting;
    // The run's first round is under way; its next claim reads the moved clock and finds the later three due.
    clock.travelTo(new Date(clock.now().getTime() + 3 * 60_000));
    holding = false;
    onHeld = null;
    for (const answer of held.splice(0)) answer();
    expect(await run).toMatchObject({ sent: 5, delivered: 5 });
    expect(await pending()).toBe(0);
    await thread.stop();
    expect(exits).toEqual([0]);
  });

  it('ends the round under way at a stop, records it, then ends the thread and its connections', async () => {
    const exits: number[] = [];
    const { thread, send } = await ownThread(exits);
    await pendingDeliveries('t4_', 250);
    holding = true;
    const waiting = new Promise<void>((resolve) => (onHeld = resolve));
    const run = send();
    await waiting;
    const stopped = thread.stop();
    holding = false;
    onHeld = null;
    for (const answer of held.splice(0)) answer();
    // The first round's 200 sent and recorded, the second not begun: the rest waits for the next start.
    expect(await run).toMatchObject({ sent: 200, delivered: 200, more: true });
    await stopped;
    expect(exits).toEqual([0]);
    expect(thread.thread).toBeNull();
    expect(await pending()).toBe(50);
    await expect(send()).rejects.toThrow(/stopped/);
  });

  it('leaves no connection of the sender’s thread open once the server stopped', async () => {
    expect(await senderConnections()).toBeGreaterThan(0);
    await server.stop();
    expect(await senderConnections()).toBe(0);
  });
});
