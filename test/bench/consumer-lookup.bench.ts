import { loadavg } from 'node:os';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { startAppProcess, type AppProcess } from '../e2e/utils/app-process.js';
import { startBaselineServer, type BaselineProcess } from './utils/baseline-process.js';
import { runLoad, type LoadOptions, type LoadResult } from './utils/load.js';
import { median, recordFigures, throughputFigure } from './utils/results.js';
import { expectTargetsMet } from './utils/targets.js';
import { seedOrders, withPg } from './utils/seed.js';

const ORDERS = 200_000;
/** Distinct addresses the load walks through, each with a visit today or later. */
const ADDRESSES = 2_000;
/**
 * Rounds per server, the median taken: this shared machine's speed drifts by a tenth and more from one minute to the
 * next (the bare server alone measured 8 950-10 200 req/s in runs an hour apart), and a median of three let one slow
 * minute decide a target that sits near its line.
 */
const ROUNDS = 5;
const SECONDS = 10;
const HELD_WARM_UP_SECONDS = 3;
/**
 * Held runs per server, in rotating order, the run with the median p99 taken: for moments of a few tenths of a second
 * this shared machine does half its usual work (docs/performance.md), and one such moment in a single 10 s run
 * decided its p99 (the same code measured 13 and 31 ms an hour apart).
 */
const HELD_ROUNDS = 3;
const CONNECTIONS = 10;
const TARGET = { throughput: 0.5, byHand: 0.8, restWithin: 0.1, p99: 25, atShareOfPeak: 0.7 };

const LOOK_UP = `mutation LookUpVisits($input: LookUpVisitsInput!) { lookUpVisits(input: $input) { dataToken sign } }`;
/** A browser's agent: each found lookup is also recorded (in the background) for the statistics. */
const USER_AGENT =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Mobile';

/**
 * Benchmark 1: the consumer lookup over 200 000 orders, through REST, GraphQL, a bare node:http + pg server
 * running only the select, and a by-hand node:http + pg server doing the same work (limits, select, visit).
 * The throughput targets fail the run when missed. The rate limits are raised for this server (RATE_LIMIT_*
 * env): the load comes from one address and revisits each looked-up address many times, which the
 * limits would rightly refuse. Budgets that large are counted in leases (one write per thousand attempts per
 * key); with the production limits each lookup writes its two counters in its one statement (docs/decisions.md,
 * Performance: the lookup's writes). The by-hand baseline writes both counters on every request. Consumer messages
 * are switched off for both countries (their message settings): the seeded orders would otherwise set off the
 * window messages in the server during the runs, work that is not the lookup's. Beside the throughput, each server's
 * CPU time per request (/proc, user + system) is printed: steadier than throughput on a shared machine.
 */
describe(`consumer lookup with ${ORDERS.toLocaleString('en')} orders`, () => {
  let app: AppProcess;
  let baseline: BaselineProcess;
  let byHand: BaselineProcess;
  let addresses: { zipcode: string; houseNumber: string }[];

  beforeAll(async () => {
    app = await startAppProcess({
      RATE_LIMIT_LOOKUP_PER_CLIENT: '1000000000/900',
      RATE_LIMIT_LOOKUP_PER_ADDRESS: '1000000000/900',
    });
    // Before the orders exist: no window message may be planned for them while the lookups are measured.
    await withPg(app.database.url, (client) =>
      client.query(`update message_settings set enabled = false where country in ('NL', 'BE')`),
    );
    await seedOrders(app.database.url, { count: ORDERS });
    addresses = await withPg(app.database.url, async (client) => {
      const { rows } = await client.query<{ zipcode: string; house_number: number }>(
        `select zipcode, house_number from orders where country = 'NL' and appointment > now() + interval '1 day'
         order by md5(reference_number) limit ${ADDRESSES}`,
      );
      return rows.map((row) => ({
        // As people type it: a space in the postcode, lower case; both servers normalise it.
        zipcode: `${row.zipcode.slice(0, 4)} ${row.zipcode.slice(4).toLowerCase()}`,
        houseNumber: String(row.house_number),
      }));
    });
    baseline = await startBaselineServer('test/bench/baselines/lookup-server.mjs', [app.database.url]);
    byHand = await startBaselineServer('test/bench/baselines/lookup-by-hand-server.mjs', [app.database.url]);
  }, 600_000);
  afterAll(async () => {
    await baseline?.stop();
    await byHand?.stop();
    await app?.stop();
  });

  const loads = (): Record<'baseline' | 'byHand' | 'graphql' | 'rest', LoadOptions> => ({
    baseline: {
      url: `${baseline.url}/lookup`,
      method: 'POST',
      serverPid: baseline.pid,
      headers: { 'content-type': 'application/json' },
      bodies: addresses.map((address) => JSON.stringify({ country: 'NL', ...address })),
    },
    byHand: {
      url: `${byHand.url}/lookup`,
      method: 'POST',
      serverPid: byHand.pid,
      headers: { 'content-type': 'application/json', 'user-agent': USER_AGENT },
      bodies: addresses.map((address) => JSON.stringify({ country: 'NL', ...address })),
    },
    graphql: {
      url: `${app.url}/graphql`,
      method: 'POST',
      serverPid: app.pid,
      headers: { 'content-type': 'application/json', 'user-agent': USER_AGENT },
      bodies: addresses.map((address) =>
        JSON.stringify({ query: LOOK_UP, variables: { input: { country: 'NL', ...address } } }),
      ),
    },
    rest: {
      url: `${app.url}/api/auth/client`,
      method: 'POST',
      serverPid: app.pid,
      headers: { 'content-type': 'application/x-www-form-urlencoded', 'user-agent': USER_AGENT },
      bodies: addresses.map((address) => new URLSearchParams({ country: 'NL', ...address }).toString()),
    },
  });

  it('REST, GraphQL and the bare baseline, alternating; p99 at 70 % of the peak rate', async () => {
    const options = loads();
    const kinds = ['baseline', 'byHand', 'graphql', 'rest'] as const;
    // Warm-up: JIT, connection pools, PostgreSQL's buffer cache.
    for (const kind of kinds) await runLoad({ ...options[kind], durationSeconds: 3, connections: CONNECTIONS });
    const loadBefore = loadavg()[0];
    const runs: Record<(typeof kinds)[number], LoadResult[]> = { baseline: [], byHand: [], graphql: [], rest: [] };
    for (let round = 0; round < ROUNDS; round++) {
      // Who goes first rotates every round, so a drift in the machine's load touches each alike.
      const order = [...kinds.slice(round % kinds.length), ...kinds.slice(0, round % kinds.length)];
      for (const kind of order) {
        runs[kind].push(await runLoad({ ...options[kind], durationSeconds: SECONDS, connections: CONNECTIONS }));
      }
    }
    const peak = (kind: (typeof kinds)[number]) => median(runs[kind].map((run) => run.requestsPerSecond));
    const p = (kind: (typeof kinds)[number], key: 'p50' | 'p99') => median(runs[kind].map((run) => run[key]));
    const cpu = (kind: (typeof kinds)[number]) => median(runs[kind].map((run) => run.cpuMsPerRequest ?? Number.NaN));
    const load = `${loadBefore.toFixed(1)} → ${loadavg()[0].toFixed(1)}`;
    const [base, graphql, rest, hand] = [peak('baseline'), peak('graphql'), peak('rest'), peak('byHand')];
    const held = Math.floor(Math.min(graphql, rest) * TARGET.atShareOfPeak);
    // The rounds wrote a visit per request (and the by-hand server its counters too): PostgreSQL vacuums the written
    // tables and flushes what the rounds wrote before the latencies are measured, or the first held run would pay for
    // the others' writes (an autovacuum or a checkpoint in its middle measured 2-3 × the second's p99 and more).
    await withPg(app.database.url, async (client) => {
      await client.query('vacuum (analyze) site_visits, rate_limit_buckets, orders');
      await client.query('checkpoint');
    });
    /**
     * Latencies at the held rate, after a few seconds at that rate on the same connections, in the same generator
     * process (connections opened, the generator's code optimised, the pace settled).
     */
    const atHeldRate = (kind: 'graphql' | 'rest' | 'baseline') =>
      runLoad({
        ...options[kind],
        warmUpSeconds: HELD_WARM_UP_SECONDS,
        durationSeconds: SECONDS,
        connections: CONNECTIONS,
        rate: held,
      });
    const heldKinds = ['graphql', 'rest', 'baseline'] as const;
    const heldRuns: Record<(typeof heldKinds)[number], LoadResult[]> = { graphql: [], rest: [], baseline: [] };
    for (let round = 0; round < HELD_ROUNDS; round++) {
      const order = [...heldKinds.slice(round % heldKinds.length), ...heldKinds.slice(0, round % heldKinds.length)];
      for (const kind of order) heldRuns[kind].push(await atHeldRate(kind));
    }
    /** The held run with the median p99 of its kind, and every run's p99 for the note. */
    const heldOf = (kind: (typeof heldKinds)[number]) => {
      const runs = [...heldRuns[kind]].sort((a, b) => a.p99 - b.p99);
      return { ...runs[Math.floor(runs.length / 2)], all: heldRuns[kind].map((run) => run.p99.toFixed(1)).join(', ') };
    };
    const [heldGraphql, heldRest, heldBaseline] = heldKinds.map(heldOf);
    const conditions = `median of ${ROUNDS} alternating ${SECONDS} s runs, ${CONNECTIONS} connections, ${ADDRESSES} addresses, load average ${load}, consumer messages off`;
    const mustMeet = [
      throughputFigure('GraphQL lookUpVisits throughput', graphql, base, TARGET.throughput, conditions),
      throughputFigure('REST POST /api/auth/client throughput', rest, base, TARGET.throughput, conditions),
      {
        ...throughputFigure('GraphQL lookUpVisits against by-hand', graphql, hand, TARGET.byHand, conditions),
        target: `≥ ${TARGET.byHand} × by-hand (limits + select + visit)`,
      },
      {
        ...throughputFigure('REST POST /api/auth/client against by-hand', rest, hand, TARGET.byHand, conditions),
        target: `≥ ${TARGET.byHand} × by-hand (limits + select + visit)`,
      },
    ];
    const figures = recordFigures(`1. Consumer lookup (${ORDERS.toLocaleString('en')} orders)`, [
      ...mustMeet,
      {
        metric: 'REST throughput against direct GraphQL',
        unit: 'req/s',
        ours: rest,
        baseline: graphql,
        ratio: rest / graphql,
        // What the shim may cost on top of the operation it runs; a REST call that is faster is not a miss.
        target: `at most ${TARGET.restWithin * 100} % slower than GraphQL`,
        met: rest / graphql >= 1 - TARGET.restWithin,
      },
      ...(['rest', 'graphql'] as const).flatMap((kind) =>
        (['baseline', 'byHand'] as const).map((other) => ({
          metric: `${kind === 'rest' ? 'REST' : 'GraphQL'} server CPU per request against ${other === 'baseline' ? 'bare' : 'by-hand'}`,
          unit: 'ms',
          ours: cpu(kind),
          baseline: cpu(other),
          ratio: cpu(kind) / cpu(other),
          note: `user + system time of each server process over its runs (/proc), load average ${load}`,
        })),
      ),
      { metric: 'GraphQL latency p50 at peak', unit: 'ms', ours: p('graphql', 'p50'), baseline: p('baseline', 'p50') },
      { metric: 'GraphQL latency p99 at peak', unit: 'ms', ours: p('graphql', 'p99'), baseline: p('baseline', 'p99') },
      { metric: 'REST latency p50 at peak', unit: 'ms', ours: p('rest', 'p50'), baseline: p('baseline', 'p50') },
      { metric: 'REST latency p99 at peak', unit: 'ms', ours: p('rest', 'p99'), baseline: p('baseline', 'p99') },
      {
        metric: `GraphQL latency p99 at ${held} req/s (70 % of our peak)`,
        unit: 'ms',
        ours: heldGraphql.p99,
        baseline: heldBaseline.p99,
        ratio: heldGraphql.p99 / heldBaseline.p99,
        target: `≤ ${TARGET.p99} ms`,
        met: heldGraphql.p99 <= TARGET.p99,
        note: `median of ${HELD_ROUNDS} held runs (p99 ${heldGraphql.all} ms), p50 ${heldGraphql.p50.toFixed(1)} ms; ${Math.round(heldGraphql.requestsPerSecond)} req/s held, evenly paced, open loop`,
      },
      {
        metric: `REST latency p99 at ${held} req/s (70 % of our peak)`,
        unit: 'ms',
        ours: heldRest.p99,
        baseline: heldBaseline.p99,
        ratio: heldRest.p99 / heldBaseline.p99,
        target: `≤ ${TARGET.p99} ms`,
        met: heldRest.p99 <= TARGET.p99,
        note: `median of ${HELD_ROUNDS} held runs (p99 ${heldRest.all} ms), p50 ${heldRest.p50.toFixed(1)} ms; ${Math.round(heldRest.requestsPerSecond)} req/s held, evenly paced, open loop`,
      },
    ]);
    // A miss of any target fails `npm run bench`: the figures above say by how much.
    expectTargetsMet(figures);
  });
});
