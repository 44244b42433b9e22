import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Country } from '../../../server/common/locale.js';
import { Holiday } from '../../../server/holidays/holiday.entity.js';
import { ConsumerReply, VisitAnswer } from '../../../server/replies/consumer-reply.entity.js';
import type { Order } from '../../../server/orders/order.entity.js';
import { SiteVisit } from '../../../server/statistics/site-visit.entity.js';
import { createAdmin, createOrder, createTechnician, tokensFor, type OrderOverrides } from '../../utils/factories.js';
import { startTestServer, type TestServer } from '../../utils/test-server.js';

const CALL_LIST = /* GraphQL */ `
  query ($country: Country, $by: String) {
    callList(country: $country, by: $by) {
      country
      date
      timeZone
      windowShownFrom
      cutoff
      totalOrders
      orders {
        referenceNumber
        phone
        informed {
          lookupCount
          windowSeenAt
        }
      }
    }
  }
`;

const INFORMED = /* GraphQL */ `
  query ($referenceNumber: String!) {
    orderByReference(referenceNumber: $referenceNumber) {
      informed {
        lookupCount
        firstLookupAt
        lastLookupAt
        windowShownFrom
        windowSeenAt
        reply {
          answer
        }
      }
    }
  }
`;

interface CallListData {
  callList: {
    country: string;
    date: string;
    timeZone: string;
    windowShownFrom: string;
    cutoff: string;
    totalOrders: number;
    orders: { referenceNumber: string; informed: { lookupCount: number; windowSeenAt: string | null } }[];
  };
}

interface InformedData {
  orderByReference: {
    informed: {
      lookupCount: number;
      firstLookupAt: string | null;
      lastLookupAt: string | null;
      windowShownFrom: string;
      windowSeenAt: string | null;
      reply: { answer: string } | null;
    };
  };
}

const iso = (text: string) => new Date(text).toISOString();
/** Monday 23 November 2026, 19:00 in Amsterdam: the evening before Tuesday's visits. */
const MONDAY_EVENING = new Date('2026-11-23T19:00:00+01:00');
const CREATED = new Date('2026-11-01T09:00:00+01:00');

describe('informed? and the evening-before call list', () => {
  let server: TestServer;
  let adminToken: string;
  const orders: Record<string, Order> = {};

  const order = async (key: string, overrides: Omit<OrderOverrides, 'appointment'> & { at: string }) => {
    const { at, ...rest } = overrides;
    orders[key] = await createOrder(server.em(), {
      referenceNumber: `INF-${key}`,
      createdAt: CREATED,
      ...rest,
      appointment: new Date(at),
    });
    return orders[key];
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

  beforeAll(async () => {
    server = await startTestServer({ env: { CLOCK_NOW: MONDAY_EVENING.toISOString() }, recordQueries: true });
    adminToken = tokensFor(server).admin(await createAdmin(server.em()));
    const nl = (zipcode: string, houseNumber: string) => ({ zipcode, houseNumber, country: Country.NL });
    // One customer, two visits on Tuesday; the lookup was recorded on the nearest only.
    await order('A1', { ...nl('1111AA', '5'), at: '2026-11-24T08:00:00+01:00' });
    await order('A2', { ...nl('1111AA', '5'), at: '2026-11-24T14:00:00+01:00', phone: '06 99999999' });
    await visit(orders.A1, '2026-11-23T15:00:00+01:00');
    // Looked before 13:30: saw "being prepared", not the window.
    await order('B', { ...nl('2222BB', '1'), at: '2026-11-24T10:00:00+01:00' });
    await visit(orders.B, '2026-11-23T10:00:00+01:00');
    // Looked at 18:30.
    await order('C', { ...nl('3333CC', '1'), at: '2026-11-24T11:00:00+01:00' });
    await visit(orders.C, '2026-11-23T18:30:00+01:00');
    // Never looked.
    await order('D', { ...nl('4444DD', '1'), at: '2026-11-24T12:00:00+01:00' });
    // Not on the list: external, deleted, another day, a neighbour's lookup does not count.
    await order('E', { ...nl('5555EE', '1'), at: '2026-11-24T09:00:00+01:00', externalCompany: 0 });
    await order('F', { ...nl('6666FF', '1'), at: '2026-11-24T09:00:00+01:00', deletedAt: new Date() });
    await order('G', { ...nl('4444DD', '1'), at: '2026-11-25T09:00:00+01:00' });
    await order('N', { ...nl('4444DD', '3'), at: '2026-11-24T09:30:00+01:00' });
    await visit(orders.N, '2026-11-23T16:00:00+01:00');
    // Belgium: looked up today's visit by phone, which also listed Tuesday's.
    await order('J0', {
      country: Country.BE,
      zipcode: '1000',
      phone: '0470 11 22 33',
      at: '2026-11-23T20:00:00+01:00',
    });
    await order('J1', {
      country: Country.BE,
      zipcode: '1000',
      phone: '+32 470 11 22 33',
      at: '2026-11-24T10:00:00+01:00',
    });
    await order('K', { country: Country.BE, zipcode: '2000', phone: '0471 00 00 00', at: '2026-11-24T15:00:00+01:00' });
    await visit(orders.J0, '2026-11-23T14:00:00+01:00');
  });
  afterAll(() => server.stop());

  const callList = async (variables: Record<string, unknown>) => {
    const { body } = await server.graphql<CallListData>(CALL_LIST, variables, { token: adminToken });
    expect(body.errors).toBeUndefined();
    return body.data!.callList;
  };
  const references = (list: CallListData['callList']) => list.orders.map((item) => item.referenceNumber);

  it("lists Tuesday's Dutch orders whose customer has not seen the window by now", async () => {
    const list = await callList({ country: 'NL' });
    expect(list).toMatchObject({
      country: 'NL',
      date: '2026-11-24',
      timeZone: 'Europe/Amsterdam',
      windowShownFrom: iso('2026-11-23T13:30:00+01:00'),
      totalOrders: 6,
    });
    // now: the clock started at 19:00 and runs on
    expect(Date.parse(list.cutoff) - MONDAY_EVENING.getTime()).toBeGreaterThanOrEqual(0);
    expect(Date.parse(list.cutoff) - MONDAY_EVENING.getTime()).toBeLessThan(60_000);
    // A1 and A2 (one lookup for both), C (18:30) and N's own lookup count; B looked too early; D never.
    expect(references(list)).toEqual(['INF-B', 'INF-D']);
    expect(list.orders[0].informed).toEqual({ lookupCount: 1, windowSeenAt: null });
  });

  it('counts only lookups before the chosen time today', async () => {
    expect(references(await callList({ country: 'NL', by: '18:00' }))).toEqual(['INF-B', 'INF-C', 'INF-D']);
    expect(references(await callList({ country: 'NL', by: '13:00' }))).toEqual([
      'INF-A1',
      'INF-N',
      'INF-B',
      'INF-C',
      'INF-D',
      'INF-A2',
    ]);
  });

  it('finds Belgian customers by phone number, in any spelling', async () => {
    const list = await callList({ country: 'BE' });
    expect(list).toMatchObject({ country: 'BE', timeZone: 'Europe/Brussels', totalOrders: 2 });
    expect(references(list)).toEqual(['INF-K']);
  });

  it('shows per order whether and when the customer saw the window, and the reply', async () => {
    const informed = async (key: string) => {
      const { body } = await server.graphql<InformedData>(
        INFORMED,
        { referenceNumber: `INF-${key}` },
        { token: adminToken },
      );
      return body.data!.orderByReference.informed;
    };
    expect(await informed('A2')).toEqual({
      lookupCount: 1,
      firstLookupAt: iso('2026-11-23T15:00:00+01:00'),
      lastLookupAt: iso('2026-11-23T15:00:00+01:00'),
      windowShownFrom: iso('2026-11-23T13:30:00+01:00'),
      windowSeenAt: iso('2026-11-23T15:00:00+01:00'),
      reply: null,
    });
    expect(await informed('B')).toMatchObject({ lookupCount: 1, windowSeenAt: null });
    expect(await informed('D')).toMatchObject({ lookupCount: 0, firstLookupAt: null, windowSeenAt: null });
    // Wednesday's order: the lookup on Monday listed it, but its window opens Tuesday 13:30.
    expect(await informed('G')).toMatchObject({
      lookupCount: 0,
      windowShownFrom: iso('2026-11-24T13:30:00+01:00'),
    });
  });

  it('answers a page of orders with the same number of statements as one order', async () => {
    const page = /* GraphQL */ `
      query ($first: Int) {
        orders(filter: { country: NL, from: "2026-11-24T00:00:00+01:00" }, first: $first) {
          edges {
            node {
              informed {
                lookupCount
              }
            }
          }
        }
      }
    `;
    const statements = async (first: number) => {
      server.queries.length = 0;
      const { body } = await server.graphql<{ orders: { edges: unknown[] } }>(page, { first }, { token: adminToken });
      expect(body.data!.orders.edges.length).toBe(first);
      return server.queries.length;
    };
    expect(await statements(6)).toBe(await statements(1));
  });

  it('skips Sunday and holidays to the next working day', async () => {
    const em = server.em();
    em.create(Holiday, { country: Country.NL, date: '2026-11-30' });
    await em.flush();
    try {
      server.services.clock.travelTo(new Date('2026-11-28T19:00:00+01:00'));
      adminToken = tokensFor(server).admin(await createAdmin(server.em()));
      const list = await callList({ country: 'NL' });
      expect(list.date).toBe('2026-12-01');
      expect(list.windowShownFrom).toBe(iso('2026-11-28T13:30:00+01:00'));
    } finally {
      server.services.clock.travelTo(MONDAY_EVENING);
      adminToken = tokensFor(server).admin(await createAdmin(server.em()));
    }
  });

  it('refuses a time that is not HH:MM, and callers other than admins', async () => {
    const { body } = await server.graphql(CALL_LIST, { by: '25:00' }, { token: adminToken });
    expect(body.errors?.[0].extensions).toMatchObject({
      code: 'BAD_USER_INPUT',
      fields: [{ field: 'by', message: 'Vul een tijd in als UU:MM, bijvoorbeeld 18:00.' }],
    });
    const technician = await createTechnician(server.em());
    const asTechnician = await server.graphql(CALL_LIST, {}, { token: tokensFor(server).technician(technician) });
    expect(asTechnician.body.errors?.[0].extensions?.code).toBe('FORBIDDEN');
    const asConsumer = await server.graphql(CALL_LIST, {}, { token: tokensFor(server).consumer([orders.D]) });
    expect(asConsumer.body.errors?.[0].extensions?.code).toBe('FORBIDDEN');
  });
});

describe('customers who asked to be called', () => {
  let server: TestServer;
  let adminToken: string;

  beforeAll(async () => {
    server = await startTestServer({ env: { CLOCK_NOW: MONDAY_EVENING.toISOString() } });
    adminToken = tokensFor(server).admin(await createAdmin(server.em()));
    const em = server.em();
    const tuesday = (hour: number) => new Date(`2026-11-24T${String(hour).padStart(2, '0')}:00:00+01:00`);
    const make = (reference: string, hour: number, zipcode: string) =>
      createOrder(em, {
        referenceNumber: reference,
        createdAt: CREATED,
        zipcode,
        houseNumber: '1',
        appointment: tuesday(hour),
      });
    // Looked up the window and answered "call me", the latest visit of the day.
    const asks = await make('ASK-LATE', 15, '1111AA');
    // Looked up the window and answered "I am home": nothing to call about.
    const home = await make('ASK-HOME', 9, '2222BB');
    // Never looked.
    await make('ASK-NEVER', 8, '3333CC');
    for (const order of [asks, home]) {
      em.create(SiteVisit, {
        visitedAt: new Date('2026-11-23T17:00:00+01:00'),
        order: order.id,
        userAgent: 'test',
        browser: 'Chrome',
        os: 'Android',
      });
    }
    const repliedAt = new Date('2026-11-23T17:05:00+01:00');
    em.create(ConsumerReply, { order: asks, answer: VisitAnswer.CALL_ME, createdAt: repliedAt, updatedAt: repliedAt });
    em.create(ConsumerReply, { order: home, answer: VisitAnswer.AT_HOME, createdAt: repliedAt, updatedAt: repliedAt });
    await em.flush();
  });
  afterAll(() => server.stop());

  it('lists them first, though they saw the window, and leaves out those who answered they are home', async () => {
    const { body } = await server.graphql<CallListData>(CALL_LIST, { country: 'NL' }, { token: adminToken });
    expect(body.errors).toBeUndefined();
    expect(body.data!.callList.orders.map((order) => order.referenceNumber)).toEqual(['ASK-LATE', 'ASK-NEVER']);
  });
});
