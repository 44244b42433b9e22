import { afterAll, beforeAll, describe, it } from 'vitest';
import { estimateOfOrder } from '../../server/visit-estimates/index.js';
import { instantOf, localDateOf } from '../../shared/zoned-time.js';
import { TIME_ZONE } from '../../shared/locale.js';
import { replayHits, type RecordedVisit } from '../utils/estimate-replay.js';
import { startTestServer, type TestServer } from '../utils/test-server.js';
import { median, recordFigures } from './utils/results.js';
import { expectTargetsMet } from './utils/targets.js';

/** A Wednesday morning: the demo's ten working days behind it are its history. */
const NOW = new Date('2026-11-18T10:00:00+01:00');
const TARGET_HIT_RATE = 0.8;
const TARGET_MS = 20;

interface HistoryRow {
  id: number;
  technician_id: number;
  country: 'NL' | 'BE';
  appointment: Date;
  duration: number;
  on_the_way_at: Date;
  expected_arrival: Date;
  arrived_at: Date;
  finished_at: Date;
}

/**
 * The narrow time on the demo history: every finished day of every demo technician is replayed on the rule, with what
 * the technician's days before it taught (the one statement the consumer's page reads), from 7.00 and after every tap;
 * how often the real arrival fell inside the narrow time shown then. Beside it, what that statement costs.
 */
describe('narrow time on the demo history', () => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer({ env: { DEMO_DATA: '1', CLOCK_NOW: NOW.toISOString() } });
  }, 600_000);
  afterAll(() => server?.stop());

  it('hits the real arrival at least 80 % of the time, in one cheap statement per technician-day', async () => {
    const rows = await server.em().execute<HistoryRow[]>(
      `select o.id, o.technician_id, o.country, o.appointment, o.duration, s.on_the_way_at, s.expected_arrival,
              s.arrived_at, s.finished_at
         from orders o join visit_statuses s on s.order_id = o.id
        where s.stage = 'FINISHED' and s.arrived_at is not null and o.appointment < ?
        order by o.technician_id, o.appointment, o.id`,
      [NOW],
    );
    const days = new Map<string, HistoryRow[]>();
    for (const row of rows) {
      const key = `${row.technician_id}|${localDateOf(new Date(row.appointment), TIME_ZONE[row.country])}`;
      days.set(key, [...(days.get(key) ?? []), row]);
    }
    let hits = 0;
    let shown = 0;
    let replayed = 0;
    const timings: number[] = [];
    for (const [key, day] of days) {
      // Only whole days: today's visits still to come are no record yet.
      const date = key.split('|')[1];
      if (date === localDateOf(NOW, TIME_ZONE[day[0].country])) continue;
      const started = performance.now();
      const estimate = await estimateOfOrder(server.em(), day[0].id, NOW);
      timings.push(performance.now() - started);
      const recorded: RecordedVisit[] = day.map((row) => ({
        orderId: row.id,
        windowStart: new Date(row.appointment),
        windowSeconds: row.duration,
        onTheWayAt: new Date(row.on_the_way_at),
        expectedArrival: new Date(row.expected_arrival),
        arrivedAt: new Date(row.arrived_at),
        finishedAt: new Date(row.finished_at),
      }));
      const count = replayHits(recorded, estimate!.learned, instantOf(date, 7, 0, TIME_ZONE[day[0].country]));
      hits += count.hits;
      shown += count.shown;
      replayed += 1;
    }
    const rate = hits / shown;
    const ms = median(timings);
    const figures = recordFigures('narrow time', [
      {
        metric: 'real arrivals inside the narrow time shown (demo history, replayed)',
        unit: '%',
        ours: rate * 100,
        target: `≥ ${TARGET_HIT_RATE * 100} %`,
        met: rate >= TARGET_HIT_RATE,
        note: `${hits} of ${shown} narrow times over ${replayed} technician-days`,
      },
      {
        metric: "one technician-day's estimate (its statement), median",
        unit: 'ms',
        ours: ms,
        target: `≤ ${TARGET_MS} ms`,
        met: ms <= TARGET_MS,
      },
    ]);
    expectTargetsMet(figures);
  });
});
