import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Admin } from '../../../server/admins/admin.entity.js';
import { OrderEvent } from '../../../server/audit/order-event.entity.js';
import { Country } from '../../../server/common/locale.js';
import { Order } from '../../../server/orders/order.entity.js';
import type { Technician } from '../../../server/technicians/technician.entity.js';
import { createAdmin, createOrder, createTechnician, tokensFor } from '../../utils/factories.js';
import { startTestServer, type TestServer } from '../../utils/test-server.js';
import { INCLUDING_DELETED } from '../../../server/orders/repository/active-orders.js';

const UPDATE = `mutation ($input: UpdateOrderAddressInput!) {
  updateOrderAddress(input: $input) { id zipcode houseNumber houseNumberAddition street city technician { firstname } }
}`;
const SCHEDULE = `{ technicianSchedule { orders { id street houseNumber houseNumberAddition zipcode city } } }`;

/** Thursday 26 November 2026, 10:00 in Amsterdam; the technician's schedule is Friday's. */
const NOW = new Date('2026-11-26T09:00:00Z');
const FRIDAY_9 = new Date('2026-11-27T08:00:00Z');

describe("correcting an order's visit address", () => {
  let server: TestServer;
  let admin: Admin;
  let jan: Technician;
  let token: string;

  beforeAll(async () => {
    server = await startTestServer();
    admin = await createAdmin(server.em(), { firstname: 'Ria', lastname: 'Beheer' });
    jan = await createTechnician(server.em(), { firstname: 'Jan', lastname: 'Bos' });
  });
  beforeEach(() => {
    server.services.clock.travelTo(NOW);
    token = tokensFor(server).admin(admin);
  });
  afterAll(() => server.stop());

  const address = (orderId: number, overrides: Record<string, unknown> = {}) => ({
    orderId,
    zipcode: '3511cd',
    houseNumber: '6',
    houseNumberAddition: '-bis',
    street: '  Oudegracht ',
    city: 'Utrecht',
    ...overrides,
  });
  const update = (input: Record<string, unknown>, headers: Record<string, string> = {}) =>
    server.graphql<{ updateOrderAddress: Record<string, unknown> }>(UPDATE, { input }, { token, headers });
  const eventsOf = (id: number) => server.em().find(OrderEvent, { order: id }, { orderBy: { id: 'asc' } });

  it('stores the address as creating an order would, records what changed, and the technician reads it', async () => {
    const item = await createOrder(server.em(), {
      technician: jan,
      appointment: FRIDAY_9,
      zipcode: '1234 AB',
      houseNumber: '10',
    });
    const { body } = await update(address(item.id));
    expect(body.errors).toBeUndefined();
    expect(body.data?.updateOrderAddress).toEqual({
      id: item.id,
      zipcode: '3511CD',
      houseNumber: 6,
      houseNumberAddition: 'bis',
      street: 'Oudegracht',
      city: 'Utrecht',
      // read back with its technician, as the order page does
      technician: { firstname: jan.firstname },
    });
    const events = await eventsOf(item.id);
    expect(events.map((event) => [event.kind, event.before, event.after, event.actorName])).toEqual([
      [
        'ADDRESS_CHANGED',
        { zipcode: '1234AB', houseNumber: 10, houseNumberAddition: null, street: null },
        { zipcode: '3511CD', houseNumber: 6, houseNumberAddition: 'bis', street: 'Oudegracht' },
        'Ria Beheer',
      ],
    ]);

    const schedule = await server.graphql<{ technicianSchedule: { orders: Record<string, unknown>[] } }>(
      SCHEDULE,
      {},
      { token: tokensFor(server).technician(jan) },
    );
    expect(schedule.body.data?.technicianSchedule.orders).toContainEqual({
      id: item.id,
      street: 'Oudegracht',
      houseNumber: 6,
      houseNumberAddition: 'bis',
      zipcode: '3511CD',
      city: 'Utrecht',
    });

    // The same address again changes nothing and records nothing.
    const again = await update(address(item.id, { zipcode: '3511 CD', houseNumberAddition: 'bis' }));
    expect(again.body.errors).toBeUndefined();
    expect(await eventsOf(item.id)).toHaveLength(1);
  });

  it('clears the street and addition when they are left empty', async () => {
    const item = await createOrder(server.em(), {
      technician: jan,
      appointment: FRIDAY_9,
      street: 'Oudegracht',
      houseNumberAddition: 'a',
    });
    const { body } = await update(
      address(item.id, { zipcode: item.zipcode, houseNumber: '10', street: ' ', houseNumberAddition: null }),
    );
    expect(body.data?.updateOrderAddress).toMatchObject({ street: null, houseNumberAddition: null });
    const [event] = await eventsOf(item.id);
    expect([event.before, event.after]).toEqual([
      { street: 'Oudegracht', houseNumberAddition: 'a' },
      { street: null, houseNumberAddition: null },
    ]);
  });

  it("refuses an invalid address per field, with the postcode rule of the order's country, in both languages", async () => {
    const dutch = await createOrder(server.em(), { technician: jan, appointment: FRIDAY_9 });
    const refused = await update(address(dutch.id, { zipcode: '1000', houseNumber: '6a', city: '' }));
    expect(refused.body.errors?.[0]).toMatchObject({
      message: 'De opdracht is niet opgeslagen: controleer de gemarkeerde velden.',
      extensions: {
        code: 'BAD_USER_INPUT',
        fields: [
          { field: 'city', message: 'Dit veld is verplicht.' },
          {
            field: 'zipcode',
            message: 'Een Nederlandse postcode bestaat uit vier cijfers en twee letters, bijvoorbeeld 1234 AB.',
          },
          { field: 'houseNumber', message: 'Een huisnummer bestaat alleen uit cijfers.' },
        ],
      },
    });

    const belgian = await createOrder(server.em(), {
      appointment: FRIDAY_9,
      country: Country.BE,
      zipcode: '9000',
      city: 'Gent',
    });
    const french = await update(address(belgian.id, { zipcode: '3511 CD', city: 'Gand' }), {
      'accept-language': 'fr',
    });
    expect(french.body.errors?.[0].extensions?.code).toBe('BAD_USER_INPUT');
    expect(french.body.errors?.[0].extensions?.fields).toEqual([
      { field: 'zipcode', message: expect.stringContaining('1000') },
    ]);
    for (const item of [dutch, belgian]) {
      const stored = await server.em().findOneOrFail(Order, item.id, INCLUDING_DELETED);
      expect([stored.zipcode, stored.city, stored.street]).toEqual([item.zipcode, item.city, null]);
      expect(await eventsOf(item.id)).toEqual([]);
    }
  });

  it('refuses a deleted order and an unknown one, and every caller but an admin', async () => {
    const deleted = await createOrder(server.em(), { technician: jan, appointment: FRIDAY_9, deletedAt: NOW });
    const refused = await update(address(deleted.id));
    expect(refused.body.errors?.[0].extensions?.code).toBe('ORDER_DELETED');
    expect((await server.em().findOneOrFail(Order, deleted.id, INCLUDING_DELETED)).zipcode).toBe(deleted.zipcode);
    expect(await eventsOf(deleted.id)).toEqual([]);

    expect((await update(address(999_999))).body.errors?.[0].extensions?.code).toBe('ORDER_NOT_FOUND');

    const item = await createOrder(server.em(), { technician: jan, appointment: FRIDAY_9 });
    const asTechnician = await server.graphql(
      UPDATE,
      { input: address(item.id) },
      { token: tokensFor(server).technician(jan) },
    );
    expect(asTechnician.body.errors?.[0].extensions?.code).toBe('FORBIDDEN');
    const anonymous = await server.graphql(UPDATE, { input: address(item.id) });
    expect(anonymous.body.errors?.[0].extensions?.code).toBe('UNAUTHENTICATED');
    expect((await server.em().findOneOrFail(Order, item.id, INCLUDING_DELETED)).zipcode).toBe(item.zipcode);
  });
});
