import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, instantOf } from '../../shared/zoned-time.js';
import { startAppProcess, type AppProcess } from '../e2e/utils/app-process.js';
import { appTokens, withDatabase } from '../e2e/utils/arrange.js';
import { createTechnician } from '../utils/factories.js';
import { startTestServer } from '../utils/test-server.js';
import { startBaselineServer, type BaselineProcess } from './utils/baseline-process.js';
import { runLoad, type LoadOptions } from './utils/load.js';
import { median, recordFigures, throughputFigure } from './utils/results.js';
import { expectTargetsMet } from './utils/targets.js';
import { seedOrders, withPg } from './utils/seed.js';

const ORDERS = 200_000;
const DAY_ORDERS = 30;
const ROUNDS = 3;
const SECONDS = 10;
const TARGET = { statements: 3, throughput: 0.5, byHand: 0.8 };
const ZONE = 'Europe/Amsterdam';

const SCHEDULE = `query TechnicianSchedule {
  technicianSchedule { date locked orders { id appointment duration name zipcode city flag } }
}`;

/** Gives `technicianId` `count` orders on `date`, one every 10 minutes from 07:00. */
async function planDay(url: string, technicianId: number, date: string, count: number, prefix: string) {
  await withPg(url, (client) =>
    client.query(
      `insert into orders (reference_number, name, email, phone, phone_normalized, zipcode, house_number, city, country,
                           appointment, duration, technician_id, created_at, updated_at)
       select '${prefix}-' || g, 'Klant ' || g, 'k' || g || '@example.test', '06 12345678', '612345678', '3511AB', g,
              'Utrecht', 'NL', $1::timestamptz + (g - 1) * interval '10 minutes', 10800, $2, now(), now()
         from generate_series(1, ${count}) as g`,
      [instantOf(date, 7, 0, ZONE), technicianId],
    ),
  );
}

/**
 * Benchmark 2: the technician's schedule. Statements per request, counted with the ORM's query log
 * for 1, 30 and 60 orders; then throughput against a bare endpoint running the single schedule query, and against
 * a by-hand endpoint doing the same work without a framework (test/bench/baselines/schedule-by-hand-server.mjs).
 */
describe('technician schedule', () => {
  let app: AppProcess;
  let baseline: BaselineProcess;
  let byHand: BaselineProcess;

  beforeAll(async () => {
    app = await startAppProcess();
    await seedOrders(app.database.url, { count: ORDERS });
    baseline = await startBaselineServer('test/bench/baselines/schedule-server.mjs', [app.database.url]);
    byHand = await startBaselineServer('test/bench/baselines/schedule-by-hand-server.mjs', [
      app.database.url,
      readFileSync(join(app.dataDir, 'jwt-secret'), 'utf8').trim(),
    ]);
  }, 600_000);
  afterAll(async () => {
    await baseline?.stop();
    await byHand?.stop();
    await app?.stop();
  });

  it(`SQL statements per request, and throughput for ${DAY_ORDERS} orders against one bare query`, async () => {
    // Statements: the in-process server records every SQL statement the ORM sends.
    const server = await startTestServer({ recordQueries: true });
    const statements: Record<number, number> = {};
    try {
      const tokens = server.services.tokens;
      for (const count of [1, DAY_ORDERS, 60]) {
        const technician = await createTechnician(server.em());
        const token = tokens.signTechnician(technician);
        const first = await server.graphql<{ technicianSchedule: { date: string } }>(SCHEDULE, {}, { token });
        await planDay(server.database.url, technician.id, first.body.data!.technicianSchedule.date, count, `Q${count}`);
        server.queries.length = 0;
        const { body } = await server.graphql<{ technicianSchedule: { orders: unknown[] } }>(SCHEDULE, {}, { token });
        expect(body.data!.technicianSchedule.orders).toHaveLength(count);
        statements[count] = server.queries.length;
      }
    } finally {
      await server.stop();
    }

    // Throughput: the built server in its own process against the bare endpoint, on one database.
    const technician = await withDatabase(app, (em) => createTechnician(em));
    const token = appTokens(app).signTechnician(technician);
    const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
    const probe = await fetch(`${app.url}/graphql`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ query: SCHEDULE }),
    });
    const date = ((await probe.json()) as { data: { technicianSchedule: { date: string } } }).data.technicianSchedule
      .date;
    await planDay(app.database.url, technician.id, date, DAY_ORDERS, 'DAY');
    const bareQuery = new URLSearchParams({
      technician: String(technician.id),
      date,
      from: instantOf(date, 0, 0, ZONE).toISOString(),
      to: instantOf(addDays(date, 1), 0, 0, ZONE).toISOString(),
    });
    const loads: Record<'baseline' | 'byHand' | 'graphql' | 'rest', LoadOptions> = {
      baseline: { url: `${baseline.url}/schedule?${bareQuery.toString()}` },
      byHand: { url: `${byHand.url}/schedule`, headers: { authorization: `Bearer ${token}` } },
      graphql: { url: `${app.url}/graphql`, method: 'POST', headers, body: JSON.stringify({ query: SCHEDULE }) },
      rest: { url: `${app.url}/api/technician/appointments/NL`, headers: { authorization: `Bearer ${token}` } },
    };
    const check = (await (await fetch(loads.baseline.url)).json()) as { orders: unknown[] };
    expect(check.orders).toHaveLength(DAY_ORDERS);
    const byHandCheck = (await (await fetch(loads.byHand.url, { headers: loads.byHand.headers })).json()) as {
      date: string;
      orders: unknown[];
    };
    expect(byHandCheck).toMatchObject({ date });
    expect(byHandCheck.orders).toHaveLength(DAY_ORDERS);

    const kinds = ['baseline', 'byHand', 'graphql', 'rest'] as const;
    for (const kind of kinds) await runLoad({ ...loads[kind], durationSeconds: 3 });
    const runs = { baseline: [] as number[], byHand: [] as number[], graphql: [] as number[], rest: [] as number[] };
    for (let round = 0; round < ROUNDS; round++) {
      // Who goes first rotates every round, so a drift in the machine's load touches each alike.
      const order = [...kinds.slice(round % kinds.length), ...kinds.slice(0, round % kinds.length)];
      for (const kind of order)
        runs[kind].push((await runLoad({ ...loads[kind], durationSeconds: SECONDS })).requestsPerSecond);
    }
    const [base, hand, graphql, rest] = [
      median(runs.baseline),
      median(runs.byHand),
      median(runs.graphql),
      median(runs.rest),
    ];
    const conditions = `median of ${ROUNDS} alternating ${SECONDS} s runs, 10 connections, ${ORDERS.toLocaleString('en')} orders in the table`;
    expectTargetsMet(
      recordFigures(`2. Technician schedule (${DAY_ORDERS} orders)`, [
        ...[1, DAY_ORDERS, 60].map((count) => ({
          metric: `SQL statements per request, ${count} order${count === 1 ? '' : 's'} that day`,
          unit: 'statements',
          ours: statements[count],
          baseline: 1,
          target: `≤ ${TARGET.statements}, the same for any number of orders`,
          met: statements[count] <= TARGET.statements && statements[count] === statements[1],
          note: 'authentication (the technician row), the orders with the lock; holidays from the per-process cache (30 s)',
        })),
        throughputFigure('GraphQL technicianSchedule throughput', graphql, base, TARGET.throughput, conditions),
        throughputFigure('REST GET /api/technician/appointments throughput', rest, base, TARGET.throughput, conditions),
        {
          ...throughputFigure('GraphQL technicianSchedule against by-hand', graphql, hand, TARGET.byHand, conditions),
          target: `≥ ${TARGET.byHand} × by-hand (token, session, working day, schedule)`,
        },
        {
          ...throughputFigure(
            'REST GET /api/technician/appointments against by-hand',
            rest,
            hand,
            TARGET.byHand,
            conditions,
          ),
          target: `≥ ${TARGET.byHand} × by-hand (token, session, working day, schedule)`,
        },
      ]),
    );
  });
});
