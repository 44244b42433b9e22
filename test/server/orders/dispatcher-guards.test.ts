import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Admin } from '../../../server/admins/admin.entity.js';
import { OrderEvent } from '../../../server/audit/order-event.entity.js';
import { Country } from '../../../server/common/locale.js';
import { Order } from '../../../server/orders/order.entity.js';
import { ScheduleConfirmation } from '../../../server/schedule/schedule-confirmation.entity.js';
import { Technician } from '../../../server/technicians/technician.entity.js';
import { createAdmin, createOrder, createTechnician, tokensFor } from '../../utils/factories.js';
import { startTestServer, type TestServer } from '../../utils/test-server.js';
import { INCLUDING_DELETED } from '../../../server/orders/repository/active-orders.js';

const REASSIGN = `mutation ($input: ReassignOrderInput!) {
  reassignOrder(input: $input) { id technician { personalNumber } }
}`;
const DELETE_TECHNICIAN = `mutation ($id: Int!, $moveOrdersTo: String) {
  deleteTechnician(id: $id, moveOrdersTo: $moveOrdersTo) { id movedOrders }
}`;
const ORDERS = `query ($filter: OrderFilterInput, $sort: OrderSortInput) {
  orders(filter: $filter, sort: $sort, first: 50) { totalCount edges { node { id technician { personalNumber } } } }
}`;

/** Thursday 26 November 2026, 10:00 in Amsterdam and Brussels. */
const NOW = new Date('2026-11-26T09:00:00Z');
/** Local hour on a day in December 2026 (both countries are UTC+1 then). */
const dec = (day: number, hour: number) => new Date(Date.UTC(2026, 11, day, hour - 1));

describe("the dispatcher's guards: country, deleting a technician, orders without one", () => {
  let server: TestServer;
  let admin: Admin;
  let token: string;
  let sequence = 0;

  beforeAll(async () => {
    server = await startTestServer();
    admin = await createAdmin(server.em(), { firstname: 'Ria', lastname: 'Beheer' });
  });
  beforeEach(() => {
    server.services.clock.travelTo(NOW);
    token = tokensFor(server).admin(admin);
  });
  afterAll(() => server.stop());

  const technician = (overrides: Parameters<typeof createTechnician>[1] = {}) =>
    createTechnician(server.em(), { personalNumber: `G${++sequence}`, ...overrides });
  const order = (owner: Technician | null, appointment: Date, extra: { country?: Country; deletedAt?: Date } = {}) =>
    createOrder(server.em(), { appointment, technician: owner, ...extra });
  const gql = <T>(query: string, variables: Record<string, unknown>) => server.graphql<T>(query, variables, { token });
  const ownerOf = async (id: number) =>
    (await server.em().findOneOrFail(Order, id, { ...INCLUDING_DELETED, populate: ['technician'] })).technician
      ?.personalNumber ?? null;
  const eventsOf = (id: number) => server.em().find(OrderEvent, { order: id }, { orderBy: { id: 'asc' } });

  it('refuses to reassign an order to a technician of another country, in both languages', async () => {
    const dutch = await technician();
    const belgian = await technician({ firstname: 'Luc', lastname: 'Peeters', country: Country.BE });
    const item = await order(dutch, dec(2, 9));

    const refused = await gql(REASSIGN, {
      input: { referenceNumber: item.referenceNumber, technician: String(belgian.id) },
    });
    expect(refused.body.errors?.[0]).toMatchObject({
      message:
        'Luc Peeters werkt in België; een opdracht in Nederland gaat naar een monteur uit Nederland. Er is niets gewijzigd.',
      extensions: { code: 'TECHNICIAN_OTHER_COUNTRY', orderIds: [item.id] },
    });
    const french = await server.graphql(
      REASSIGN,
      { input: { referenceNumber: item.referenceNumber, technician: belgian.personalNumber } },
      { token, headers: { 'accept-language': 'fr' } },
    );
    expect(french.body.errors?.[0].message).toBe(
      "Luc Peeters travaille en Belgique\u00a0; une mission aux Pays-Bas est confiée à un technicien des Pays-Bas. Rien n'a été modifié.",
    );
    expect(await ownerOf(item.id)).toBe(dutch.personalNumber);
    expect(await server.em().count(OrderEvent, { order: item.id })).toBe(0);
  });

  it('refuses to delete a technician with active orders, listing them, and changes nothing', async () => {
    const leaving = await technician({ firstname: 'Piet', lastname: 'Weg' });
    const later = await order(leaving, dec(3, 9));
    const sooner = await order(leaving, dec(1, 13));
    const today = await order(leaving, new Date('2026-11-26T07:00:00Z'));
    await order(leaving, dec(1, 9), { deletedAt: NOW });
    await order(leaving, new Date('2026-11-20T09:00:00Z'));

    const refused = await gql(DELETE_TECHNICIAN, { id: leaving.id });
    expect(refused.body.errors?.[0]).toMatchObject({
      message: `Piet Weg heeft nog 3 opdrachten (${today.referenceNumber}, ${sooner.referenceNumber}, ${later.referenceNumber}). Verplaats ze eerst naar een andere monteur; er is niets verwijderd.`,
      extensions: {
        code: 'TECHNICIAN_HAS_ORDERS',
        orderCount: 3,
        orders: [
          { id: today.id, referenceNumber: today.referenceNumber, appointment: today.appointment.toISOString() },
          { id: sooner.id, referenceNumber: sooner.referenceNumber, appointment: sooner.appointment.toISOString() },
          { id: later.id, referenceNumber: later.referenceNumber, appointment: later.appointment.toISOString() },
        ],
      },
    });
    expect(await server.em().count(Technician, { id: leaving.id })).toBe(1);
    expect(await ownerOf(later.id)).toBe(leaving.personalNumber);

    const legacy = await server.rest('DELETE', `/api/admin/technician/${leaving.id}`, { token });
    expect(legacy).toMatchObject({ status: 409, body: { message: 'TECHNICIAN_HAS_ORDERS' } });
    expect(await server.em().count(Technician, { id: leaving.id })).toBe(1);
  });

  it("moves a leaving technician's active orders in one step, each recorded; past ones record the loss", async () => {
    const leaving = await technician({ firstname: 'Piet', lastname: 'Weg' });
    const taking = await technician({ firstname: 'Anna', lastname: 'Blijft' });
    const first = await order(leaving, dec(1, 9));
    const second = await order(leaving, dec(2, 9));
    const past = await order(leaving, new Date('2026-11-20T09:00:00Z'));
    const deleted = await order(leaving, dec(4, 9), { deletedAt: NOW });

    const moved = await gql<{ deleteTechnician: { id: number; movedOrders: number } }>(DELETE_TECHNICIAN, {
      id: leaving.id,
      moveOrdersTo: taking.personalNumber,
    });
    expect(moved.body.errors).toBeUndefined();
    expect(moved.body.data?.deleteTechnician).toEqual({ id: leaving.id, movedOrders: 2 });
    expect(await server.em().count(Technician, { id: leaving.id })).toBe(0);
    expect([await ownerOf(first.id), await ownerOf(second.id)]).toEqual([taking.personalNumber, taking.personalNumber]);
    for (const item of [first, second]) {
      expect(
        (await eventsOf(item.id)).map((event) => [event.kind, event.before, event.after, event.actorName]),
      ).toEqual([
        ['MIGRATED', { technician: leaving.personalNumber }, { technician: taking.personalNumber }, 'Ria Beheer'],
      ]);
    }
    for (const item of [past, deleted]) {
      expect(await ownerOf(item.id)).toBeNull();
      expect((await eventsOf(item.id)).map((event) => [event.kind, event.before, event.after])).toEqual([
        ['TECHNICIAN_DELETED', { technician: leaving.personalNumber }, { technician: null }],
      ]);
    }
  });

  it('moves nothing and deletes nothing when the receiving technician does not fit', async () => {
    const leaving = await technician();
    const item = await order(leaving, dec(2, 9));
    const belgian = await technician({ firstname: 'Luc', lastname: 'Peeters', country: Country.BE });
    const confirmed = await technician({ firstname: 'Fatima', lastname: 'El Amrani' });
    const em = server.em();
    em.create(ScheduleConfirmation, { technician: confirmed.id, date: '2026-12-02', confirmedAt: NOW });
    await em.flush();

    const attempts = [
      { moveOrdersTo: belgian.personalNumber, code: 'TECHNICIAN_OTHER_COUNTRY' },
      { moveOrdersTo: confirmed.personalNumber, code: 'SCHEDULE_CONFIRMED' },
      { moveOrdersTo: leaving.personalNumber, code: 'MIGRATION_SAME_TECHNICIAN' },
      { moveOrdersTo: 'G-none', code: 'UNKNOWN_TECHNICIAN' },
    ];
    for (const { moveOrdersTo, code } of attempts) {
      const refused = await gql(DELETE_TECHNICIAN, { id: leaving.id, moveOrdersTo });
      expect(refused.body.errors?.[0].extensions?.code).toBe(code);
    }
    expect(await server.em().count(Technician, { id: leaving.id })).toBe(1);
    expect(await ownerOf(item.id)).toBe(leaving.personalNumber);
    expect(await server.em().count(OrderEvent, { order: item.id })).toBe(0);
  });

  it('lists the orders without a technician, with or without a search', async () => {
    const owner = await technician();
    const orphan = await order(null, dec(7, 9));
    const owned = await order(owner, dec(7, 10));
    const from = dec(7, 0).toISOString();
    const to = dec(8, 0).toISOString();
    for (const sort of [null, { field: 'APPOINTMENT', direction: 'ASC' }]) {
      const without = await gql<{ orders: { edges: { node: { id: number } }[] } }>(ORDERS, {
        filter: { from, to, withoutTechnician: true },
        sort,
      });
      expect(without.body.data?.orders.edges.map((edge) => edge.node.id)).toEqual([orphan.id]);
      const withOne = await gql<{ orders: { edges: { node: { id: number } }[] } }>(ORDERS, {
        filter: { from, to, withoutTechnician: false },
        sort,
      });
      expect(withOne.body.data?.orders.edges.map((edge) => edge.node.id)).toEqual([owned.id]);
    }
  });
});
