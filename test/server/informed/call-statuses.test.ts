import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Admin } from '../../../server/admins/admin.entity.js';
import { OrderEvent } from '../../../server/audit/order-event.entity.js';
import { OrderEventKind } from '../../../server/audit/order-event-kind.js';
import { OrderCall } from '../../../server/informed/order-call.entity.js';
import { Order } from '../../../server/orders/order.entity.js';
import { SiteVisit } from '../../../server/statistics/site-visit.entity.js';
import type { Technician } from '../../../server/technicians/technician.entity.js';
import { createAdmin, createOrder, createTechnician, tokensFor, type OrderOverrides } from '../../utils/factories.js';
import { startTestServer, type TestServer } from '../../utils/test-server.js';
import { INCLUDING_DELETED } from '../../../server/orders/repository/active-orders.js';

const SET = /* GraphQL */ `
  mutation ($input: SetCallStatusInput!) {
    setCallStatus(input: $input) {
      id
      call {
        status
        note
        setAt
        setByName
      }
    }
  }
`;

const LIST = /* GraphQL */ `
  query ($country: Country, $technician: String, $status: CallListStatus) {
    callList(country: $country, technician: $technician, status: $status) {
      totalOrders
      matchingOrders
      counts {
        status
        count
      }
      orders {
        referenceNumber
        call {
          status
          note
          setByName
        }
      }
    }
  }
`;

interface Call {
  status: string;
  note: string | null;
  setAt: string;
  setByName: string;
}
interface SetData {
  setCallStatus: { id: number; call: Call | null };
}
interface ListData {
  callList: {
    totalOrders: number;
    matchingOrders: number;
    counts: { status: string; count: number }[];
    orders: { referenceNumber: string; call: Omit<Call, 'setAt'> | null }[];
  };
}

/** Monday 23 November 2026, 19:00 in Amsterdam: the evening before Tuesday's visits. */
const MONDAY_EVENING = new Date('2026-11-23T19:00:00+01:00');
const CREATED = new Date('2026-11-01T09:00:00+01:00');

describe('call statuses on the call list', () => {
  let server: TestServer;
  let admin: Admin;
  let token: string;
  let anna: Technician;
  let jan: Technician;
  const orders: Record<string, Order> = {};

  const order = async (key: string, at: string, overrides: Omit<OrderOverrides, 'appointment'> = {}) => {
    orders[key] = await createOrder(server.em(), {
      referenceNumber: `CALL-${key}`,
      zipcode: `${1000 + Object.keys(orders).length} AA`,
      createdAt: CREATED,
      technician: anna,
      ...overrides,
      appointment: new Date(at),
    });
    return orders[key];
  };

  const set = (input: Record<string, unknown>, options: { token?: string; language?: string } = {}) =>
    server.graphql<SetData>(
      SET,
      { input },
      { token: options.token ?? token, headers: options.language ? { 'accept-language': options.language } : {} },
    );

  const list = async (variables: Record<string, unknown> = {}) => {
    const { body } = await server.graphql<ListData>(LIST, { country: 'NL', ...variables }, { token });
    expect(body.errors).toBeUndefined();
    return body.data!.callList;
  };
  const references = (data: ListData['callList']) => data.orders.map((row) => row.referenceNumber);
  const countsOf = (data: ListData['callList']) =>
    Object.fromEntries(data.counts.map(({ status, count }) => [status, count]));
  const eventsOf = async (id: number) =>
    (
      await server
        .em()
        .find(OrderEvent, { order: id, kind: OrderEventKind.CALL_STATUS_SET }, { orderBy: { id: 'asc' } })
    ).map((event) => ({ before: event.before, after: event.after, actorName: event.actorName }));

  beforeAll(async () => {
    server = await startTestServer({ env: { CLOCK_NOW: MONDAY_EVENING.toISOString() } });
    admin = await createAdmin(server.em(), { firstname: 'Ria', lastname: 'Beheer' });
    token = tokensFor(server).admin(admin);
    anna = await createTechnician(server.em(), { firstname: 'Anna', lastname: 'Visser', personalNumber: 'C-ANNA' });
    jan = await createTechnician(server.em(), { firstname: 'Jan', lastname: 'Smit', personalNumber: 'C-JAN' });
    await order('A', '2026-11-24T08:00:00+01:00');
    await order('B', '2026-11-24T09:00:00+01:00');
    await order('C', '2026-11-24T10:00:00+01:00', { technician: jan });
    await order('D', '2026-11-24T11:00:00+01:00');
    // Not on the list: deleted, external, Wednesday.
    await order('DELETED', '2026-11-24T09:00:00+01:00', { deletedAt: new Date('2026-11-23T12:00:00+01:00') });
    await order('EXTERNAL', '2026-11-24T09:00:00+01:00', { externalCompany: 1 });
    await order('WEDNESDAY', '2026-11-25T09:00:00+01:00');
  });
  afterAll(() => server.stop());

  it('records a status with a note, who set it and when, in the order history', async () => {
    const { body } = await set({ orderId: orders.B.id, status: 'VOICEMAIL', note: '  Belt na 20:00 terug ' });
    expect(body.errors).toBeUndefined();
    expect(body.data?.setCallStatus).toMatchObject({
      id: orders.B.id,
      call: { status: 'VOICEMAIL', note: 'Belt na 20:00 terug', setByName: 'Ria Beheer' },
    });
    const setAt = Date.parse(body.data!.setCallStatus.call!.setAt);
    expect(setAt - MONDAY_EVENING.getTime()).toBeGreaterThanOrEqual(0);
    expect(setAt - MONDAY_EVENING.getTime()).toBeLessThan(60_000);
    expect(await eventsOf(orders.B.id)).toEqual([
      {
        before: { callStatus: null, callNote: null },
        after: { callStatus: 'VOICEMAIL', callNote: 'Belt na 20:00 terug' },
        actorName: 'Ria Beheer',
      },
    ]);
    const stored = await server.em().findOneOrFail(OrderCall, { order: orders.B.id });
    expect(stored).toMatchObject({ callDate: '2026-11-24', setByAdminId: admin.id });
  });

  it('changes a status, records only what changed, and records nothing for the same again', async () => {
    const other = await createAdmin(server.em(), { firstname: 'Greet', lastname: 'Jansen' });
    const otherToken = tokensFor(server).admin(other);
    const changed = await set(
      { orderId: orders.B.id, status: 'VOICEMAIL', note: 'Tweede bericht' },
      { token: otherToken },
    );
    expect(changed.body.data?.setCallStatus.call).toMatchObject({ status: 'VOICEMAIL', setByName: 'Greet Jansen' });
    const reached = await set({ orderId: orders.B.id, status: 'REACHED', note: 'Tweede bericht' });
    expect(reached.body.data?.setCallStatus.call).toMatchObject({ status: 'REACHED', note: 'Tweede bericht' });
    const again = await set({ orderId: orders.B.id, status: 'REACHED', note: 'Tweede bericht' });
    expect(again.body.errors).toBeUndefined();
    expect((await eventsOf(orders.B.id)).slice(1)).toEqual([
      { before: { callNote: 'Belt na 20:00 terug' }, after: { callNote: 'Tweede bericht' }, actorName: 'Greet Jansen' },
      { before: { callStatus: 'VOICEMAIL' }, after: { callStatus: 'REACHED' }, actorName: 'Ria Beheer' },
    ]);
  });

  it('counts the rows per status, moves the done ones down and filters by status and technician', async () => {
    await set({ orderId: orders.A.id, status: 'WRONG_NUMBER' });
    await set({ orderId: orders.C.id, status: 'NO_ANSWER' });
    const whole = await list();
    // Still to call by start (C no answer among them), then the done ones by start (A wrong number, B reached).
    expect(references(whole)).toEqual(['CALL-C', 'CALL-D', 'CALL-A', 'CALL-B']);
    expect(whole).toMatchObject({ totalOrders: 4, matchingOrders: 4 });
    expect(countsOf(whole)).toEqual({ NOT_CALLED: 1, REACHED: 1, NO_ANSWER: 1, VOICEMAIL: 0, WRONG_NUMBER: 1 });
    expect(whole.counts.map((count) => count.status)).toEqual([
      'NOT_CALLED',
      'REACHED',
      'NO_ANSWER',
      'VOICEMAIL',
      'WRONG_NUMBER',
    ]);

    const noAnswer = await list({ status: 'NO_ANSWER' });
    expect(references(noAnswer)).toEqual(['CALL-C']);
    // The counts stay those of the whole list, so the other statuses can still be chosen.
    expect(countsOf(noAnswer)).toEqual(countsOf(whole));
    expect(noAnswer.matchingOrders).toBe(1);
    expect(references(await list({ status: 'NOT_CALLED' }))).toEqual(['CALL-D']);

    const annas = await list({ technician: 'C-ANNA' });
    expect(references(annas)).toEqual(['CALL-D', 'CALL-A', 'CALL-B']);
    expect(annas.totalOrders).toBe(3);
    expect(countsOf(annas)).toEqual({ NOT_CALLED: 1, REACHED: 1, NO_ANSWER: 0, VOICEMAIL: 0, WRONG_NUMBER: 1 });
    expect(references(await list({ technician: String(jan.id), status: 'NO_ANSWER' }))).toEqual(['CALL-C']);

    const unknown = await server.graphql(LIST, { technician: 'C-NOBODY' }, { token });
    expect(unknown.body.errors?.[0].extensions?.code).toBe('UNKNOWN_TECHNICIAN');
  });

  it('keeps a called customer on the list after they looked the window up; an uncalled one leaves it', async () => {
    const em = server.em();
    for (const key of ['A', 'D']) {
      em.create(SiteVisit, {
        visitedAt: new Date('2026-11-23T18:00:00+01:00'),
        order: orders[key].id,
        userAgent: 'test',
        browser: 'Chrome',
        os: 'Android',
      });
    }
    await em.flush();
    expect(references(await list())).toEqual(['CALL-C', 'CALL-A', 'CALL-B']);
  });

  it('clears a status back to not called, and refuses a note without a status', async () => {
    const withNote = await set({ orderId: orders.C.id, status: null, note: 'iets' });
    expect(withNote.body.errors?.[0].extensions).toMatchObject({
      code: 'BAD_USER_INPUT',
      fields: [{ field: 'note', message: 'Kies eerst hoe het gesprek ging; een notitie hoort bij een belstatus.' }],
    });
    const cleared = await set({ orderId: orders.C.id, status: null });
    expect(cleared.body.data?.setCallStatus.call).toBeNull();
    expect(await server.em().count(OrderCall, { order: orders.C.id })).toBe(0);
    expect((await eventsOf(orders.C.id)).at(-1)).toEqual({
      before: { callStatus: 'NO_ANSWER' },
      after: { callStatus: null },
      actorName: 'Ria Beheer',
    });
    expect(countsOf(await list())).toMatchObject({ NOT_CALLED: 1, NO_ANSWER: 0 });
  });

  it('validates the note: at most 300 characters as people count them, one line, in the user language', async () => {
    const emoji = '👍'.repeat(300);
    const longest = await set({ orderId: orders.D.id, status: 'NO_ANSWER', note: emoji });
    expect(longest.body.data?.setCallStatus.call?.note).toBe(emoji);

    const tooLong = await set({ orderId: orders.D.id, status: 'NO_ANSWER', note: 'x'.repeat(301) });
    expect(tooLong.body.errors?.[0].extensions).toMatchObject({
      code: 'BAD_USER_INPUT',
      fields: [{ field: 'note', message: 'Dit veld mag hoogstens 300 tekens bevatten.' }],
    });
    const french = await set({ orderId: orders.D.id, status: 'NO_ANSWER', note: 'x'.repeat(301) }, { language: 'fr' });
    expect(french.body.errors?.[0].extensions?.fields).toEqual([
      { field: 'note', message: 'Ce champ ne peut pas dépasser 300 caractères.' },
    ]);
    for (const note of ['eerste regel\ntweede regel', 'tab\there', 'omgekeerd \u202Etekst']) {
      const refused = await set({ orderId: orders.D.id, status: 'NO_ANSWER', note });
      expect(refused.body.errors?.[0].extensions).toMatchObject({
        code: 'BAD_USER_INPUT',
        fields: [
          { field: 'note', message: 'Dit veld bevat tekens die hier niet kunnen, zoals een tab of regeleinde.' },
        ],
      });
    }
    const nul = await set({ orderId: orders.D.id, status: 'NO_ANSWER', note: 'a\u0000b' });
    expect(nul.body.errors?.[0].extensions?.code).toBe('BAD_USER_INPUT');
    const invalidStatus = await set({ orderId: orders.D.id, status: 'CALLED_TWICE' });
    expect(invalidStatus.body.errors?.[0].extensions?.code).toBe('BAD_USER_INPUT');
    // None of the refusals changed the stored note.
    expect((await server.em().findOneOrFail(OrderCall, { order: orders.D.id })).note).toBe(emoji);
  });

  it('refuses a deleted order and an order that is not on a call list, in Dutch and French', async () => {
    const deleted = await set({ orderId: orders.DELETED.id, status: 'REACHED' });
    expect(deleted.body.errors?.[0]).toMatchObject({
      message: 'Opdracht CALL-DELETED is verwijderd: daarover wordt niet meer gebeld. Er is niets vastgelegd.',
      extensions: { code: 'ORDER_DELETED' },
    });
    const deletedFr = await set({ orderId: orders.DELETED.id, status: 'REACHED' }, { language: 'fr' });
    expect(deletedFr.body.errors?.[0].message).toBe(
      "La mission CALL-DELETED a été supprimée\u00a0: il n'y a plus lieu d'appeler. Rien n'a été enregistré.",
    );
    for (const key of ['EXTERNAL', 'WEDNESDAY']) {
      const refused = await set({ orderId: orders[key].id, status: 'REACHED' });
      expect(refused.body.errors?.[0]).toMatchObject({
        message: `Opdracht CALL-${key} staat niet op de bellijst van 24-11-2026: daarop staan de opdrachten van die dag die wij zelf uitvoeren. Er is niets vastgelegd.`,
        extensions: { code: 'CALL_ORDER_NOT_LISTED' },
      });
    }
    const frenchNotListed = await set({ orderId: orders.WEDNESDAY.id, status: 'REACHED' }, { language: 'fr' });
    expect(frenchNotListed.body.errors?.[0].message).toBe(
      "La mission CALL-WEDNESDAY ne figure pas sur la liste d'appels du 24-11-2026\u00a0: celle-ci reprend les missions de ce jour que nous réalisons nous-mêmes. Rien n'a été enregistré.",
    );
    const missing = await set({ orderId: 987654, status: 'REACHED' });
    expect(missing.body.errors?.[0].extensions?.code).toBe('ORDER_NOT_FOUND');
    for (const key of ['DELETED', 'EXTERNAL', 'WEDNESDAY']) {
      expect(await server.em().count(OrderCall, { order: orders[key].id })).toBe(0);
      expect(await eventsOf(orders[key].id)).toEqual([]);
    }
  });

  it('forgets the call of the old day once the visit moves to another day', async () => {
    const em = server.em();
    const moved = await em.findOneOrFail(Order, orders.A.id, INCLUDING_DELETED);
    moved.appointment = new Date('2026-11-25T08:00:00+01:00');
    await em.flush();
    const { body } = await server.graphql<{ orderByReference: { call: Call | null } }>(
      `query { orderByReference(referenceNumber: "CALL-A") { call { status } } }`,
      {},
      { token },
    );
    expect(body.data?.orderByReference.call).toBeNull();
    expect(references(await list())).not.toContain('CALL-A');
  });

  it('is for admins only: technicians and strangers are refused', async () => {
    const technicianToken = tokensFor(server).technician(anna);
    const asTechnician = await set({ orderId: orders.D.id, status: 'REACHED' }, { token: technicianToken });
    expect(asTechnician.body.errors?.[0].extensions?.code).toBe('FORBIDDEN');
    const listAsTechnician = await server.graphql(LIST, {}, { token: technicianToken });
    expect(listAsTechnician.body.errors?.[0].extensions?.code).toBe('FORBIDDEN');
    const anonymous = await server.graphql(SET, { input: { orderId: orders.D.id, status: 'REACHED' } });
    expect(anonymous.body.errors?.[0].extensions?.code).toBe('UNAUTHENTICATED');
    expect((await server.em().findOneOrFail(OrderCall, { order: orders.D.id })).status).toBe('NO_ANSWER');
  });
});
