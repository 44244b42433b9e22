import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { instantOf, type LocalDate } from '../../../shared/zoned-time.js';
import { createAdmin, createOrder, createTechnician, tokensFor } from '../../utils/factories.js';
import { openLiveStream, type LiveStream, type StreamEvent } from '../../utils/live-stream.js';
import { createTestDatabase, type TestDatabase } from '../../utils/test-database.js';
import { startTestServer, type TestServer } from '../../utils/test-server.js';

const ZONE = 'Europe/Amsterdam';
const TODAY: LocalDate = '2026-11-24'; // a Tuesday
const NOW = instantOf(TODAY, 10, 0, ZONE);

const PROGRESS_FIELDS = 'referenceNumber stage expectedArrival outcome technicianFirstname changedAt';
const CONSUMER_SUBSCRIPTION = `subscription ConsumerFollows { visitProgressChanged { ${PROGRESS_FIELDS} } }`;
const BOARD_SUBSCRIPTION = `subscription Board { boardVisitChanged { orderId ${PROGRESS_FIELDS} } }`;
const SET = `mutation ($input: SetVisitStatusInput!) { setVisitStatus(input: $input) { id } }`;

interface Progress {
  referenceNumber: string;
  stage: string;
  expectedArrival: string | null;
  outcome: string | null;
  technicianFirstname: string | null;
}

const progressOf = (event: StreamEvent, field = 'visitProgressChanged') =>
  event.data?.data?.[field] as Progress | undefined;

describe('live visit progress over server-sent events', () => {
  let database: TestDatabase;
  let first: TestServer;
  let second: TestServer;
  const streams: LiveStream[] = [];

  beforeAll(async () => {
    database = await createTestDatabase();
    const env = {
      JWT_SECRET: 'a-shared-secret-of-the-deployment-0123456789',
      CLOCK_NOW: NOW.toISOString(),
      LIVE_MAX_STREAMS_PER_VIEWER: '2',
    };
    first = await startTestServer({ database, env });
    second = await startTestServer({ database, env });
  });
  afterAll(async () => {
    for (const stream of streams) stream.close();
    await first.stop();
    await second.stop();
    await database.drop();
  });

  const open = async (server: TestServer, query: string, token?: string) => {
    const stream = await openLiveStream(server.url, query, { token });
    streams.push(stream);
    return stream;
  };

  /** A technician called Jan Visser with an order of today at 11:00 and the consumer's token for it. */
  const arrange = async () => {
    const technician = await createTechnician(first.em(), { firstname: 'Jan', lastname: 'Visser' });
    const order = await createOrder(first.em(), { technician, appointment: instantOf(TODAY, 11, 0, ZONE) });
    return {
      technician,
      order,
      technicianToken: tokensFor(first).technician(technician),
      consumerToken: tokensFor(first).consumer([order]),
    };
  };

  const setStatus = async (server: TestServer, token: string, input: Record<string, unknown>) => {
    const { body } = await server.graphql(SET, { input: { requestId: randomUUID(), ...input } }, { token });
    expect(body.errors).toBeUndefined();
  };

  it('bring a status set through one instance to a consumer following on another within 2 seconds', async () => {
    const { order, technicianToken, consumerToken } = await arrange();
    const stream = await open(second, CONSUMER_SUBSCRIPTION, consumerToken);
    expect(stream.status).toBe(200);
    const expectedArrival = new Date(NOW.getTime() + 40 * 60_000).toISOString();
    const sent = Date.now();
    await setStatus(first, technicianToken, { orderId: order.id, stage: 'ON_THE_WAY', expectedArrival });
    const event = await stream.next((candidate) => progressOf(candidate)?.stage === 'ON_THE_WAY', 2_000);
    expect(Date.now() - sent).toBeLessThan(2_000);
    expect(progressOf(event)).toEqual({
      referenceNumber: order.referenceNumber,
      stage: 'ON_THE_WAY',
      expectedArrival,
      outcome: null,
      technicianFirstname: 'Jan',
      changedAt: expect.any(String) as unknown,
    });

    await setStatus(first, technicianToken, { orderId: order.id, stage: 'FINISHED', outcome: 'REPAIRED' });
    const finished = await stream.next((candidate) => progressOf(candidate)?.stage === 'FINISHED', 2_000);
    expect(progressOf(finished)).toMatchObject({ outcome: 'REPAIRED', expectedArrival });
  });

  it("never bring a consumer another order's change", async () => {
    const mine = await arrange();
    const other = await arrange();
    const stream = await open(second, CONSUMER_SUBSCRIPTION, mine.consumerToken);
    await setStatus(first, other.technicianToken, { orderId: other.order.id, stage: 'ARRIVED' });
    await setStatus(first, mine.technicianToken, { orderId: mine.order.id, stage: 'ARRIVED' });
    await stream.next((candidate) => progressOf(candidate)?.referenceNumber === mine.order.referenceNumber);
    const seen = stream.events.map((event) => progressOf(event)?.referenceNumber).filter(Boolean);
    expect(seen).toEqual([mine.order.referenceNumber]);
  });

  it("bring a technician the changes of its own orders only, and the office every order's", async () => {
    const mine = await arrange();
    const other = await arrange();
    const admin = tokensFor(second).admin(await createAdmin(second.em()));
    const technicianStream = await open(second, CONSUMER_SUBSCRIPTION, mine.technicianToken);
    const board = await open(first, BOARD_SUBSCRIPTION, admin);
    await setStatus(second, other.technicianToken, { orderId: other.order.id, stage: 'ARRIVED' });
    await setStatus(second, mine.technicianToken, { orderId: mine.order.id, stage: 'ARRIVED' });
    await technicianStream.next((event) => progressOf(event)?.referenceNumber === mine.order.referenceNumber);
    for (const order of [mine.order, other.order]) {
      const event = await board.next(
        (candidate) => progressOf(candidate, 'boardVisitChanged')?.referenceNumber === order.referenceNumber,
      );
      expect(event.data?.data?.boardVisitChanged).toMatchObject({ orderId: order.id, stage: 'ARRIVED' });
    }
    const seen = technicianStream.events.map((event) => progressOf(event)?.referenceNumber).filter(Boolean);
    expect(seen).toEqual([mine.order.referenceNumber]);
  });

  it("refuse the office's stream to technicians, consumers and anonymous callers", async () => {
    const { technicianToken, consumerToken } = await arrange();
    for (const token of [technicianToken, consumerToken]) {
      const stream = await open(first, BOARD_SUBSCRIPTION, token);
      const event = await stream.next((candidate) => candidate.event === 'next');
      expect(event.data?.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
      expect(event.data?.data ?? null).toBeNull();
      await stream.ended;
    }
    const anonymous = await open(first, BOARD_SUBSCRIPTION);
    expect(anonymous.status).toBe(401);
    expect(anonymous.refusal).toMatchObject({ errors: [{ extensions: { code: 'UNAUTHENTICATED' } }] });
  });

  it('serve subscriptions only, refuse a third stream of one token, and end the streams when the server stops', async () => {
    const { consumerToken } = await arrange();
    const query = await open(first, '{ consumerVisits { referenceNumber } }', consumerToken);
    expect({ status: query.status, refusal: query.refusal }).toEqual({ status: 200, refusal: null });
    const refused = await query.next((event) => event.event === 'next');
    expect(refused.data?.errors?.[0]?.message).toMatch(/Only subscriptions/);

    const plain = await fetch(`${first.url}/graphql/stream`, { method: 'PUT' });
    expect(plain.status).toBe(406);

    const kept = [
      await open(first, CONSUMER_SUBSCRIPTION, consumerToken),
      await open(first, CONSUMER_SUBSCRIPTION, consumerToken),
    ];
    const tooMany = await open(first, CONSUMER_SUBSCRIPTION, consumerToken);
    expect(tooMany.status).toBe(429);
    expect(tooMany.refusal).toMatchObject({ errors: [{ extensions: { code: 'LIVE_STREAMS_PER_VIEWER' } }] });

    // A server of its own, so that stopping it leaves the others running.
    const third = await startTestServer({ database, env: { CLOCK_NOW: NOW.toISOString() } });
    const stream = await openLiveStream(third.url, CONSUMER_SUBSCRIPTION, {
      token: third.services.tokens.signConsumer([1], { state: false, company: 0 }),
    });
    expect(stream.status).toBe(200);
    const started = Date.now();
    await third.stop();
    await stream.ended;
    expect(Date.now() - started).toBeLessThan(5_000);
    expect(stream.events.at(-1)?.event).toBe('complete');
    expect(kept.every((candidate) => candidate.status === 200)).toBe(true);
  });
});
