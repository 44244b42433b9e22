import { randomUUID } from 'node:crypto';
import { Writable } from 'node:stream';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Role } from '../../../server/common/auth/role.js';
import type { Viewer } from '../../../server/common/auth/viewer.js';
import { instantOf, type LocalDate } from '../../../shared/zoned-time.js';
import { createOrder, createTechnician, tokensFor } from '../../utils/factories.js';
import { openLiveStream, type LiveStream, type StreamEvent } from '../../utils/live-stream.js';
import { startTestServer, type TestServer } from '../../utils/test-server.js';

const ZONE = 'Europe/Amsterdam';
const TODAY: LocalDate = '2026-11-24'; // a Tuesday
const NOW = instantOf(TODAY, 10, 0, ZONE);

const OWN = 'subscription Own { visitProgressChanged { referenceNumber stage } }';
const SET = 'mutation ($input: SetVisitStatusInput!) { setVisitStatus(input: $input) { id } }';

/** Orders no visit has: a consumer's token naming one is the crafted request whose stream fails. */
const SOURCE_BREAKS = 900_001;
const SUBSCRIBING_BREAKS = 900_002;

const codeOf = (event: StreamEvent) => event.data?.errors?.[0]?.extensions?.code;

/** A throw anywhere in a stream's path ends that stream, is logged, and leaves the process serving everyone else. */
describe('live streams that fail', () => {
  let server: TestServer;
  const lines: string[] = [];
  const streams: LiveStream[] = [];

  beforeAll(async () => {
    const sink = new Writable({
      write(chunk: Buffer, _encoding, done) {
        lines.push(...chunk.toString().split('\n').filter(Boolean));
        done();
      },
    });
    server = await startTestServer({ env: { CLOCK_NOW: NOW.toISOString() }, logger: pino({ level: 'error' }, sink) });
    const feed = server.services.liveVisits;
    const follow = feed.follow.bind(feed);
    const names = (viewer: Viewer, orderId: number) =>
      viewer.role === Role.CONSUMER && viewer.orderIds.includes(orderId);
    feed.follow = (viewer, scope) => {
      if (names(viewer, SUBSCRIBING_BREAKS)) throw new Error('subscribing broke');
      if (!names(viewer, SOURCE_BREAKS)) return follow(viewer, scope);
      // Its events fail, and so does letting go of them (graphql-sse lets go from a 'close' listener).
      return {
        next: () => Promise.reject(new Error('the event source broke')),
        return: () => Promise.reject(new Error('the event source could not let go')),
        [Symbol.asyncIterator]() {
          return this;
        },
      };
    };
    const tokens = server.services.tokens;
    const verify = tokens.verify.bind(tokens);
    tokens.verify = (token) => {
      if (token === 'crafted.context.breaks') throw new Error('reading the caller broke');
      return verify(token);
    };
  });
  afterAll(async () => {
    for (const stream of streams) stream.close();
    await server.stop();
  });

  const open = async (query: string, token: string) => {
    const stream = await openLiveStream(server.url, query, { token });
    streams.push(stream);
    return stream;
  };
  const consumerOf = (orderId: number) => server.services.tokens.signConsumer([orderId], { state: false, company: 0 });
  const logged = (text: string) => lines.some((line) => line.includes(text));

  it('end only the failing stream, log why, and keep every other stream and request served', async () => {
    const technician = await createTechnician(server.em());
    const order = await createOrder(server.em(), { technician, appointment: instantOf(TODAY, 11, 0, ZONE) });
    const healthy = await open(OWN, consumerOf(order.id));
    expect(healthy.status).toBe(200);

    const sourceBreaks = await open(OWN, consumerOf(SOURCE_BREAKS));
    expect(sourceBreaks.status).toBe(200);
    const failure = await sourceBreaks.next((event) => event.event === 'next');
    expect(codeOf(failure)).toBe('INTERNAL_SERVER_ERROR');
    expect(JSON.stringify(failure)).not.toContain('broke');
    await sourceBreaks.ended;

    const subscribingBreaks = await open(OWN, consumerOf(SUBSCRIBING_BREAKS));
    expect(codeOf(await subscribingBreaks.next((event) => event.event === 'next'))).toBe('INTERNAL_SERVER_ERROR');
    await subscribingBreaks.ended;

    const contextBreaks = await open(OWN, 'crafted.context.breaks');
    expect(contextBreaks.status).toBe(500);

    for (const reason of ['the event source broke', 'could not let go', 'subscribing broke', 'reading the caller']) {
      expect(logged(reason), reason).toBe(true);
    }

    // The process still answers requests, and the stream opened before still follows its visit.
    const { body } = await server.graphql(
      SET,
      { input: { requestId: randomUUID(), orderId: order.id, stage: 'ARRIVED' } },
      { token: tokensFor(server).technician(technician) },
    );
    expect(body.errors).toBeUndefined();
    const change = await healthy.next((event) => event.event === 'next', 2_000);
    expect(change.data?.data?.visitProgressChanged).toEqual({
      referenceNumber: order.referenceNumber,
      stage: 'ARRIVED',
    });
    expect(server.services.liveVisits.size).toBe(1);
  });
});
