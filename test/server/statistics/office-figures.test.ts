import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Country } from '../../../server/common/locale.js';
import type { Order } from '../../../server/orders/order.entity.js';
import type { Technician } from '../../../server/technicians/technician.entity.js';
import { createAdmin, createOrder, createTechnician, tokensFor, type OrderOverrides } from '../../utils/factories.js';
import { startTestServer, type TestServer } from '../../utils/test-server.js';
import { writeRating, writeVisitStatus, type StatusFixture } from '../../utils/visit-day.js';

const FIGURES = /* GraphQL */ `
  query ($from: String!, $to: String!, $groupBy: FigureGrouping!, $country: Country) {
    officeFigures(from: $from, to: $to, groupBy: $groupBy, country: $country) {
      period {
        from
        to
        start
        end
      }
      groupBy
      country
      timeZone
      rows {
        ...Figures
      }
      total {
        ...Figures
      }
    }
  }
  fragment Figures on OfficeFigureRow {
    date
    country
    technicianNumber
    technicianName
    visits
    reached
    onTime
    onTimePercent
    firstVisits
    firstTimeFixes
    firstTimeFixPercent
    finished
    notHome
    notHomePercent
    ratings
    averageRating
  }
`;

const ORDER_COUNT = /* GraphQL */ `
  query ($filter: OrderFilterInput) {
    orders(filter: $filter, first: 1) {
      totalCount
    }
  }
`;

interface Row {
  date: string | null;
  country: string | null;
  technicianNumber: string | null;
  technicianName: string | null;
  visits: number;
  reached: number;
  onTime: number;
  onTimePercent: number | null;
  firstVisits: number;
  firstTimeFixes: number;
  firstTimeFixPercent: number | null;
  finished: number;
  notHome: number;
  notHomePercent: number | null;
  ratings: number;
  averageRating: number | null;
}

interface Figures {
  period: { from: string; to: string; start: string; end: string };
  groupBy: string;
  country: string | null;
  timeZone: string;
  rows: Row[];
  total: Row;
}

/** The order list's filter of each count: a figure's link lists exactly these orders. */
const COUNT_FILTERS = {
  visits: {},
  reached: { arrival: 'REACHED' },
  onTime: { arrival: 'ON_TIME' },
  firstVisits: { firstVisit: true, visitOutcome: 'CUSTOMER_HOME' },
  firstTimeFixes: { firstVisit: true, visitOutcome: 'REPAIRED' },
  finished: { visitOutcome: 'FINISHED' },
  notHome: { visitOutcome: 'NOT_HOME' },
  ratings: { rated: true },
} as const;

/** Monday 23 November 2026; the figures are of the first days of the month. */
const NOW = '2026-11-23T12:00:00+01:00';
const CREATED = new Date('2026-07-01T09:00:00+02:00');
const at = (text: string) => new Date(text);

describe("the office's figures: on time, first-time fix, not at home and ratings", () => {
  let server: TestServer;
  let adminToken: string;
  let technicianToken: string;
  let anna: Technician;
  let bert: Technician;
  let claire: Technician;

  const order = (technician: Technician | null, appointment: string, overrides: Partial<OrderOverrides> = {}) =>
    createOrder(server.em(), { createdAt: CREATED, technician, appointment: at(appointment), ...overrides });
  const status = (target: Order, fixture: StatusFixture) => writeVisitStatus(server.em(), target, fixture);
  const rate = (target: Order, score: number) => writeRating(server.em(), target, score, at(NOW));

  beforeAll(async () => {
    server = await startTestServer({ env: { CLOCK_NOW: at(NOW).toISOString() } });
    adminToken = tokensFor(server).admin(await createAdmin(server.em()));
    const em = server.em();
    anna = await createTechnician(em, { firstname: 'Anna', lastname: 'Aalders', country: Country.NL });
    bert = await createTechnician(em, { firstname: 'Bert', lastname: 'Bakker', country: Country.NL });
    claire = await createTechnician(em, { firstname: 'Claire', lastname: 'Claes', country: Country.BE });
    technicianToken = tokensFor(server).technician(anna);

    // Monday 2 November, the Netherlands.
    const onTime = await order(anna, '2026-11-02T08:00:00+01:00', { zipcode: '1111 AA', houseNumber: '1' });
    await status(onTime, {
      stage: 'FINISHED',
      arrivedAt: at('2026-11-02T09:30:00+01:00'),
      finishedAt: at('2026-11-02T10:00:00+01:00'),
      outcome: 'REPAIRED',
    });
    await rate(onTime, 5);
    const late = await order(anna, '2026-11-02T11:00:00+01:00', { zipcode: '2222 BB', houseNumber: '2' });
    await status(late, {
      stage: 'FINISHED',
      arrivedAt: at('2026-11-02T14:30:00+01:00'),
      finishedAt: at('2026-11-02T15:00:00+01:00'),
      outcome: 'FOLLOW_UP_PARTS',
    });
    await rate(late, 3);
    // "Aangekomen" skipped: the technician was there by "Afgerond", inside the window.
    const notHome = await order(bert, '2026-11-02T08:00:00+01:00', { zipcode: '3333 CC', houseNumber: '3' });
    await status(notHome, { stage: 'FINISHED', finishedAt: at('2026-11-02T10:00:00+01:00'), outcome: 'NOT_HOME' });
    await order(bert, '2026-11-02T14:00:00+01:00', { zipcode: '4444 DD', houseNumber: '4' });
    // Tuesday 3 November: a customer whose unrepaired visit was too long ago for this to be its follow-up.
    const longAgo = await order(bert, '2026-08-01T08:00:00+02:00', { zipcode: '5555 EE', houseNumber: '5' });
    await status(longAgo, {
      stage: 'FINISHED',
      arrivedAt: at('2026-08-01T09:00:00+02:00'),
      finishedAt: at('2026-08-01T10:00:00+02:00'),
      outcome: 'FOLLOW_UP_PARTS',
    });
    const notDone = await order(bert, '2026-11-03T08:00:00+01:00', { zipcode: '5555 EE', houseNumber: '5' });
    await status(notDone, {
      stage: 'FINISHED',
      arrivedAt: at('2026-11-03T08:30:00+01:00'),
      finishedAt: at('2026-11-03T09:00:00+01:00'),
      outcome: 'NOT_DONE',
    });
    // Tuesday in Belgium: an early arrival is on time.
    const belgian = await order(claire, '2026-11-03T08:00:00+01:00', {
      country: Country.BE,
      zipcode: '1000',
      phone: '0470 11 22 33',
    });
    await status(belgian, {
      stage: 'FINISHED',
      arrivedAt: at('2026-11-03T07:45:00+01:00'),
      finishedAt: at('2026-11-03T08:30:00+01:00'),
      outcome: 'REPAIRED',
    });
    await rate(belgian, 4);
    // Wednesday 4 November: the follow-up visit of the parts ordered on Monday, repaired: no first-time fix.
    const followUp = await order(anna, '2026-11-04T10:00:00+01:00', { zipcode: '2222 BB', houseNumber: '2' });
    await status(followUp, {
      stage: 'FINISHED',
      arrivedAt: at('2026-11-04T10:15:00+01:00'),
      finishedAt: at('2026-11-04T11:00:00+01:00'),
      outcome: 'REPAIRED',
    });
    await order(null, '2026-11-04T09:00:00+01:00', { zipcode: '6666 FF', houseNumber: '6' });
    // Not counted: deleted, and the day after the period.
    const deleted = await order(anna, '2026-11-04T14:00:00+01:00', {
      zipcode: '7777 GG',
      houseNumber: '7',
      deletedAt: at(NOW),
    });
    await status(deleted, {
      stage: 'FINISHED',
      arrivedAt: at('2026-11-04T14:10:00+01:00'),
      finishedAt: at('2026-11-04T15:00:00+01:00'),
      outcome: 'REPAIRED',
    });
    const after = await order(anna, '2026-11-05T08:00:00+01:00', { zipcode: '8888 HH', houseNumber: '8' });
    await status(after, {
      stage: 'FINISHED',
      arrivedAt: at('2026-11-05T08:10:00+01:00'),
      finishedAt: at('2026-11-05T09:00:00+01:00'),
      outcome: 'REPAIRED',
    });
  });
  afterAll(() => server.stop());

  const figures = async (variables: Record<string, unknown>) => {
    const { body } = await server.graphql<{ officeFigures: Figures }>(FIGURES, variables, { token: adminToken });
    expect(body.errors).toBeUndefined();
    return body.data!.officeFigures;
  };
  const period = { from: '2026-11-02', to: '2026-11-04' };

  it('counts the whole period: late, not at home, a follow-up visit and ratings', async () => {
    const result = await figures({ ...period, groupBy: 'COUNTRY' });
    expect(result.period).toEqual({
      ...period,
      start: '2026-11-01T23:00:00.000Z',
      end: '2026-11-04T23:00:00.000Z',
    });
    expect(result.timeZone).toBe('Europe/Amsterdam');
    expect(result.total).toMatchObject({
      visits: 8,
      reached: 6,
      onTime: 5,
      finished: 6,
      notHome: 1,
      firstVisits: 4,
      firstTimeFixes: 2,
      ratings: 3,
      averageRating: 4,
    });
    expect(result.total.onTimePercent).toBeCloseTo((5 / 6) * 100, 6);
    expect(result.total.notHomePercent).toBeCloseTo((1 / 6) * 100, 6);
    expect(result.total.firstTimeFixPercent).toBe(50);
    expect(
      result.rows.map(({ country, visits, reached, onTime, firstVisits, firstTimeFixes, ratings }) => ({
        country,
        visits,
        reached,
        onTime,
        firstVisits,
        firstTimeFixes,
        ratings,
      })),
    ).toEqual([
      { country: 'NL', visits: 7, reached: 5, onTime: 4, firstVisits: 3, firstTimeFixes: 1, ratings: 2 },
      { country: 'BE', visits: 1, reached: 1, onTime: 1, firstVisits: 1, firstTimeFixes: 1, ratings: 1 },
    ]);
  });

  it('counts per technician, by name, the visits without one last', async () => {
    const result = await figures({ ...period, groupBy: 'TECHNICIAN' });
    expect(result.rows.map((row) => [row.technicianName, row.technicianNumber])).toEqual([
      ['Anna Aalders', anna.personalNumber],
      ['Bert Bakker', bert.personalNumber],
      ['Claire Claes', claire.personalNumber],
      [null, null],
    ]);
    const [annas, berts] = result.rows;
    expect(annas).toMatchObject({
      visits: 3,
      reached: 3,
      onTime: 2,
      firstVisits: 2,
      firstTimeFixes: 1,
      ratings: 2,
      averageRating: 4,
    });
    expect(berts).toMatchObject({
      visits: 3,
      reached: 2,
      onTime: 2,
      finished: 2,
      notHome: 1,
      notHomePercent: 50,
      firstVisits: 1,
      firstTimeFixes: 0,
      firstTimeFixPercent: 0,
      ratings: 0,
      averageRating: null,
    });
    expect(result.rows[3]).toMatchObject({
      visits: 1,
      reached: 0,
      onTimePercent: null,
      finished: 0,
      notHomePercent: null,
    });
  });

  it('counts every day of the period in one country, quiet days included', async () => {
    const result = await figures({ from: '2026-11-02', to: '2026-11-06', groupBy: 'DAY', country: 'NL' });
    expect(result.country).toBe('NL');
    expect(result.rows.map(({ date, visits }) => [date, visits])).toEqual([
      ['2026-11-02', 4],
      ['2026-11-03', 1],
      ['2026-11-04', 2],
      ['2026-11-05', 1],
      ['2026-11-06', 0],
    ]);
    expect(result.total.visits).toBe(8);
  });

  it("gives each count as the order list's totalCount for the figure's filter", async () => {
    for (const groupBy of ['DAY', 'COUNTRY', 'TECHNICIAN'] as const) {
      for (const country of [null, 'BE'] as const) {
        const result = await figures({ ...period, groupBy, country });
        const base = { from: result.period.start, to: result.period.end, country, deleted: false };
        for (const row of [...result.rows, result.total]) {
          const rowFilter = {
            ...base,
            ...(row.date
              ? {
                  from: at(`${row.date}T00:00:00+01:00`).toISOString(),
                  to: at(`${row.date}T24:00:00+01:00`).toISOString(),
                }
              : {}),
            ...(row.country ? { country: row.country } : {}),
            ...(groupBy === 'TECHNICIAN' && row !== result.total
              ? row.technicianNumber
                ? { technician: row.technicianNumber }
                : { withoutTechnician: true }
              : {}),
          };
          for (const name of Object.keys(COUNT_FILTERS) as (keyof typeof COUNT_FILTERS)[]) {
            const filter = COUNT_FILTERS[name];
            const { body } = await server.graphql<{ orders: { totalCount: number } }>(
              ORDER_COUNT,
              { filter: { ...rowFilter, ...filter } },
              { token: adminToken },
            );
            expect(body.errors, name).toBeUndefined();
            const label = `${groupBy} ${country ?? 'both'} ${row.date ?? row.country ?? row.technicianName ?? 'total'} ${name}`;
            expect(body.data!.orders.totalCount, label).toBe(row[name]);
          }
        }
      }
    }
  });

  it('lists the late and the follow-up visits by their own filters', async () => {
    const count = async (filter: Record<string, unknown>) => {
      const { body } = await server.graphql<{ orders: { totalCount: number } }>(
        ORDER_COUNT,
        { filter: { from: '2026-11-01T23:00:00.000Z', to: '2026-11-04T23:00:00.000Z', deleted: false, ...filter } },
        { token: adminToken },
      );
      expect(body.errors).toBeUndefined();
      return body.data!.orders.totalCount;
    };
    expect(await count({ arrival: 'LATE' })).toBe(1);
    expect(await count({ firstVisit: false })).toBe(1);
    expect(await count({ rated: false })).toBe(5);
    expect(await count({ visitOutcome: 'NOT_DONE' })).toBe(1);
    expect(await count({ visitOutcome: 'FOLLOW_UP_PARTS' })).toBe(1);
  });

  it('refuses a period that is reversed, too long or malformed, in Dutch and in French', async () => {
    const refusal = async (variables: Record<string, unknown>, language: string) => {
      const { body } = await server.graphql(
        FIGURES,
        { groupBy: 'DAY', ...variables },
        {
          token: adminToken,
          headers: { 'accept-language': language },
        },
      );
      expect(body.errors?.[0].extensions?.code).toBe('BAD_USER_INPUT');
      expect(body.data ?? null).toBeNull();
      return body.errors![0];
    };
    expect((await refusal({ from: '2026-11-04', to: '2026-11-02' }, 'nl')).message).toBe(
      'De einddatum ligt vóór de begindatum.',
    );
    expect((await refusal({ from: '2026-01-01', to: '2026-04-03' }, 'nl')).message).toBe(
      'Kies een periode van hoogstens 92 dagen.',
    );
    expect((await refusal({ from: '2026-01-01', to: '2026-04-03' }, 'fr')).message).toBe(
      'Choisissez une période de 92 jours au plus.',
    );
    const malformed = await refusal({ from: '02-11-2026', to: '2026-11-04' }, 'fr');
    expect(malformed.extensions?.fields).toEqual([expect.objectContaining({ field: 'from' })]);
    // Ninety-two days, both counted, are allowed.
    await figures({ from: '2026-01-01', to: '2026-04-02', groupBy: 'COUNTRY' });
  });

  it('is for admins only: a technician and an anonymous caller are refused', async () => {
    const asTechnician = await server.graphql(FIGURES, { ...period, groupBy: 'DAY' }, { token: technicianToken });
    expect(asTechnician.body.errors?.[0].extensions?.code).toBe('FORBIDDEN');
    const anonymous = await server.graphql(FIGURES, { ...period, groupBy: 'DAY' });
    expect(anonymous.body.errors?.[0].extensions?.code).toBe('UNAUTHENTICATED');
  });

  it('is weighed like a list: seven periods in one request pass the cost limit', async () => {
    const aliases = Array.from(
      { length: 7 },
      (_, index) => `f${index}: officeFigures(from: "2026-11-02", to: "2026-11-04", groupBy: DAY) { total { visits } }`,
    ).join('\n');
    const { body } = await server.graphql(`query { ${aliases} }`, {}, { token: adminToken });
    expect(body.errors?.[0].extensions?.code).toBe('GRAPHQL_VALIDATION_FAILED');
    expect(body.errors?.[0].message).toMatch(/Cost limit/);
  });
});
