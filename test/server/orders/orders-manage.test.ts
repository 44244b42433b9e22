import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Admin } from '../../../server/admins/admin.entity.js';
import { Order } from '../../../server/orders/order.entity.js';
import { ScheduleConfirmation } from '../../../server/schedule/schedule-confirmation.entity.js';
import type { Technician } from '../../../server/technicians/technician.entity.js';
import { createAdmin, createOrder, createTechnician, tokensFor } from '../../utils/factories.js';
import { startTestServer, type TestServer } from '../../utils/test-server.js';
import { INCLUDING_DELETED } from '../../../server/orders/repository/active-orders.js';

const ORDER_FIELDS = 'id referenceNumber technician { personalNumber } deleted { date admin }';
const BY_REFERENCE = `query ($ref: String!) { orderByReference(referenceNumber: $ref) { ${ORDER_FIELDS} } }`;
const REASSIGN = `mutation ($input: ReassignOrderInput!) { reassignOrder(input: $input) { ${ORDER_FIELDS} } }`;
const DELETE = `mutation ($id: Int!) { deleteOrder(id: $id) { ${ORDER_FIELDS} } }`;

interface OrderView {
  id: number;
  referenceNumber: string;
  technician: { personalNumber: string } | null;
  deleted: { date: string; admin: string } | null;
}

/** Wednesday 2 December 2026, 09:00 in Amsterdam. */
const APPOINTMENT = new Date('2026-12-02T08:00:00Z');

describe('finding, reassigning and deleting orders', () => {
  let server: TestServer;
  let admin: Admin;
  let token: string;
  let jan: Technician;

  beforeAll(async () => {
    server = await startTestServer({ env: { BRAND: 'acme' } });
    const em = server.em();
    admin = await createAdmin(em, { firstname: 'Ria', lastname: 'Beheer' });
    token = tokensFor(server).admin(admin);
    jan = await createTechnician(em, { personalNumber: 'N1', firstname: 'Jan' });
    await createTechnician(em, { personalNumber: 'N2', firstname: 'Anna' });
  });
  afterAll(() => server.stop());

  const arrangeOrder = (referenceNumber: string, technician: Technician | null = jan) =>
    createOrder(server.em(), { referenceNumber, appointment: APPOINTMENT, technician });

  const gql = <T>(query: string, variables: Record<string, unknown>) => server.graphql<T>(query, variables, { token });

  it('finds an order by its reference number, and says clearly when there is none', async () => {
    const order = await arrangeOrder('FIND-1');
    const found = await gql<{ orderByReference: OrderView }>(BY_REFERENCE, { ref: ' FIND-1 ' });
    expect(found.body.data?.orderByReference).toEqual({
      id: order.id,
      referenceNumber: 'FIND-1',
      technician: { personalNumber: 'N1' },
      deleted: null,
    });
    const missing = await gql(BY_REFERENCE, { ref: 'NOPE-1' });
    expect(missing.body.errors?.[0].extensions?.code).toBe('ORDER_NOT_FOUND');
    expect(missing.body.errors?.[0].message).toBe('Er is geen opdracht met referentienummer NOPE-1.');
  });

  it('gives an order another technician, by personal number or id', async () => {
    await arrangeOrder('MOVE-1');
    const byNumber = await gql<{ reassignOrder: OrderView }>(REASSIGN, {
      input: { referenceNumber: 'MOVE-1', technician: 'N2' },
    });
    expect(byNumber.body.data?.reassignOrder.technician).toEqual({ personalNumber: 'N2' });
    const byId = await gql<{ reassignOrder: OrderView }>(REASSIGN, {
      input: { referenceNumber: 'MOVE-1', technician: String(jan.id) },
    });
    expect(byId.body.data?.reassignOrder.technician).toEqual({ personalNumber: 'N1' });
    const stored = await server.em().findOneOrFail(Order, { referenceNumber: 'MOVE-1' }, INCLUDING_DELETED);
    expect(stored.technician?.id).toBe(jan.id);
  });

  it('refuses an unknown technician or order when reassigning', async () => {
    await arrangeOrder('MOVE-2');
    const unknownTechnician = await gql(REASSIGN, { input: { referenceNumber: 'MOVE-2', technician: 'N999' } });
    expect(unknownTechnician.body.errors?.[0].extensions?.code).toBe('UNKNOWN_TECHNICIAN');
    const unknownOrder = await gql(REASSIGN, { input: { referenceNumber: 'MOVE-404', technician: 'N2' } });
    expect(unknownOrder.body.errors?.[0].extensions?.code).toBe('ORDER_NOT_FOUND');
  });

  it("refuses to give an order to a technician who confirmed that day's schedule", async () => {
    const em = server.em();
    const locked = await createTechnician(em, { firstname: 'Kees', lastname: 'Mulder' });
    em.create(ScheduleConfirmation, { technician: locked, date: '2026-12-02', confirmedAt: new Date() });
    await em.flush();
    await arrangeOrder('MOVE-3');
    const { body } = await gql(REASSIGN, { input: { referenceNumber: 'MOVE-3', technician: locked.personalNumber } });
    expect(body.errors?.[0].extensions?.code).toBe('SCHEDULE_CONFIRMED');
    expect(
      (await server.em().findOneOrFail(Order, { referenceNumber: 'MOVE-3' }, INCLUDING_DELETED)).technician?.id,
    ).toBe(jan.id);
  });

  it('soft-deletes an order with the date and the admin, and refuses to delete or change it again', async () => {
    const order = await arrangeOrder('DEL-1');
    const before = Date.now();
    const deleted = await gql<{ deleteOrder: OrderView }>(DELETE, { id: order.id });
    expect(deleted.body.errors).toBeUndefined();
    expect(deleted.body.data?.deleteOrder.deleted?.admin).toBe('Ria Beheer');
    expect(Date.parse(deleted.body.data!.deleteOrder.deleted!.date)).toBeGreaterThanOrEqual(before - 1000);

    const stored = await server
      .em()
      .findOneOrFail(Order, { id: order.id }, { ...INCLUDING_DELETED, populate: ['deletedBy'] });
    expect(stored.deletedAt).not.toBeNull();
    expect(stored.deletedBy?.id).toBe(admin.id);

    const again = await gql(DELETE, { id: order.id });
    expect(again.body.errors?.[0].extensions?.code).toBe('ORDER_DELETED');
    expect(again.body.errors?.[0].message).toBe(
      'Deze opdracht is verwijderd en kan niet meer worden gewijzigd of verwijderd.',
    );
    const reassign = await gql(REASSIGN, { input: { referenceNumber: 'DEL-1', technician: 'N2' } });
    expect(reassign.body.errors?.[0].extensions?.code).toBe('ORDER_DELETED');
    const afterwards = await server.em().findOneOrFail(Order, { id: order.id }, INCLUDING_DELETED);
    expect(afterwards.technician?.id).toBe(jan.id);
    expect(afterwards.deletedAt?.getTime()).toBe(stored.deletedAt?.getTime());

    const found = await gql<{ orderByReference: OrderView }>(BY_REFERENCE, { ref: 'DEL-1' });
    expect(found.body.data?.orderByReference.deleted?.admin).toBe('Ria Beheer');
  });

  it('keeps the name of the deleting admin after that admin is removed', async () => {
    const em = server.em();
    const leaving = await createAdmin(em, { firstname: 'Tijdelijk', lastname: 'Beheer' });
    const order = await arrangeOrder('DEL-2');
    await server.graphql(DELETE, { id: order.id }, { token: tokensFor(server).admin(leaving) });
    await em.nativeDelete(Admin, { id: leaving.id });
    const found = await gql<{ orderByReference: OrderView }>(BY_REFERENCE, { ref: 'DEL-2' });
    expect(found.body.data?.orderByReference.deleted?.admin).toBe('Tijdelijk Beheer');
  });

  it('deletes only once when two admins delete at the same moment', async () => {
    const order = await arrangeOrder('DEL-3');
    const results = await Promise.all([gql(DELETE, { id: order.id }), gql(DELETE, { id: order.id })]);
    const codes = results.map((result) => result.body.errors?.[0].extensions?.code ?? 'OK').sort();
    expect(codes).toEqual(['OK', 'ORDER_DELETED']);
  });

  it('refuses a reference number with control characters clearly, without asking the database', async () => {
    const { body } = await gql(BY_REFERENCE, { ref: 'ORD\u0001' });
    expect(body.errors?.[0].extensions?.code).toBe('BAD_USER_INPUT');
    expect(body.errors?.[0].message).toBe('Dit veld bevat tekens die hier niet kunnen, zoals een tab of regeleinde.');
    expect(await server.rest('GET', '/api/admin/appointment/search/a%00b', { token })).toMatchObject({
      status: 400,
      body: { message: 'BAD_USER_INPUT' },
    });
  });

  it('refuses to delete an unknown order', async () => {
    const { body } = await gql(DELETE, { id: 999_999 });
    expect(body.errors?.[0].extensions?.code).toBe('ORDER_NOT_FOUND');
  });

  it('lets only admins search, reassign and delete', async () => {
    const order = await arrangeOrder('ROLE-1');
    const technicianToken = tokensFor(server).technician(jan);
    const consumerToken = tokensFor(server).consumer([order]);
    for (const [query, variables] of [
      [BY_REFERENCE, { ref: 'ROLE-1' }],
      [REASSIGN, { input: { referenceNumber: 'ROLE-1', technician: 'N2' } }],
      [DELETE, { id: order.id }],
    ] as const) {
      expect((await server.graphql(query, variables)).body.errors?.[0].extensions?.code).toBe('UNAUTHENTICATED');
      for (const other of [technicianToken, consumerToken]) {
        const { body } = await server.graphql(query, variables, { token: other });
        expect(body.errors?.[0].extensions?.code).toBe('FORBIDDEN');
      }
    }
    const untouched = await server.em().findOneOrFail(Order, { id: order.id }, INCLUDING_DELETED);
    expect(untouched.deletedAt).toBeNull();
    expect(untouched.technician?.id).toBe(jan.id);
  });

  describe('legacy calls', () => {
    it('GET /api/admin/appointment/search/<reference> answers the legacy order view', async () => {
      const order = await arrangeOrder('LEG/7');
      const { status, body } = await server.rest(
        'GET',
        `/api/admin/appointment/search/${encodeURIComponent('LEG/7')}`,
        {
          token,
        },
      );
      expect(status).toBe(200);
      expect(body).toMatchObject({
        id: order.id,
        reference_number: 'LEG/7',
        appointment: APPOINTMENT.getTime() / 1000,
        duration: 10800,
        acme_identifier: 'N1',
        flag: 0,
        deleted: 0,
      });
      expect(await server.rest('GET', '/api/admin/appointment/search/NOPE', { token })).toMatchObject({
        status: 404,
        body: { message: 'ORDER_NOT_FOUND' },
      });
    });

    it('POST /api/admin/appointment/edit reassigns by reference number and technician identifier', async () => {
      await arrangeOrder('LEG-EDIT');
      const byIdentifier = await server.rest('POST', '/api/admin/appointment/edit', {
        token,
        form: { reference_number: 'LEG-EDIT', acme_identifier: 'N2' },
      });
      expect(byIdentifier).toMatchObject({
        status: 200,
        body: { reference_number: 'LEG-EDIT', acme_identifier: 'N2' },
      });
      const byId = await server.rest('POST', '/api/admin/appointment/edit', {
        token,
        json: { reference_number: 'LEG-EDIT', technician: jan.id },
      });
      expect(byId).toMatchObject({ status: 200, body: { acme_identifier: 'N1' } });
      expect(
        await server.rest('POST', '/api/admin/appointment/edit', {
          token,
          form: { reference_number: 'LEG-EDIT', technician: 'N404' },
        }),
      ).toMatchObject({ status: 400, body: { message: 'UNKNOWN_TECHNICIAN' } });
    });

    it('DELETE /api/admin/appointment/<id> answers deleted as {date, admin}, then 409', async () => {
      const order = await arrangeOrder('LEG-DEL');
      const { status, body } = await server.rest<{ deleted: unknown }>('DELETE', `/api/admin/appointment/${order.id}`, {
        token,
      });
      expect(status).toBe(200);
      expect(body.deleted).toEqual({ date: expect.stringMatching(/^\d{4}-\d\d-\d\dT/), admin: 'Ria Beheer' });
      expect(await server.rest('DELETE', `/api/admin/appointment/${order.id}`, { token })).toMatchObject({
        status: 409,
        body: { message: 'ORDER_DELETED' },
      });
      expect(
        await server.rest('POST', '/api/admin/appointment/edit', {
          token,
          form: { reference_number: 'LEG-DEL', technician: 'N2' },
        }),
      ).toMatchObject({ status: 409, body: { message: 'ORDER_DELETED' } });
      expect(await server.rest('DELETE', '/api/admin/appointment/abc', { token })).toMatchObject({
        status: 400,
        body: { message: 'BAD_USER_INPUT' },
      });
      expect(await server.rest('DELETE', `/api/admin/appointment/${order.id}`)).toMatchObject({ status: 401 });
    });
  });
});
