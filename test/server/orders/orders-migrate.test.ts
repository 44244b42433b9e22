import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Country } from '../../../server/common/locale.js';
import { Order } from '../../../server/orders/order.entity.js';
import { ScheduleConfirmation } from '../../../server/schedule/schedule-confirmation.entity.js';
import type { Technician } from '../../../server/technicians/technician.entity.js';
import { createAdmin, createOrder, createTechnician, tokensFor } from '../../utils/factories.js';
import { startTestServer, type TestServer } from '../../utils/test-server.js';
import { INCLUDING_DELETED } from '../../../server/orders/repository/active-orders.js';

const DAY_ORDERS = `query ($technician: String!, $day: DateTimeISO!) {
  technicianDayOrders(technician: $technician, day: $day) { id name city zipcode }
}`;
const MIGRATE = `mutation ($input: MigrateOrdersInput!) {
  migrateOrders(input: $input) { orders { id technician { personalNumber } } technician { personalNumber } }
}`;

/** Thursday 10 December 2026 in Amsterdam, at a local hour. */
const dec10 = (hour: number) => new Date(Date.UTC(2026, 11, 10, hour - 1));

describe('migrating orders between technicians', () => {
  let server: TestServer;
  let token: string;
  let sequence = 0;

  beforeAll(async () => {
    server = await startTestServer({ env: { BRAND: 'acme' } });
    token = tokensFor(server).admin(await createAdmin(server.em()));
  });
  afterAll(() => server.stop());

  const technician = (overrides: Parameters<typeof createTechnician>[1] = {}) =>
    createTechnician(server.em(), { personalNumber: `N${900 + ++sequence}`, ...overrides });

  const order = (owner: Technician | null, appointment: Date, extra: { deletedAt?: Date; name?: string } = {}) =>
    createOrder(server.em(), { appointment, technician: owner, ...extra });

  const ownersOf = async (ids: number[]) => {
    const orders = await server
      .em()
      .find(Order, { id: { $in: ids } }, { ...INCLUDING_DELETED, orderBy: { id: 'asc' } });
    return orders.map((item) => item.technician?.id ?? null);
  };

  const migrate = (input: Record<string, unknown>) => server.graphql(MIGRATE, { input }, { token });
  const codeOf = (result: Awaited<ReturnType<typeof migrate>>) => result.body.errors?.[0].extensions?.code;

  it("lists a technician's active orders of one local day, in appointment order", async () => {
    const source = await technician();
    const late = await order(source, dec10(15), { name: 'Late' });
    const early = await order(source, dec10(8), { name: 'Early' });
    await order(source, dec10(11), { name: 'Deleted', deletedAt: new Date() });
    await order(source, new Date(Date.UTC(2026, 11, 10, 23, 30)), { name: 'Next local day' });
    await order(source, new Date(Date.UTC(2026, 11, 9, 22, 59)), { name: 'Previous local day' });
    await order(await technician(), dec10(9), { name: 'Someone else' });

    // Local midnight (23:00 UTC the evening before) and midday name the same day.
    for (const day of [new Date(Date.UTC(2026, 11, 9, 23)), dec10(12)]) {
      const { body } = await server.graphql<{ technicianDayOrders: { id: number; name: string }[] }>(
        DAY_ORDERS,
        { technician: source.personalNumber, day: day.toISOString() },
        { token },
      );
      expect(body.data?.technicianDayOrders.map((item) => item.name)).toEqual(['Early', 'Late']);
      expect(body.data?.technicianDayOrders.map((item) => item.id)).toEqual([early.id, late.id]);
    }
  });

  it('answers the legacy day call with id, name, city and zipcode, from a date in milliseconds', async () => {
    const source = await technician();
    const only = await order(source, dec10(10));
    const { status, body } = await server.rest('POST', '/api/admin/technician/appointments', {
      token,
      form: { technician: String(source.id), date: String(Date.UTC(2026, 11, 9, 23)) },
    });
    expect(status).toBe(200);
    expect(body).toEqual([{ id: only.id, name: only.name, city: 'Utrecht', zipcode: '1234AB' }]);
    const empty = await server.rest('POST', '/api/admin/technician/appointments', {
      token,
      form: { technician: source.personalNumber, date: String(Date.UTC(2026, 11, 12, 12)) },
    });
    expect(empty).toMatchObject({ status: 200, body: [] });
    expect(
      await server.rest('POST', '/api/admin/technician/appointments', {
        token,
        form: { technician: 'N-none', date: String(Date.UTC(2026, 11, 12)) },
      }),
    ).toMatchObject({ status: 400, body: { message: 'UNKNOWN_TECHNICIAN' } });
  });

  it('refuses a day outside the planning years', async () => {
    const source = await technician();
    const { body } = await server.graphql(
      DAY_ORDERS,
      { technician: source.personalNumber, day: '0001-01-01T00:00:00Z' },
      { token },
    );
    expect(body.errors?.[0].extensions?.code).toBe('BAD_USER_INPUT');
    expect(body.errors?.[0].message).toBe('Kies een datum in de jaren 2000 tot en met 2099.');
  });

  it('moves the chosen orders, and only those, to the receiving technician', async () => {
    const source = await technician();
    const target = await technician();
    const [first, second, stays] = [
      await order(source, dec10(8)),
      await order(source, dec10(11)),
      await order(source, dec10(14)),
    ];
    const result = await migrate({
      orderIds: [first.id, second.id, first.id],
      fromTechnician: source.personalNumber,
      toTechnician: String(target.id),
    });
    expect(result.body.errors).toBeUndefined();
    expect(result.body.data).toEqual({
      migrateOrders: {
        orders: [
          { id: first.id, technician: { personalNumber: target.personalNumber } },
          { id: second.id, technician: { personalNumber: target.personalNumber } },
        ],
        technician: { personalNumber: target.personalNumber },
      },
    });
    expect(await ownersOf([first.id, second.id, stays.id])).toEqual([target.id, target.id, source.id]);
  });

  it('moves nothing when one id is unknown, deleted or not the source technician', async () => {
    const source = await technician();
    const other = await technician();
    const target = await technician();
    const good = await order(source, dec10(8));
    const deleted = await order(source, dec10(9), { deletedAt: new Date() });
    const foreign = await order(other, dec10(10));
    const base = { fromTechnician: source.personalNumber, toTechnician: target.personalNumber };

    const unknown = await migrate({ ...base, orderIds: [good.id, 987_654] });
    expect(codeOf(unknown)).toBe('ORDER_NOT_FOUND');
    expect(unknown.body.errors?.[0].message).toBe('Deze opdrachten bestaan niet: 987654. Er is niets gemigreerd.');
    expect(unknown.body.errors?.[0].extensions?.orderIds).toEqual([987_654]);

    const withDeleted = await migrate({ ...base, orderIds: [good.id, deleted.id] });
    expect(codeOf(withDeleted)).toBe('ORDER_DELETED');
    expect(withDeleted.body.errors?.[0].message).toBe(
      `Deze opdrachten zijn verwijderd: ${deleted.id}. Er is niets gemigreerd.`,
    );

    const withForeign = await migrate({ ...base, orderIds: [good.id, foreign.id] });
    expect(codeOf(withForeign)).toBe('ORDER_NOT_OF_SOURCE');

    const mixedWithoutSource = await migrate({ toTechnician: target.personalNumber, orderIds: [good.id, foreign.id] });
    expect(codeOf(mixedWithoutSource)).toBe('ORDER_NOT_OF_SOURCE');
    expect(mixedWithoutSource.body.errors?.[0].message).toBe(
      'De opdrachten horen bij verschillende monteurs; migreer ze per monteur.',
    );

    expect(await ownersOf([good.id, deleted.id, foreign.id])).toEqual([source.id, source.id, other.id]);
  });

  it('refuses a receiving technician who confirmed the schedule of that date, naming the date', async () => {
    const source = await technician();
    const target = await technician({ firstname: 'Fatima', lastname: 'El Amrani' });
    const em = server.em();
    em.create(ScheduleConfirmation, { technician: target.id, date: '2026-12-11', confirmedAt: new Date() });
    await em.flush();
    const open = await order(source, dec10(8));
    const onConfirmedDay = await order(source, new Date(Date.UTC(2026, 11, 11, 7)));

    const refused = await migrate({ orderIds: [open.id, onConfirmedDay.id], toTechnician: target.personalNumber });
    expect(codeOf(refused)).toBe('SCHEDULE_CONFIRMED');
    expect(refused.body.errors?.[0].message).toBe(
      'Fatima El Amrani heeft de planning van 11-12-2026 al bevestigd; daar kunnen geen opdrachten meer bij. Er is niets gewijzigd.',
    );
    expect(await ownersOf([open.id, onConfirmedDay.id])).toEqual([source.id, source.id]);

    const allowed = await migrate({ orderIds: [open.id], toTechnician: target.personalNumber });
    expect(allowed.body.errors).toBeUndefined();
    expect(await ownersOf([open.id])).toEqual([target.id]);
  });

  it('moves nothing to a technician of another country, naming the orders', async () => {
    const source = await technician();
    const belgian = await technician({ firstname: 'Luc', lastname: 'Peeters', country: Country.BE });
    const first = await order(source, dec10(8));
    const second = await order(source, dec10(11));

    const refused = await migrate({ orderIds: [second.id, first.id], toTechnician: belgian.personalNumber });
    expect(codeOf(refused)).toBe('TECHNICIAN_OTHER_COUNTRY');
    expect(refused.body.errors?.[0].message).toBe(
      'Luc Peeters werkt in België; een opdracht in Nederland gaat naar een monteur uit Nederland. Er is niets gewijzigd.',
    );
    expect(refused.body.errors?.[0].extensions?.orderIds).toEqual([first.id, second.id]);
    expect(await ownersOf([first.id, second.id])).toEqual([source.id, source.id]);
  });

  it('refuses an empty selection, an unknown or the same technician', async () => {
    const source = await technician();
    const item = await order(source, dec10(8));
    expect(codeOf(await migrate({ orderIds: [], toTechnician: source.personalNumber }))).toBe('BAD_USER_INPUT');
    const unknown = await migrate({ orderIds: [item.id], toTechnician: 'N-nobody' });
    expect(codeOf(unknown)).toBe('UNKNOWN_TECHNICIAN');
    expect(unknown.body.errors?.[0].extensions?.fields).toEqual([
      { field: 'toTechnician', message: 'Er is geen monteur met dit id of personeelsnummer.' },
    ]);
    expect(codeOf(await migrate({ orderIds: [item.id], toTechnician: source.personalNumber }))).toBe(
      'MIGRATION_SAME_TECHNICIAN',
    );
    expect(
      codeOf(
        await migrate({
          orderIds: [item.id],
          fromTechnician: source.personalNumber,
          toTechnician: String(source.id),
        }),
      ),
    ).toBe('MIGRATION_SAME_TECHNICIAN');
  });

  it('lets only admins list and migrate', async () => {
    const source = await technician();
    const target = await technician();
    const item = await order(source, dec10(8));
    const input = { orderIds: [item.id], toTechnician: target.personalNumber };
    expect((await server.graphql(MIGRATE, { input })).body.errors?.[0].extensions?.code).toBe('UNAUTHENTICATED');
    const asTechnician = await server.graphql(MIGRATE, { input }, { token: tokensFor(server).technician(target) });
    expect(asTechnician.body.errors?.[0].extensions?.code).toBe('FORBIDDEN');
    const dayAsTechnician = await server.graphql(
      DAY_ORDERS,
      { technician: source.personalNumber, day: dec10(8).toISOString() },
      { token: tokensFor(server).technician(source) },
    );
    expect(dayAsTechnician.body.errors?.[0].extensions?.code).toBe('FORBIDDEN');
    expect(await ownersOf([item.id])).toEqual([source.id]);
  });

  describe('legacy POST /api/admin/migrate', () => {
    it('takes orders as a JSON list and the technician by personal number or id', async () => {
      const source = await technician();
      const target = await technician();
      const a = await order(source, dec10(8));
      const b = await order(source, dec10(12));
      const { status, body } = await server.rest('POST', '/api/admin/migrate', {
        token,
        form: { orders: JSON.stringify([a.id, b.id]), technician: target.personalNumber },
      });
      expect(status).toBe(200);
      expect(body).toEqual({ orders: [a.id, b.id], technician: target.id, acme_identifier: target.personalNumber });
      const back = await server.rest('POST', '/api/admin/migrate', {
        token,
        json: { orders: [a.id], technician: source.id },
      });
      expect(back.status).toBe(200);
      expect(await ownersOf([a.id, b.id])).toEqual([source.id, target.id]);
    });

    it('moves nothing on one bad id, and answers the code', async () => {
      const source = await technician();
      const target = await technician();
      const a = await order(source, dec10(8));
      const refused = await server.rest('POST', '/api/admin/migrate', {
        token,
        form: { orders: JSON.stringify([a.id, 123_456]), technician: target.personalNumber },
      });
      expect(refused).toMatchObject({ status: 404, body: { message: 'ORDER_NOT_FOUND' } });
      expect(await ownersOf([a.id])).toEqual([source.id]);
      const garbage = await server.rest('POST', '/api/admin/migrate', {
        token,
        form: { orders: 'not a list', technician: target.personalNumber },
      });
      expect(garbage).toMatchObject({ status: 400, body: { message: 'BAD_USER_INPUT' } });
    });
  });
});
