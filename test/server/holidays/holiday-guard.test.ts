import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Country } from '../../../server/common/locale.js';
import { instantOf } from '../../../shared/zoned-time.js';
import { Holiday } from '../../../server/holidays/holiday.entity.js';
import type { Technician } from '../../../server/technicians/technician.entity.js';
import { createAdmin, createOrder, createTechnician, tokensFor } from '../../utils/factories.js';
import { startTestServer, type TestServer } from '../../utils/test-server.js';

const ACTIVE_ORDERS = /* GraphQL */ `
  query ($country: Country!, $date: String!, $first: Int, $after: String) {
    activeOrdersOnDate(country: $country, date: $date, first: $first, after: $after) {
      totalCount
      edges {
        node {
          referenceNumber
          technician {
            personalNumber
          }
        }
      }
      pageInfo {
        endCursor
        hasNextPage
      }
    }
  }
`;

const CREATE = /* GraphQL */ `
  mutation ($input: CreateHolidayInput!) {
    createHoliday(input: $input) {
      country
      date
    }
  }
`;

const SCHEDULE = /* GraphQL */ `
  query {
    technicianSchedule {
      date
      orders {
        id
      }
    }
  }
`;

interface ActiveOrdersData {
  activeOrdersOnDate: {
    totalCount: number;
    edges: { node: { referenceNumber: string; technician: { personalNumber: string } | null } }[];
    pageInfo: { endCursor: string | null; hasNextPage: boolean };
  };
}

const AMSTERDAM = 'Europe/Amsterdam';
const BRUSSELS = 'Europe/Brussels';

describe('holiday guard', () => {
  let server: TestServer;
  let token: string;
  let technician: Technician;

  beforeAll(async () => {
    server = await startTestServer();
    const em = server.em();
    token = tokensFor(server).admin(await createAdmin(em));
    technician = await createTechnician(em, { personalNumber: 'N-GUARD' });
    // Wednesday 9 December 2026 in the Netherlands: two active orders, at the edges of the local day.
    await createOrder(em, {
      referenceNumber: 'G-EARLY',
      appointment: instantOf('2026-12-09', 0, 30, AMSTERDAM),
      technician,
    });
    await createOrder(em, { referenceNumber: 'G-LATE', appointment: instantOf('2026-12-09', 21, 0, AMSTERDAM) });
    // Not on that day in the Netherlands: the day before (local), deleted, or in Belgium.
    await createOrder(em, { referenceNumber: 'G-BEFORE', appointment: instantOf('2026-12-08', 23, 30, AMSTERDAM) });
    await createOrder(em, {
      referenceNumber: 'G-DELETED',
      appointment: instantOf('2026-12-09', 10, 0, AMSTERDAM),
      deletedAt: new Date(),
    });
    await createOrder(em, {
      referenceNumber: 'G-BE',
      country: Country.BE,
      zipcode: '1000',
      appointment: instantOf('2026-12-09', 10, 0, BRUSSELS),
    });
  });
  afterAll(() => server.stop());

  const activeOrders = async (variables: Record<string, unknown>) => {
    const { body } = await server.graphql<ActiveOrdersData>(ACTIVE_ORDERS, variables, { token });
    expect(body.errors).toBeUndefined();
    return body.data!.activeOrdersOnDate;
  };
  const create = (input: Record<string, unknown>, language = 'nl') =>
    server.graphql<{ createHoliday: { country: string; date: string } }>(
      CREATE,
      { input },
      { token, headers: { 'accept-language': language } },
    );
  const holidayExists = async (country: Country, date: string) =>
    (await server.em().count(Holiday, { country, date })) === 1;

  it('lists the active orders of that local day in that country, page by page', async () => {
    const all = await activeOrders({ country: 'NL', date: '2026-12-09' });
    expect(all.totalCount).toBe(2);
    expect(all.edges.map((edge) => edge.node)).toEqual([
      { referenceNumber: 'G-EARLY', technician: { personalNumber: 'N-GUARD' } },
      { referenceNumber: 'G-LATE', technician: null },
    ]);
    const first = await activeOrders({ country: 'NL', date: '2026-12-09', first: 1 });
    expect(first.pageInfo.hasNextPage).toBe(true);
    const second = await activeOrders({ country: 'NL', date: '2026-12-09', first: 1, after: first.pageInfo.endCursor });
    expect(second.edges.map((edge) => edge.node.referenceNumber)).toEqual(['G-LATE']);
    expect((await activeOrders({ country: 'BE', date: '2026-12-09' })).totalCount).toBe(1);
    expect((await activeOrders({ country: 'NL', date: '2026-12-10' })).totalCount).toBe(0);
  });

  it('refuses a date that is not a calendar day, on the date field', async () => {
    const { body } = await server.graphql(ACTIVE_ORDERS, { country: 'NL', date: '9-12-2026' }, { token });
    expect(body.errors?.[0]).toMatchObject({
      message: 'Vul een geldige datum in (jjjj-mm-dd).',
      extensions: { code: 'BAD_USER_INPUT', fields: [{ field: 'date' }] },
    });
  });

  it('is for admins only', async () => {
    const asTechnician = await server.graphql(
      ACTIVE_ORDERS,
      { country: 'NL', date: '2026-12-09' },
      { token: tokensFor(server).technician(technician) },
    );
    expect(asTechnician.body.errors?.[0].extensions?.code).toBe('FORBIDDEN');
  });

  it('does not save a holiday on a day with active orders unless asked to save anyway', async () => {
    const refused = await create({ country: 'NL', date: '2026-12-09' });
    expect(refused.body.data).toBeNull();
    expect(refused.body.errors?.[0]).toMatchObject({
      message: 'Op 09-12-2026 staan 2 actieve opdrachten in Nederland. Sla de feestdag toch op of annuleer.',
      extensions: { code: 'HOLIDAY_HAS_ORDERS', orderCount: 2 },
    });
    const french = await create({ country: 'BE', date: '2026-12-09' }, 'fr');
    expect(french.body.errors?.[0].message).toBe(
      'Le 09-12-2026, 1 mission active est prévue pour la Belgique. Enregistrez quand même le jour férié ou annulez.',
    );
    expect(await holidayExists(Country.NL, '2026-12-09')).toBe(false);
    expect(await holidayExists(Country.BE, '2026-12-09')).toBe(false);

    const saved = await create({ country: 'NL', date: '2026-12-09', saveDespiteOrders: true });
    expect(saved.body.errors).toBeUndefined();
    expect(await holidayExists(Country.NL, '2026-12-09')).toBe(true);
  });

  it('saves a day without active orders at once', async () => {
    const { body } = await create({ country: 'NL', date: '2026-12-10' });
    expect(body.data?.createHoliday).toEqual({ country: 'NL', date: '2026-12-10' });
  });

  it('keeps the legacy call as it was: it saves, orders or not, and answers 201', async () => {
    const legacy = await server.rest<{ country: string; date: string }>('POST', '/api/admin/holidays', {
      token,
      form: { country: 'BE', date: '2026-12-09' },
    });
    expect(legacy.status).toBe(201);
    expect(legacy.body).toMatchObject({ country: 'BE', date: '2026-12-09' });
    expect(await holidayExists(Country.BE, '2026-12-09')).toBe(true);
  });

  it("moves the technician's next working day past a holiday saved anyway (and its orders with it)", async () => {
    // Tuesday 8 December: Wednesday 9 (holiday, saved anyway above) and Thursday 10 (holiday) are skipped.
    server.services.clock.travelTo(instantOf('2026-12-08', 15, 0, AMSTERDAM));
    const plannerToken = tokensFor(server).technician(technician);
    const { body } = await server.graphql<{ technicianSchedule: { date: string; orders: { id: number }[] } }>(
      SCHEDULE,
      {},
      { token: plannerToken },
    );
    expect(body.errors).toBeUndefined();
    expect(body.data!.technicianSchedule).toEqual({ date: '2026-12-11', orders: [] });
  });
});
