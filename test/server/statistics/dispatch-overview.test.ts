import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Country } from '../../../server/common/locale.js';
import { Holiday } from '../../../server/holidays/holiday.entity.js';
import type { Order } from '../../../server/orders/order.entity.js';
import { ConsumerReply, VisitAnswer } from '../../../server/replies/consumer-reply.entity.js';
import { ScheduleConfirmation } from '../../../server/schedule/schedule-confirmation.entity.js';
import { SiteVisit } from '../../../server/statistics/site-visit.entity.js';
import type { Technician } from '../../../server/technicians/technician.entity.js';
import { createAdmin, createOrder, createTechnician, tokensFor, type OrderOverrides } from '../../utils/factories.js';
import { startTestServer, type TestServer } from '../../utils/test-server.js';

const OVERVIEW = /* GraphQL */ `
  query ($date: String) {
    dispatchOverview(date: $date) {
      countedAt
      days {
        kind
        countries {
          country
          date
          orders
          techniciansWorking
          techniciansConfirmed
          ordersConfirmed
          informed
          notInformed
          callMe
          accessNotes
          onHoliday
          external
          withoutTechnician
        }
      }
    }
  }
`;

const ORDER_COUNT = /* GraphQL */ `
  query ($filter: OrderFilterInput) {
    orders(filter: $filter, first: 1) {
      totalCount
    }
  }
`;

interface CountryFigures {
  country: string;
  date: string;
  orders: number;
  techniciansWorking: number;
  techniciansConfirmed: number;
  ordersConfirmed: number;
  informed: number;
  notInformed: number;
  callMe: number;
  accessNotes: number;
  onHoliday: number;
  external: number;
  withoutTechnician: number;
}

interface OverviewData {
  dispatchOverview: { countedAt: string; days: { kind: string; countries: CountryFigures[] }[] };
}

/** Monday 23 November 2026, 19:00 in Amsterdam: Tuesday is the next working day. */
const MONDAY_EVENING = '2026-11-23T19:00:00+01:00';
const CREATED = new Date('2026-11-01T09:00:00+01:00');

/** The list filter each figure counts by: the landing links to exactly this list. */
const FIGURE_FILTERS: Record<
  Exclude<keyof CountryFigures, 'country' | 'date' | 'techniciansWorking' | 'techniciansConfirmed'>,
  Record<string, unknown>
> = {
  orders: {},
  ordersConfirmed: { dayConfirmed: true },
  informed: { informed: true },
  notInformed: { informed: false },
  callMe: { reply: 'CALL_ME' },
  accessNotes: { reply: 'ACCESS_NOTE' },
  onHoliday: { onHoliday: true },
  external: { external: true },
  withoutTechnician: { withoutTechnician: true },
};

describe('the dispatch overview of the console landing page', () => {
  let server: TestServer;
  let adminToken: string;
  let technicianToken: string;

  const order = (technician: Technician | null, at: string, overrides: Partial<OrderOverrides> = {}) =>
    createOrder(server.em(), { createdAt: CREATED, technician, appointment: new Date(at), ...overrides });
  const reply = async (target: Order, answer: VisitAnswer | null, accessNote: string | null) => {
    const em = server.em();
    em.create(ConsumerReply, { order: target.id, answer, accessNote, createdAt: CREATED, updatedAt: CREATED });
    await em.flush();
  };
  const visit = async (target: Order, at: string) => {
    const em = server.em();
    em.create(SiteVisit, {
      visitedAt: new Date(at),
      order: target.id,
      userAgent: 'test',
      browser: 'Chrome',
      os: 'Android',
    });
    await em.flush();
  };
  const confirm = async (technician: Technician, date: string) => {
    const em = server.em();
    em.create(ScheduleConfirmation, { technician: technician.id, date, confirmedAt: new Date(MONDAY_EVENING) });
    await em.flush();
  };

  beforeAll(async () => {
    server = await startTestServer({ env: { CLOCK_NOW: new Date(MONDAY_EVENING).toISOString() } });
    adminToken = tokensFor(server).admin(await createAdmin(server.em()));
    const em = server.em();
    const anna = await createTechnician(em, { country: Country.NL });
    const bert = await createTechnician(em, { country: Country.NL });
    const claire = await createTechnician(em, { country: Country.BE });
    technicianToken = tokensFor(server).technician(anna);

    // Tuesday in the Netherlands: Anna confirmed her day, Bert did not.
    const seen = await order(anna, '2026-11-24T08:00:00+01:00', { zipcode: '1111 AA', houseNumber: '1' });
    await visit(seen, '2026-11-23T15:00:00+01:00');
    await reply(seen, VisitAnswer.CALL_ME, null);
    const noted = await order(anna, '2026-11-24T11:00:00+01:00', { zipcode: '2222 BB', houseNumber: '2' });
    await reply(noted, VisitAnswer.AT_HOME, 'Achterom, bel twee keer');
    await order(bert, '2026-11-24T14:00:00+01:00', { zipcode: '3333 CC', houseNumber: '3', externalCompany: 1 });
    await order(null, '2026-11-24T09:00:00+01:00', { zipcode: '4444 DD', houseNumber: '4' });
    // Not counted: deleted, and Wednesday's.
    await order(bert, '2026-11-24T09:00:00+01:00', { zipcode: '5555 EE', houseNumber: '5', deletedAt: new Date() });
    await order(bert, '2026-11-25T09:00:00+01:00', { zipcode: '6666 FF', houseNumber: '6' });
    await confirm(anna, '2026-11-24');
    // Today (Monday): one Dutch order.
    await order(anna, '2026-11-23T20:00:00+01:00', { zipcode: '7777 GG', houseNumber: '7' });
    // Tuesday in Belgium: Claire, confirmed; the customer looked it up by phone.
    const belgian = await order(claire, '2026-11-24T10:00:00+01:00', {
      country: Country.BE,
      zipcode: '1000',
      phone: '0470 11 22 33',
    });
    await visit(belgian, '2026-11-23T18:00:00+01:00');
    await confirm(claire, '2026-11-24');
    // Thursday is a Dutch holiday with one order left on it.
    em.create(Holiday, { country: Country.NL, date: '2026-11-26' });
    await em.flush();
    await order(bert, '2026-11-26T10:00:00+01:00', { zipcode: '8888 HH', houseNumber: '8' });
  });
  afterAll(() => server.stop());

  const overview = async (date?: string) => {
    const { body } = await server.graphql<OverviewData>(OVERVIEW, date ? { date } : {}, { token: adminToken });
    expect(body.errors).toBeUndefined();
    return body.data!.dispatchOverview;
  };

  it("counts tomorrow's and today's orders per country", async () => {
    const result = await overview();
    expect(result.days.map((day) => day.kind)).toEqual(['NEXT_WORKING_DAY', 'TODAY']);
    const [tomorrow, today] = result.days;
    expect(tomorrow.countries).toEqual([
      {
        country: 'NL',
        date: '2026-11-24',
        orders: 4,
        techniciansWorking: 2,
        techniciansConfirmed: 1,
        ordersConfirmed: 2,
        informed: 1,
        notInformed: 3,
        callMe: 1,
        accessNotes: 1,
        onHoliday: 0,
        external: 1,
        withoutTechnician: 1,
      },
      {
        country: 'BE',
        date: '2026-11-24',
        orders: 1,
        techniciansWorking: 1,
        techniciansConfirmed: 1,
        ordersConfirmed: 1,
        informed: 1,
        notInformed: 0,
        callMe: 0,
        accessNotes: 0,
        onHoliday: 0,
        external: 0,
        withoutTechnician: 0,
      },
    ]);
    expect(today.countries.map(({ country, date, orders }) => ({ country, date, orders }))).toEqual([
      { country: 'NL', date: '2026-11-23', orders: 1 },
      { country: 'BE', date: '2026-11-23', orders: 0 },
    ]);
    expect(Date.parse(result.countedAt) - Date.parse(MONDAY_EVENING)).toBeLessThan(60_000);
  });

  it('counts a chosen day, holidays included', async () => {
    const [chosen, today] = (await overview('2026-11-26')).days;
    expect(chosen.kind).toBe('CHOSEN_DAY');
    expect(today.kind).toBe('TODAY');
    expect(chosen.countries[0]).toMatchObject({ country: 'NL', date: '2026-11-26', orders: 1, onHoliday: 1 });
    expect(chosen.countries[1]).toMatchObject({ country: 'BE', date: '2026-11-26', orders: 0, onHoliday: 0 });
  });

  it("gives each figure as the order list's totalCount for the same filter", async () => {
    for (const date of [undefined, '2026-11-26']) {
      const [day] = (await overview(date)).days;
      for (const figures of day.countries) {
        // Amsterdam and Brussels are both on UTC+1 in November.
        const from = new Date(`${figures.date}T00:00:00+01:00`).toISOString();
        const to = new Date(Date.parse(from) + 86_400_000).toISOString();
        for (const [name, filter] of Object.entries(FIGURE_FILTERS)) {
          const { body } = await server.graphql<{ orders: { totalCount: number } }>(
            ORDER_COUNT,
            { filter: { country: figures.country, from, to, deleted: false, ...filter } },
            { token: adminToken },
          );
          expect(body.errors, name).toBeUndefined();
          expect(body.data!.orders.totalCount, `${figures.country} ${figures.date} ${name}`).toBe(
            figures[name as keyof typeof FIGURE_FILTERS],
          );
        }
      }
    }
  });

  it('is for admins only: a technician and an anonymous caller are refused', async () => {
    const asTechnician = await server.graphql(OVERVIEW, {}, { token: technicianToken });
    expect(asTechnician.body.errors?.[0].extensions?.code).toBe('FORBIDDEN');
    expect(asTechnician.body.data ?? null).toBeNull();
    const anonymous = await server.graphql(OVERVIEW, {});
    expect(anonymous.body.errors?.[0].extensions?.code).toBe('UNAUTHENTICATED');
    expect(anonymous.body.data ?? null).toBeNull();
  });

  it('refuses a malformed day with a field message in the caller language', async () => {
    const { body } = await server.graphql(OVERVIEW, { date: '26-11-2026' }, { token: adminToken });
    expect(body.errors?.[0].extensions?.code).toBe('BAD_USER_INPUT');
    expect(body.errors?.[0].message).toMatch(/datum/i);
  });
});
