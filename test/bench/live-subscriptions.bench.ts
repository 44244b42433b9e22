import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHANGE_CHANNEL, noticePayloads } from '../../server/common/events/change-notices.js';
import { VISIT_STATUS_TOPIC } from '../../server/visits/visit-status.service.js';
import { startAppProcess, type AppProcess } from '../e2e/utils/app-process.js';
import { openLiveStream, type LiveStream } from '../utils/live-stream.js';
import { inspectorPort, objectMemory, type HeldMemory, type Inspector } from './utils/inspector.js';
import { MB, residentBytes } from './utils/memory.js';
import { median, recordFigures } from './utils/results.js';
import { withPg } from './utils/seed.js';
import { expectTargetsMet } from './utils/targets.js';

/** Consumers following their own visit on one instance, each with its own token and stream. */
const SUBSCRIBERS = 2_000;
const ROUNDS = 3;
/** 20 000 open pages in about 200 MB per instance. */
const TARGET = { seconds: 2, kbPerStream: 10 };
const METRICS_TOKEN = 'live-bench-metrics-token-0123456789abcdefXYZ';
const LOOK_UP = `mutation LookUpVisits($input: LookUpVisitsInput!) { lookUpVisits(input: $input) { dataToken } }`;
const FOLLOW = `subscription ConsumerFollows { visitProgressChanged { referenceNumber stage changedAt } }`;
/** A directory to write heap snapshots of the server to, before and with the streams open (to see what they hold). */
const SNAPSHOTS = process.env.LIVE_BENCH_SNAPSHOTS;

/**
 * 2 000 consumers keep their visit page open on one instance (one graphql-sse stream each, as the browser's
 * client opens it); then one change of all their visits is announced, as a bulk change announces it (one notice
 * naming the orders, split into payloads PostgreSQL accepts). Measured: from the announcement until every stream
 * has received its visit's new state, and what the open streams cost the server in memory. The memory target is
 * judged on what the server still holds after a full garbage collection (its heap objects, compiled code aside, and
 * their buffers, read through the inspector): resident growth alone depends on when the collector last ran.
 */
describe(`${SUBSCRIBERS.toLocaleString('en')} live consumer subscriptions on one instance`, () => {
  let app: AppProcess;
  let inspector: Inspector;
  let orderIds: number[];
  const streams: LiveStream[] = [];

  beforeAll(async () => {
    const inspectorAt = await inspectorPort();
    app = await startAppProcess(
      {
        // Room for every stream (one per token, so the per-viewer limit is not the one that matters here).
        LIVE_MAX_STREAMS: String(SUBSCRIBERS + 100),
        // The tokens come from real lookups, all from this one client address.
        RATE_LIMIT_LOOKUP_PER_CLIENT: '1000000/900',
        RATE_LIMIT_LOOKUP_PER_ADDRESS: '1000000/900',
        // The server's own heap figure (Prometheus' nodejs_heap_size_used_bytes), besides its resident memory.
        METRICS_TOKEN,
      },
      { nodeOptions: [inspectorAt.nodeOption] },
    );
    inspector = await inspectorAt.connect();
    orderIds = await withPg(app.database.url, async (client) => {
      const { rows } = await client.query<{ id: number }>(
        `insert into orders (reference_number, name, email, phone, phone_normalized, zipcode, house_number, city, country,
                             appointment, duration, created_at, updated_at)
         select 'LIVE-' || g, 'Klant ' || g, 'klant' || g || '@example.test', '06 12345678', '612345678',
                '1234AB', g, 'Utrecht', 'NL', date_trunc('day', now()) + interval '1 day 9 hours', 10800, now(), now()
           from generate_series(1, ${SUBSCRIBERS}) as g
         returning id`,
      );
      return rows.map((row) => row.id);
    });
  }, 600_000);
  afterAll(async () => {
    for (const stream of streams) stream.close();
    inspector?.close();
    await app?.stop();
  });

  async function dataTokens(): Promise<string[]> {
    const tokens: string[] = new Array<string>(SUBSCRIBERS);
    let next = 0;
    const worker = async () => {
      while (next < SUBSCRIBERS) {
        const index = next++;
        const response = await fetch(`${app.url}/graphql`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({
            query: LOOK_UP,
            variables: { input: { country: 'NL', zipcode: '1234AB', houseNumber: String(index + 1) } },
          }),
        });
        const body = (await response.json()) as { data?: { lookUpVisits: { dataToken: string } } };
        if (!body.data) throw new Error(`lookup ${index + 1}: ${JSON.stringify(body)}`);
        tokens[index] = body.data.lookUpVisits.dataToken;
      }
    };
    await Promise.all(Array.from({ length: 10 }, worker));
    return tokens;
  }

  /** The server's heap in use, as its metrics say. */
  async function heapUsed(): Promise<number> {
    const response = await fetch(`${app.url}/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } });
    const match = /^tijdvak_nodejs_heap_size_used_bytes (\d+(?:\.\d+)?(?:e\+\d+)?)$/m.exec(await response.text());
    if (!match) throw new Error('no heap figure in the metrics');
    return Number(match[1]);
  }

  /** Announces a change of every followed visit; resolves with the seconds until every stream had it. */
  async function announceAndWait(): Promise<number> {
    const seen = streams.map((stream) => stream.events.filter((event) => event.event === 'next').length);
    const started = performance.now();
    await withPg(app.database.url, (client) =>
      client.query('select pg_notify($1, payload) from json_array_elements_text($2::json) as payload', [
        CHANGE_CHANNEL,
        JSON.stringify(noticePayloads({ topic: VISIT_STATUS_TOPIC, ids: orderIds, detail: { stage: 'PLANNED' } })),
      ]),
    );
    await Promise.all(
      streams.map((stream, index) => {
        let count = 0;
        return stream.next((event) => event.event === 'next' && ++count > seen[index], 30_000);
      }),
    );
    return (performance.now() - started) / 1000;
  }

  /** What the server holds after a full collection, and its heap snapshot then when asked for. */
  async function held(name: string): Promise<HeldMemory> {
    if (SNAPSHOTS) await inspector.heapSnapshot(join(SNAPSHOTS, `live-${name}.heapsnapshot`));
    return inspector.heldMemory();
  }

  it('delivers one change to every stream within the target', async () => {
    const tokens = await dataTokens();
    const before = residentBytes(app.pid);
    const heapBefore = await heapUsed();
    const heldBefore = await held('before');
    for (let i = 0; i < SUBSCRIBERS; i += 100) {
      streams.push(
        ...(await Promise.all(tokens.slice(i, i + 100).map((token) => openLiveStream(app.url, FOLLOW, { token })))),
      );
    }
    expect(streams.filter((stream) => stream.status !== 200)).toEqual([]);
    // A first change proves every subscription is registered (a stream answers before its subscription is
    // filed), and warms the path; the measured ones follow.
    await announceAndWait();
    const resident = residentBytes(app.pid) - before;
    const heapHeld = (await heapUsed()) - heapBefore;
    const heldAfter = await held('open');
    const perStream = (bytes: number) => bytes / SUBSCRIBERS / 1024;
    const kbPerStream = perStream(objectMemory(heldAfter) - objectMemory(heldBefore));
    const times: number[] = [];
    for (let round = 0; round < ROUNDS; round++) times.push(await announceAndWait());
    const seconds = median(times);
    expectTargetsMet(
      recordFigures(`Live updates: ${SUBSCRIBERS.toLocaleString('en')} consumer subscriptions on one instance`, [
        {
          metric: 'one change until every stream has it',
          unit: 's',
          ours: seconds,
          target: `≤ ${TARGET.seconds} s`,
          met: seconds <= TARGET.seconds,
          note: `median of ${ROUNDS}; slowest ${Math.max(...times).toFixed(2)} s; one notice naming all ${SUBSCRIBERS} orders`,
        },
        {
          metric: 'server memory per open stream',
          unit: 'KB',
          ours: kbPerStream,
          target: `≤ ${TARGET.kbPerStream} KB`,
          met: kbPerStream <= TARGET.kbPerStream,
          note: `held after a full collection: heap objects ${perStream(heldAfter.heapUsed - heldAfter.code - heldBefore.heapUsed + heldBefore.code).toFixed(1)} KB, compiled code ${perStream(heldAfter.code - heldBefore.code).toFixed(1)} KB (not counted), buffers ${perStream(heldAfter.external - heldBefore.external).toFixed(1)} KB; resident after it grew ${perStream(heldAfter.rss - heldBefore.rss).toFixed(1)} KB`,
        },
        {
          metric: 'resident growth per open stream, uncollected',
          unit: 'KB',
          ours: perStream(resident),
          note: `over opening the streams and one change (${(resident / MB).toFixed(1)} MB); heap in use grew ${perStream(heapHeld).toFixed(1)} KB per stream`,
        },
      ]),
    );
  });
});
