import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Country } from '../../../server/common/locale.js';
import { instantOf, type LocalDate } from '../../../shared/zoned-time.js';
import { Holiday } from '../../../server/holidays/holiday.entity.js';
import { Order } from '../../../server/orders/order.entity.js';
import { ScheduleConfirmation } from '../../../server/schedule/schedule-confirmation.entity.js';
import type { Technician } from '../../../server/technicians/technician.entity.js';
import { createAdmin, createOrder, createTechnician, tokensFor } from '../../utils/factories.js';
import { startTestServer, type TestServer } from '../../utils/test-server.js';
import { INCLUDING_DELETED } from '../../../server/orders/repository/active-orders.js';

const SCHEDULE = /* GraphQL */ `
  query {
    technicianSchedule {
      date
      locked
      orders {
        id
        appointment
        duration
        name
        zipcode
        city
        flag
      }
    }
  }
`;

const CONFIRM = /* GraphQL */ `
  mutation ($input: ConfirmScheduleInput!) {
    confirmSchedule(input: $input) {
      schedule {
        date
        locked
        orders {
          id
          appointment
        }
      }
    }
  }
`;

interface ScheduleData {
  technicianSchedule: {
    date: string;
    locked: boolean;
    orders: {
      id: number;
      appointment: string;
      duration: number;
      name: string;
      zipcode: string;
      city: string;
      flag: number;
    }[];
  };
}

interface ConfirmData {
  confirmSchedule: { schedule: { date: string; locked: boolean; orders: { id: number; appointment: string }[] } };
}

const ZONE = { [Country.NL]: 'Europe/Amsterdam', [Country.BE]: 'Europe/Brussels' };
const at = (date: LocalDate, hour: number, country = Country.NL) => instantOf(date, hour, 0, ZONE[country]);

describe('technician schedule', () => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer();
    const em = server.em();
    em.create(Holiday, { country: Country.NL, date: '2026-04-27' }); // King's Day, a Monday
    em.create(Holiday, { country: Country.BE, date: '2026-07-21' }); // National Day, a Tuesday
    await em.flush();
  });
  afterAll(() => server.stop());

  /** Stands at a local instant and arranges a technician with a token signed at that moment. */
  const technicianAt = async (now: Date, country = Country.NL) => {
    server.services.clock.travelTo(now);
    const technician = await createTechnician(server.em(), { country });
    return { technician, token: tokensFor(server).technician(technician) };
  };

  const schedule = async (token: string) => {
    const { body } = await server.graphql<ScheduleData>(SCHEDULE, {}, { token });
    expect(body.errors).toBeUndefined();
    return body.data!.technicianSchedule;
  };

  const confirm = (token: string, input: Record<string, unknown>, headers?: Record<string, string>) =>
    server.graphql<ConfirmData>(CONFIRM, { input }, { token, headers });

  const itemsOf = (orders: { id: number; appointment: Date }[]) =>
    orders.map((order) => ({ orderId: order.id, appointment: order.appointment.toISOString(), duration: 10800 }));

  /** What is stored for a technician: confirmations and order starts. */
  const stored = async (technician: Technician) => {
    const em = server.em();
    const confirmations = await em.count(ScheduleConfirmation, { technician: technician.id });
    const orders = await em.find(
      Order,
      { technician: technician.id },
      { ...INCLUDING_DELETED, orderBy: { id: 'asc' } },
    );
    return { confirmations, starts: orders.map((order) => order.appointment.toISOString()) };
  };

  describe('date', () => {
    it('skips Sunday: on a Saturday the schedule is Monday', async () => {
      const { token } = await technicianAt(at('2026-11-21', 10));
      expect((await schedule(token)).date).toBe('2026-11-23');
    });

    it('counts Saturday as a working day', async () => {
      const { token } = await technicianAt(at('2026-11-20', 10));
      expect((await schedule(token)).date).toBe('2026-11-21');
    });

    it("reads today in the technician's zone: 00:30 Saturday in Amsterdam is still Friday 23:30 UTC", async () => {
      const { token } = await technicianAt(new Date('2026-11-20T23:30:00Z'));
      expect((await schedule(token)).date).toBe('2026-11-23');
    });

    it('skips a Sunday followed by a holiday of the country (NL, King’s Day)', async () => {
      const { token } = await technicianAt(at('2026-04-25', 9));
      expect((await schedule(token)).date).toBe('2026-04-28');
      const belgian = await technicianAt(at('2026-04-25', 9, Country.BE), Country.BE);
      expect((await schedule(belgian.token)).date).toBe('2026-04-27');
    });

    it('skips a holiday of the country only (BE, National Day)', async () => {
      const belgian = await technicianAt(at('2026-07-20', 16, Country.BE), Country.BE);
      expect((await schedule(belgian.token)).date).toBe('2026-07-22');
      const dutch = await technicianAt(at('2026-07-20', 16));
      expect((await schedule(dutch.token)).date).toBe('2026-07-21');
    });
  });

  describe('orders', () => {
    it('lists the orders of the schedule date by start: not deleted, not of other days or technicians', async () => {
      const { technician, token } = await technicianAt(at('2026-11-20', 10));
      const other = await createTechnician(server.em());
      const em = server.em();
      const late = await createOrder(em, {
        technician,
        appointment: at('2026-11-21', 15),
        name: 'Late',
        special: true,
      });
      const early = await createOrder(em, {
        technician,
        appointment: at('2026-11-21', 8),
        name: 'Early',
        zipcode: '3511 CD',
        city: 'Utrecht',
      });
      await createOrder(em, { technician, appointment: at('2026-11-21', 9), deletedAt: new Date() });
      await createOrder(em, { technician, appointment: at('2026-11-20', 12) }); // today
      await createOrder(em, { technician, appointment: at('2026-11-23', 8) }); // the day after
      await createOrder(em, { technician: other, appointment: at('2026-11-21', 10) });

      const result = await schedule(token);
      expect(result).toEqual({
        date: '2026-11-21',
        locked: false,
        orders: [
          {
            id: early.id,
            appointment: at('2026-11-21', 8).toISOString(),
            duration: 10800,
            name: 'Early',
            zipcode: '3511CD',
            city: 'Utrecht',
            flag: 0,
          },
          expect.objectContaining({ id: late.id, name: 'Late', flag: 1 }),
        ],
      });
    });

    it('answers an empty day with no orders, unlocked', async () => {
      const { token } = await technicianAt(at('2026-11-20', 10));
      expect(await schedule(token)).toEqual({ date: '2026-11-21', locked: false, orders: [] });
    });

    it('is refused to admins and anonymous callers', async () => {
      const admin = tokensFor(server).admin(await createAdmin(server.em()));
      const asAdmin = await server.graphql(SCHEDULE, {}, { token: admin });
      expect(asAdmin.body.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
      const anonymous = await server.graphql(SCHEDULE, {});
      expect(anonymous.body.errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
    });
  });

  describe('confirm', () => {
    const arrangeDay = async () => {
      const { technician, token } = await technicianAt(at('2026-11-20', 18));
      const em = server.em();
      const orders = [
        await createOrder(em, { technician, appointment: at('2026-11-21', 8), name: 'Anna' }),
        await createOrder(em, { technician, appointment: at('2026-11-21', 11), name: 'Bert' }),
        await createOrder(em, { technician, appointment: at('2026-11-21', 14), name: 'Carla' }),
      ];
      return { technician, token, orders, before: await stored(technician) };
    };

    it('saves the shifted hours in time order and locks the schedule; a second confirm is refused', async () => {
      const { technician, token, orders } = await arrangeDay();
      const items = [
        { orderId: orders[1].id, appointment: at('2026-11-21', 7).toISOString(), duration: 10800 },
        { orderId: orders[0].id, appointment: at('2026-11-21', 9).toISOString(), duration: 10800 },
        { orderId: orders[2].id, appointment: at('2026-11-21', 19).toISOString(), duration: 10800 },
      ];
      const { body } = await confirm(token, { date: '2026-11-21', appointments: items });
      expect(body.errors).toBeUndefined();
      expect(body.data?.confirmSchedule.schedule).toEqual({
        date: '2026-11-21',
        locked: true,
        orders: items.map((item) => ({ id: item.orderId, appointment: item.appointment })),
      });

      const reread = await schedule(token);
      expect(reread.locked).toBe(true);
      expect(reread.orders.map((order) => [order.id, order.appointment])).toEqual(
        items.map((item) => [item.orderId, item.appointment]),
      );
      const confirmation = await server.em().findOneOrFail(ScheduleConfirmation, { technician: technician.id });
      expect(confirmation.date).toBe('2026-11-21');
      expect(confirmation.confirmedByAdmin).toBeNull();

      const again = await confirm(token, { appointments: itemsOf(orders) });
      expect(again.body.errors?.[0]?.extensions?.code).toBe('SCHEDULE_LOCKED');
      expect(again.body.errors?.[0]?.message).toBe('Deze planning is al bevestigd en kan niet meer worden gewijzigd.');
      expect((await stored(technician)).starts).toEqual([items[1], items[0], items[2]].map((item) => item.appointment));
    });

    it('accepts the legacy shape without a date, and records the admin who confirmed on behalf', async () => {
      const { technician, orders } = await arrangeDay();
      const admin = await createAdmin(server.em());
      const acting = server.services.tokens.signTechnician(technician, admin);
      const { body } = await confirm(acting, { appointments: itemsOf(orders) });
      expect(body.data?.confirmSchedule.schedule.locked).toBe(true);
      const confirmation = await server
        .em()
        .findOneOrFail(ScheduleConfirmation, { technician: technician.id }, { populate: ['confirmedByAdmin'] });
      expect(confirmation.confirmedByAdmin?.id).toBe(admin.id);
    });

    type Breaker = (
      orders: Order[],
      foreign: Order,
    ) => { orderId: number; appointment: string; duration: number }[] | Record<string, unknown>;
    // Every input shifts Bert by an hour, so a refused confirm that wrote anything would show.
    const items = (orders: Order[]) =>
      itemsOf(orders).map((item) =>
        item.orderId === orders[1].id
          ? { ...item, appointment: new Date(Date.parse(item.appointment) + 3_600_000).toISOString() }
          : item,
      );
    const withStart = (orders: Order[], index: number, start: Date) =>
      items(orders).map((item, i) => (i === index ? { ...item, appointment: start.toISOString() } : item));

    const refusals: [string, string, Breaker][] = [
      ['an order of another technician', 'SCHEDULE_UNKNOWN_ORDER', (orders, foreign) => items([...orders, foreign])],
      ['an order given twice', 'SCHEDULE_DUPLICATE_ORDER', (orders) => items([...orders, orders[0]])],
      ['a start at 06:00', 'SCHEDULE_START_OUT_OF_HOURS', (orders) => withStart(orders, 0, at('2026-11-21', 6))],
      ['a start at 21:00', 'SCHEDULE_START_OUT_OF_HOURS', (orders) => withStart(orders, 2, at('2026-11-21', 21))],
      [
        'an end past 22:00 (start 20:00)',
        'SCHEDULE_END_TOO_LATE',
        (orders) => withStart(orders, 1, at('2026-11-21', 20)),
      ],
      ['a start on another date', 'SCHEDULE_WRONG_DATE', (orders) => withStart(orders, 0, at('2026-11-23', 8))],
      [
        'another duration than 10800',
        'SCHEDULE_INVALID_DURATION',
        (orders) => items(orders).map((item, i) => (i === 1 ? { ...item, duration: 7200 } : item)),
      ],
      ['a missing order of the day', 'SCHEDULE_CHANGED', (orders) => items(orders.slice(1))],
      ['an empty list', 'SCHEDULE_CHANGED', () => []],
      [
        'a date the schedule has moved on from',
        'SCHEDULE_DATE_CHANGED',
        (orders) => ({ date: '2026-11-20', appointments: items(orders) }),
      ],
    ];

    it.each(refusals)('refuses %s with %s and writes nothing', async (_name, code, breaker) => {
      const { technician, token, orders, before } = await arrangeDay();
      const foreign = await createOrder(server.em(), {
        technician: await createTechnician(server.em()),
        appointment: at('2026-11-21', 10),
      });
      const broken = breaker(orders, foreign);
      const input = Array.isArray(broken) ? { date: '2026-11-21', appointments: broken } : broken;
      const { status, body } = await confirm(token, input);
      expect(status).toBe(200);
      expect(body.data).toBeNull();
      expect(body.errors?.[0]?.extensions?.code).toBe(code);
      expect(body.errors?.[0]?.message).not.toBe(code);
      expect(await stored(technician)).toEqual(before);
      expect((await schedule(token)).locked).toBe(false);
    });

    it('names the order in the refusal, in the caller’s language', async () => {
      const { token, orders } = await arrangeDay();
      const input = { appointments: withStart(orders, 1, at('2026-11-21', 20)) };
      const dutch = await confirm(token, input);
      expect(dutch.body.errors?.[0]?.message).toBe('De opdracht bij Bert eindigt na 22.00 uur. Kies een eerder begin.');
      expect(dutch.body.errors?.[0]?.extensions?.orderId).toBe(orders[1].id);
      const french = await confirm(token, input, { 'accept-language': 'fr' });
      expect(french.body.errors?.[0]?.message).toBe(
        'La mission chez Bert se termine après 22\u00a0h. Choisissez un début plus tôt.',
      );
    });

    it('refuses to confirm a day without orders', async () => {
      const { token } = await technicianAt(at('2026-11-20', 10));
      const { body } = await confirm(token, { appointments: [] });
      expect(body.errors?.[0]?.extensions?.code).toBe('SCHEDULE_NOTHING_TO_CONFIRM');
    });

    it('lets exactly one of several simultaneous confirms win', async () => {
      const { technician, token, orders } = await arrangeDay();
      const attempts = await Promise.all(
        [7, 8, 9, 10, 11].map((hour) => confirm(token, { appointments: withStart(orders, 0, at('2026-11-21', hour)) })),
      );
      const winners = attempts.filter((attempt) => attempt.body.data?.confirmSchedule.schedule.locked);
      const losers = attempts.map((attempt) => attempt.body.errors?.[0]?.extensions?.code).filter(Boolean);
      expect(winners).toHaveLength(1);
      expect(losers).toEqual(['SCHEDULE_LOCKED', 'SCHEDULE_LOCKED', 'SCHEDULE_LOCKED', 'SCHEDULE_LOCKED']);
      const saved = await stored(technician);
      expect(saved.confirmations).toBe(1);
      const winnerStart = winners[0].body.data!.confirmSchedule.schedule.orders.find(
        (order) => order.id === orders[0].id,
      )!.appointment;
      expect(saved.starts[0]).toBe(winnerStart);
    });
  });

  describe('legacy calls', () => {
    it('GET /api/technician/appointments/<country> answers date, locked and orders; the path country is ignored', async () => {
      const { technician, token } = await technicianAt(at('2026-11-20', 10));
      const order = await createOrder(server.em(), { technician, appointment: at('2026-11-21', 8), special: true });
      for (const path of ['/api/technician/appointments/BE', '/api/technician/appointments/NL']) {
        const { status, body } = await server.rest('GET', path, { token });
        expect(status).toBe(200);
        expect(body).toEqual({
          date: '2026-11-21',
          locked: false,
          orders: [
            {
              id: order.id,
              appointment: at('2026-11-21', 8).toISOString(),
              duration: 10800,
              name: order.name,
              zipcode: order.zipcode,
              city: order.city,
              flag: 1,
            },
          ],
        });
      }
      expect((await server.rest('GET', '/api/technician/appointments/NL')).status).toBe(401);
    });

    it('POST /api/technician/appointments confirms a form-encoded JSON array, with seconds or ISO starts', async () => {
      const { technician, token } = await technicianAt(at('2026-11-20', 10));
      const em = server.em();
      const first = await createOrder(em, { technician, appointment: at('2026-11-21', 8) });
      const second = await createOrder(em, { technician, appointment: at('2026-11-21', 12) });
      const appointments = JSON.stringify([
        { appointment_id: first.id, appointment: at('2026-11-21', 9).getTime() / 1000, duration: 10800 },
        { appointment_id: second.id, appointment: at('2026-11-21', 13).toISOString(), duration: 10800 },
      ]);
      const { status, body } = await server.rest<{ locked: boolean; orders: { appointment: string }[] }>(
        'POST',
        '/api/technician/appointments',
        { token, form: { appointments } },
      );
      expect(status).toBe(200);
      expect(body.locked).toBe(true);
      expect(body.orders.map((order) => order.appointment)).toEqual([
        at('2026-11-21', 9).toISOString(),
        at('2026-11-21', 13).toISOString(),
      ]);
      const again = await server.rest('POST', '/api/technician/appointments', { token, form: { appointments } });
      expect(again).toMatchObject({ status: 409, body: { message: 'SCHEDULE_LOCKED' } });
    });

    it('answers malformed or invalid legacy input with 400 and a code', async () => {
      const { technician, token } = await technicianAt(at('2026-11-20', 10));
      const order = await createOrder(server.em(), { technician, appointment: at('2026-11-21', 8) });
      const post = (appointments: string) =>
        server.rest('POST', '/api/technician/appointments', { token, form: { appointments } });
      expect(await post('not json')).toMatchObject({ status: 400, body: { message: 'BAD_USER_INPUT' } });
      expect(await post('{"a":1}')).toMatchObject({ status: 400, body: { message: 'BAD_USER_INPUT' } });
      const sixOClock = JSON.stringify([
        { appointment_id: order.id, appointment: at('2026-11-21', 6).toISOString(), duration: 10800 },
      ]);
      expect(await post(sixOClock)).toMatchObject({ status: 400, body: { message: 'SCHEDULE_START_OUT_OF_HOURS' } });
      expect((await stored(technician)).confirmations).toBe(0);
    });
  });
});

describe('technician schedule query count', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ recordQueries: true });
  });
  afterAll(() => server.stop());

  const statementsFor = async (call: () => Promise<unknown>) => {
    server.queries.length = 0;
    await call();
    return server.queries.length;
  };

  it('takes at most 3 statements (authentication, holidays, orders with the lock) for 1 or 30 orders', async () => {
    server.services.clock.travelTo(at('2026-11-20', 10));
    const em = server.em();
    const small = await createTechnician(em);
    const large = await createTechnician(em);
    await createOrder(em, { technician: small, appointment: at('2026-11-21', 8) });
    for (let i = 0; i < 30; i++) {
      await createOrder(em, { technician: large, appointment: at('2026-11-21', 7 + (i % 13)) });
    }
    const tokens = tokensFor(server);
    const viaGraphQL = (technician: Technician) => async () => {
      const { body } = await server.graphql<ScheduleData>(SCHEDULE, {}, { token: tokens.technician(technician) });
      return body.data!.technicianSchedule.orders.length;
    };
    expect(await viaGraphQL(large)()).toBe(30);

    const one = await statementsFor(viaGraphQL(small));
    const thirty = await statementsFor(viaGraphQL(large));
    const legacy = await statementsFor(() =>
      server.rest('GET', '/api/technician/appointments/NL', { token: tokens.technician(large) }),
    );
    expect(thirty).toBeLessThanOrEqual(3);
    expect(thirty).toBe(one);
    // The legacy call checks the technician's session in the schedule's own statement: one where GraphQL has two.
    expect(legacy).toBe(1);
  });
});
