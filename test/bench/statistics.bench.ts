import pg from 'pg';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { createAdmin, tokensFor } from '../utils/factories.js';
import { startTestServer, type TestServer } from '../utils/test-server.js';
import { median, recordFigures } from './utils/results.js';
import { expectTargetsMet } from './utils/targets.js';
import { withPg } from './utils/seed.js';

const VISITS = 1_000_000;
const ORDERS = 50_000;
/** The screen's one round trip may cost no more than the bare aggregates run one by one over one connection. */
const TARGET = { ratio: 1 };
/** A month's aggregates take a tenth of all time's: more turns for as steady a median. */
const ITERATIONS = { allTime: 10, month: 30 };

const STATISTICS = `query ($from: String, $to: String) {
  statistics(from: $from, to: $to) {
    usagePerHour { hour visits }
    browsers { name visits }
    operatingSystems { name visits }
    averageSiteVisit
    averageMailRead
  }
}`;

/**
 * The statistics screen over a million visits, which it must show quickly. The rows are made
 * by generate_series in the database; run with `npm run bench`.
 */
describe(`statistics over ${VISITS.toLocaleString('en')} visits`, () => {
  let server: TestServer;
  let token: string;

  beforeAll(async () => {
    server = await startTestServer();
    token = tokensFor(server).admin(await createAdmin(server.em()));
    // On a plain connection, without the server's statement timeout: the data is the benchmark's setup, not what it
    // measures. Each order is its own customer (its own address and phone number): the visits' trigger finds the
    // orders of a visit's customer, and one customer with thousands of orders would make that a join of billions.
    await withPg(server.database.url, async (client) => {
      await client.query(
        `insert into orders (reference_number, name, email, phone, phone_normalized, zipcode, house_number, city, country, appointment)
       select 'BENCH-' || g, 'Klant ' || g, 'klant' || g || '@example.test', '06 ' || lpad(g::text, 8, '0'), '6' || lpad(g::text, 8, '0'), '1234AB', g,
              'Utrecht', (case when g % 3 = 0 then 'BE' else 'NL' end)::country, timestamptz '2026-01-01' + g * interval '10 minutes'
         from generate_series(1, ${ORDERS}) as g`,
      );
      await client.query(
        `insert into site_visits (visited_at, order_id, user_agent, browser, os)
       select timestamptz '2025-06-01' + (g * 31.536) * interval '1 second',
              1 + (g::bigint * 7919) % ${ORDERS},
              'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Mobile Safari/537.36',
              (array['Chrome', 'Mobile Safari', 'Edge', 'Firefox', 'Safari', 'Samsung Internet', 'Opera', 'Chrome WebView',
                     'Facebook', 'Instagram', 'Yandex', 'UC Browser'])[1 + (g % 12)],
              (array['Android', 'iOS', 'Windows', 'macOS', 'Linux', 'Chrome OS', 'HarmonyOS', 'Ubuntu', 'Fedora', 'KaiOS',
                     'Tizen'])[1 + ((g / 7) % 11)]
         from generate_series(1, ${VISITS}) as g`,
      );
      // What autovacuum does to an insert-only table soon after a bulk load: statistics and visibility map.
      await client.query('vacuum analyze site_visits');
    });
  }, 600_000);
  afterAll(() => server?.stop());

  const run = async (variables: Record<string, string>) => {
    const { body } = await server.graphql(STATISTICS, variables, { token });
    if (body.errors) throw new Error(JSON.stringify(body.errors));
  };

  /** The same aggregates as bare SQL over one pg connection: the floor PostgreSQL sets. */
  const BASELINE_SQL = (range: string) => [
    `select extract(hour from visited_at at time zone 'Europe/Amsterdam') as hour, count(*) from site_visits ${range} group by 1`,
    `select browser, count(*) from site_visits ${range} group by 1 order by 2 desc limit 10`,
    `select os, count(*) from site_visits ${range} group by 1 order by 2 desc limit 10`,
    `select count(*)::float8 / nullif(count(distinct order_id), 0) from site_visits ${range}`,
  ];

  /**
   * The medians of `ours` and `bare`, run in turns (who goes first alternating) so that a drift in the machine's load
   * touches both alike: each takes a hundred milliseconds or so, where a neighbour's burst is a large share.
   */
  async function timeBoth(ours: () => Promise<unknown>, bare: () => Promise<unknown>, iterations: number, warmup = 2) {
    for (let i = 0; i < warmup; i++) {
      await ours();
      await bare();
    }
    const times = { ours: [] as number[], bare: [] as number[] };
    const timed = async (kind: 'ours' | 'bare', action: () => Promise<unknown>) => {
      const started = performance.now();
      await action();
      times[kind].push(performance.now() - started);
    };
    for (let i = 0; i < iterations; i++) {
      if (i % 2 === 0) {
        await timed('ours', ours);
        await timed('bare', bare);
      } else {
        await timed('bare', bare);
        await timed('ours', ours);
      }
    }
    return { ours: median(times.ours), bare: median(times.bare) };
  }

  it('all time and one month: GraphQL round trip against the bare aggregates', async () => {
    const client = new pg.Client({ connectionString: server.database.url });
    await client.connect();
    const bare = (range: string) => async () => {
      for (const sql of BASELINE_SQL(range)) await client.query(sql);
    };
    const month = "where visited_at >= '2025-12-31T23:00:00Z' and visited_at < '2026-01-31T23:00:00Z'";
    const { ours: oursAll, bare: bareAll } = await timeBoth(() => run({}), bare(''), ITERATIONS.allTime);
    const { ours: oursMonth, bare: bareMonth } = await timeBoth(
      () => run({ from: '2026-01-01', to: '2026-01-31' }),
      bare(month),
      ITERATIONS.month,
    );
    await client.end();
    expectTargetsMet(
      recordFigures(`Statistics over ${VISITS.toLocaleString('en')} visits`, [
        {
          metric: 'all time',
          unit: 'ms',
          ours: oursAll,
          baseline: bareAll,
          ratio: oursAll / bareAll,
          target: `≤ ${TARGET.ratio} × the bare aggregates`,
          met: oursAll / bareAll <= TARGET.ratio,
          note: `median of ${ITERATIONS.allTime}, in turns with the bare aggregates`,
        },
        {
          metric: 'one month',
          unit: 'ms',
          ours: oursMonth,
          baseline: bareMonth,
          ratio: oursMonth / bareMonth,
          target: `≤ ${TARGET.ratio} × the bare aggregates`,
          met: oursMonth / bareMonth <= TARGET.ratio,
          note: `median of ${ITERATIONS.month}, in turns with the bare aggregates`,
        },
      ]),
    );
  });
});
