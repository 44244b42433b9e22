import { request } from 'node:http';
import type { EntityManager } from '@mikro-orm/postgresql';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Order } from '../../../server/orders/order.entity.js';
import { MailOpen } from '../../../server/statistics/mail-open.entity.js';
import { SiteVisit } from '../../../server/statistics/site-visit.entity.js';
import { createAdmin, createOrder, createTechnician, tokensFor } from '../../utils/factories.js';
import { startTestServer } from '../../utils/test-server.js';

const STATISTICS = `query ($from: String, $to: String) {
  statistics(from: $from, to: $to) {
    usagePerHour { hour visits }
    browsers { name visits }
    operatingSystems { name visits }
    averageSiteVisit
    averageMailRead
    totalVisits
    timeZone
  }
}`;

interface Statistics {
  usagePerHour: { hour: number; visits: number }[];
  browsers: { name: string; visits: number }[];
  operatingSystems: { name: string; visits: number }[];
  averageSiteVisit: number | null;
  averageMailRead: number | null;
  totalVisits: number;
  timeZone: string;
}

function addVisit(em: EntityManager, order: Order, visitedAt: string, browser = 'Chrome', os = 'Android') {
  em.create(SiteVisit, { visitedAt: new Date(visitedAt), order, userAgent: `${browser} on ${os}`, browser, os });
}

/** Hours with at least one visit, as { hour: visits }. */
const busyHours = (statistics: Statistics) =>
  Object.fromEntries(statistics.usagePerHour.filter((row) => row.visits > 0).map((row) => [row.hour, row.visits]));

async function startWithAdmin(options: { recordQueries?: boolean } = {}) {
  const server = await startTestServer(options);
  const token = tokensFor(server).admin(await createAdmin(server.em()));
  const statistics = async (period: { from?: string; to?: string } = {}) => {
    const { body } = await server.graphql<{ statistics: Statistics }>(STATISTICS, period, { token });
    expect(body.errors).toBeUndefined();
    return body.data!.statistics;
  };
  return { server, token, statistics };
}

describe('statistics of an empty database', () => {
  let context: Awaited<ReturnType<typeof startWithAdmin>>;
  beforeAll(async () => {
    context = await startWithAdmin();
  });
  afterAll(() => context.server.stop());

  it('has all 24 hours at 0, no browsers or systems, and null averages', async () => {
    const statistics = await context.statistics();
    expect(statistics.usagePerHour).toEqual(Array.from({ length: 24 }, (_, hour) => ({ hour, visits: 0 })));
    expect(statistics).toMatchObject({
      browsers: [],
      operatingSystems: [],
      averageSiteVisit: null,
      averageMailRead: null,
      totalVisits: 0,
      timeZone: 'Europe/Amsterdam',
    });
  });

  it('answers the legacy GET /api/admin/statistics in the legacy shape', async () => {
    const { status, body } = await context.server.rest<Record<string, unknown>>('GET', '/api/admin/statistics', {
      token: context.token,
    });
    expect(status).toBe(200);
    expect(body).toEqual({
      usagePerHour: Array.from({ length: 24 }, (_, hour) => ({ name: hour, value: 0 })),
      browser: [],
      os: [],
      averageMailRead: [{ average: null }],
      averageSiteVisit: [{ average: null }],
    });
  });

  it('is for admins only', async () => {
    const technician = tokensFor(context.server).technician(await createTechnician(context.server.em()));
    const { body } = await context.server.graphql(STATISTICS, {}, { token: technician });
    expect(body.errors?.[0].extensions?.code).toBe('FORBIDDEN');
    expect((await context.server.rest('GET', '/api/admin/statistics')).status).toBe(401);
  });
});

describe('visits per hour', () => {
  let context: Awaited<ReturnType<typeof startWithAdmin>>;
  beforeAll(async () => {
    context = await startWithAdmin({ recordQueries: true });
    const em = context.server.em();
    const order = await createOrder(em, { appointment: new Date('2026-01-16T09:00:00Z') });
    for (const instant of [
      '2026-01-15T06:30:00Z', // 07:30 CET
      '2026-07-15T06:30:00Z', // 08:30 CEST
      '2026-03-28T23:10:00Z', // 00:10 CET on the night clocks go forward
      '2026-03-29T01:30:00Z', // 03:30 CEST, just after they did
      '2026-10-25T00:30:00Z', // 02:30 CEST ...
      '2026-10-25T01:30:00Z', // ... and 02:30 CET again, an hour later
      '2026-01-14T23:30:00Z', // 00:30 on 15 January
      '2026-01-15T22:59:00Z', // 23:59 on 15 January
      '2026-01-15T23:30:00Z', // 00:30 on 16 January
    ]) {
      addVisit(em, order, instant);
    }
    await em.flush();
  });
  afterAll(() => context.server.stop());

  it('counts each visit in its local hour in Europe/Amsterdam, across both clock changes', async () => {
    const statistics = await context.statistics();
    expect(busyHours(statistics)).toEqual({ 0: 3, 2: 2, 3: 1, 7: 1, 8: 1, 23: 1 });
    expect(statistics.usagePerHour.map((row) => row.hour)).toEqual(Array.from({ length: 24 }, (_, hour) => hour));
    expect(statistics.totalVisits).toBe(9);
  });

  it('limits to whole local days, both bounds inclusive', async () => {
    const oneDay = await context.statistics({ from: '2026-01-15', to: '2026-01-15' });
    expect(busyHours(oneDay)).toEqual({ 0: 1, 7: 1, 23: 1 });
    expect(oneDay.totalVisits).toBe(3);
    expect((await context.statistics({ from: '2026-03-01' })).totalVisits).toBe(5);
    expect((await context.statistics({ from: '2026-03-29', to: '2026-03-29' })).totalVisits).toBe(2);
    expect((await context.statistics({ to: '2026-01-15' })).totalVisits).toBe(3);
    expect((await context.statistics({ from: '', to: '' })).totalVisits).toBe(9);
  });

  it('uses the Brussels zone on the Belgian site', async () => {
    const body = await new Promise<string>((resolve, reject) => {
      const url = new URL(context.server.url);
      const payload = JSON.stringify({ query: STATISTICS });
      const call = request(
        {
          host: url.hostname,
          port: url.port,
          path: '/graphql',
          method: 'POST',
          headers: {
            host: 'rendezvous.be.example.com',
            'content-type': 'application/json',
            authorization: `Bearer ${context.token}`,
          },
        },
        (response) => {
          let text = '';
          response.on('data', (chunk: Buffer) => (text += chunk.toString()));
          response.on('end', () => resolve(text));
        },
      );
      call.on('error', reject);
      call.end(payload);
    });
    const statistics = (JSON.parse(body) as { data: { statistics: Statistics } }).data.statistics;
    expect(statistics.timeZone).toBe('Europe/Brussels');
    expect(busyHours(statistics)).toEqual({ 0: 3, 2: 2, 3: 1, 7: 1, 8: 1, 23: 1 });
  });

  it('refuses a period that ends before it starts, or a date that is not one', async () => {
    const reversed = await context.server.graphql(
      STATISTICS,
      { from: '2026-02-01', to: '2026-01-31' },
      {
        token: context.token,
      },
    );
    expect(reversed.body.errors?.[0]).toMatchObject({
      message: 'De einddatum ligt vóór de begindatum.',
      extensions: { code: 'BAD_USER_INPUT', fields: [{ field: 'to' }] },
    });
    const wrong = await context.server.graphql(
      STATISTICS,
      { from: '2026-13-01' },
      {
        token: context.token,
        headers: { 'accept-language': 'fr' },
      },
    );
    expect(wrong.body.errors?.[0].message).toBe('Saisissez une date valable (aaaa-mm-jj).');
    const legacy = await context.server.rest('GET', '/api/admin/statistics?from=yesterday', { token: context.token });
    expect(legacy).toMatchObject({ status: 400, body: { message: 'BAD_USER_INPUT' } });
  });

  it('aggregates in one SQL statement instead of loading the visits', async () => {
    context.server.queries.length = 0;
    await context.statistics();
    const onVisits = context.server.queries.filter((sql) => sql.includes('site_visits'));
    expect(onVisits).toHaveLength(1);
    expect(onVisits[0]).toMatch(/count\(\*\)/);
    expect(onVisits[0]).not.toMatch(/user_agent/);
  });
});

describe('browsers, operating systems and averages', () => {
  let context: Awaited<ReturnType<typeof startWithAdmin>>;
  let orders: Order[];

  beforeAll(async () => {
    context = await startWithAdmin();
    const em = context.server.em();
    orders = [];
    for (let i = 0; i < 4; i++) orders.push(await createOrder(em, { appointment: new Date('2026-05-04T08:00:00Z') }));
    // Twelve browsers: browser B<n> has n visits; B01 and B02 fall outside the top 10.
    // Eleven systems: S12-S18 with 8 visits, S11 and S19 with 6, S05 and S5b with 5.
    let visit = 0;
    for (let n = 1; n <= 12; n++) {
      for (let k = 0; k < n; k++) {
        const os = visit < 5 ? 'S5b' : visit < 10 ? 'S05' : `S${String(Math.min(20, 10 + Math.floor(visit / 8)))}`;
        addVisit(em, orders[visit % 3], '2026-05-01T10:00:00Z', `B${String(n).padStart(2, '0')}`, os);
        visit++;
      }
    }
    await em.flush();
  });
  afterAll(() => context.server.stop());

  it('lists the 10 most used browsers and systems, most visits first, ties by name', async () => {
    const statistics = await context.statistics();
    expect(statistics.browsers.map((row) => `${row.name}:${row.visits}`)).toEqual([
      'B12:12',
      'B11:11',
      'B10:10',
      'B09:9',
      'B08:8',
      'B07:7',
      'B06:6',
      'B05:5',
      'B04:4',
      'B03:3',
    ]);
    // S05 and S5b both have 5 visits and compete for the tenth place: the name decides.
    expect(statistics.operatingSystems.map((row) => `${row.name}:${row.visits}`)).toEqual([
      'S12:8',
      'S13:8',
      'S14:8',
      'S15:8',
      'S16:8',
      'S17:8',
      'S18:8',
      'S11:6',
      'S19:6',
      'S05:5',
    ]);
    const total = await context.server.em().count(SiteVisit);
    expect(total).toBe(78);
    expect(statistics.totalVisits).toBe(78);
  });

  it('averages visits per order looked up and mail opens per order whose mail was opened', async () => {
    // 78 visits over 3 orders (the fourth was never looked up).
    expect((await context.statistics()).averageSiteVisit).toBe(26);
    expect((await context.statistics()).averageMailRead).toBeNull();
    const em = context.server.em();
    for (const [index, opens] of [3, 0, 0, 1].entries()) {
      for (let k = 0; k < opens; k++)
        em.create(MailOpen, { openedAt: new Date('2026-05-02T18:00:00Z'), order: orders[index] });
    }
    await em.flush();
    const statistics = await context.statistics();
    expect(statistics.averageMailRead).toBe(2);
    expect((await context.statistics({ from: '2026-05-03' })).averageMailRead).toBeNull();
    const legacy = await context.server.rest<{
      averageMailRead: unknown;
      averageSiteVisit: unknown;
      browser: unknown[];
    }>('GET', '/api/admin/statistics', { token: context.token });
    expect(legacy.body.averageMailRead).toEqual([{ average: 2 }]);
    expect(legacy.body.averageSiteVisit).toEqual([{ average: 26 }]);
    expect(legacy.body.browser[0]).toEqual({ name: 'B12', value: 12 });
  });
});
