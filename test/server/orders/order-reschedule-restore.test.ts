import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Admin } from '../../../server/admins/admin.entity.js';
import { OrderEvent } from '../../../server/audit/order-event.entity.js';
import { Country } from '../../../server/common/locale.js';
import { Holiday } from '../../../server/holidays/holiday.entity.js';
import { Order } from '../../../server/orders/order.entity.js';
import { ScheduleConfirmation } from '../../../server/schedule/schedule-confirmation.entity.js';
import type { Technician } from '../../../server/technicians/technician.entity.js';
import { createAdmin, createOrder, createTechnician, tokensFor } from '../../utils/factories.js';
import { startTestServer, type TestServer } from '../../utils/test-server.js';
import { INCLUDING_DELETED } from '../../../server/orders/repository/active-orders.js';

const RESCHEDULE = `mutation ($input: RescheduleOrderInput!) {
  rescheduleOrder(input: $input) { id appointment technician { personalNumber } dayConfirmed }
}`;
const RESTORE = `mutation ($id: Int!) { restoreOrder(id: $id) { id deleted { date } dayConfirmed } }`;
const DELETE = `mutation ($id: Int!) { deleteOrder(id: $id) { id } }`;

/** Thursday 26 November 2026, 10:00 in Amsterdam. */
const NOW = new Date('2026-11-26T09:00:00Z');
/** A local hour (UTC+1 in winter) on a day of November or December 2026. */
const at = (month: 11 | 12, day: number, hour: number) => new Date(Date.UTC(2026, month - 1, day, hour - 1));

describe('rescheduling and restoring an order', () => {
  let server: TestServer;
  let admin: Admin;
  let token: string;
  let sequence = 0;

  beforeAll(async () => {
    server = await startTestServer();
    admin = await createAdmin(server.em(), { firstname: 'Ria', lastname: 'Beheer' });
    const em = server.em();
    // Thursday 3 December is a holiday in the Netherlands only.
    em.create(Holiday, { country: Country.NL, date: '2026-12-03' });
    await em.flush();
  });
  beforeEach(() => {
    server.services.clock.travelTo(NOW);
    token = tokensFor(server).admin(admin);
  });
  afterAll(() => server.stop());

  const technician = (overrides: Parameters<typeof createTechnician>[1] = {}) =>
    createTechnician(server.em(), { personalNumber: `R${++sequence}`, ...overrides });
  const order = (owner: Technician | null, appointment: Date, extra: { deletedAt?: Date } = {}) =>
    createOrder(server.em(), { appointment, technician: owner, ...extra });
  const gql = <T>(query: string, variables: Record<string, unknown>, language = 'nl') =>
    server.graphql<T>(query, variables, { token, headers: { 'accept-language': language } });
  const reschedule = (input: Record<string, unknown>, language?: string) =>
    gql<{ rescheduleOrder: { appointment: string; technician: { personalNumber: string }; dayConfirmed: boolean } }>(
      RESCHEDULE,
      { input },
      language,
    );
  const stored = (id: number) =>
    server.em().findOneOrFail(Order, id, { ...INCLUDING_DELETED, populate: ['technician'] });
  const eventsOf = (id: number) => server.em().find(OrderEvent, { order: id }, { orderBy: { id: 'asc' } });
  const confirm = async (owner: Technician, date: string) => {
    const em = server.em();
    em.create(ScheduleConfirmation, { technician: owner.id, date, confirmedAt: NOW });
    await em.flush();
  };

  it('moves a visit to another day and window, with another technician of its country, recorded', async () => {
    const jan = await technician();
    const anna = await technician();
    const item = await order(jan, at(12, 1, 9));

    const sameTechnician = await reschedule({ orderId: item.id, appointment: at(12, 2, 13).toISOString() });
    expect(sameTechnician.body.errors).toBeUndefined();
    expect(sameTechnician.body.data?.rescheduleOrder).toEqual({
      id: item.id,
      appointment: at(12, 2, 13).toISOString(),
      technician: { personalNumber: jan.personalNumber },
      dayConfirmed: false,
    });
    const withAnna = await reschedule({
      orderId: item.id,
      appointment: at(12, 4, 8).toISOString(),
      technician: anna.personalNumber,
    });
    expect(withAnna.body.data?.rescheduleOrder.technician).toEqual({ personalNumber: anna.personalNumber });
    expect((await stored(item.id)).appointment).toEqual(at(12, 4, 8));

    const events = await eventsOf(item.id);
    expect(events.map((event) => [event.kind, event.before, event.after, event.actorName])).toEqual([
      [
        'RESCHEDULED',
        { appointment: at(12, 1, 9).toISOString() },
        { appointment: at(12, 2, 13).toISOString() },
        'Ria Beheer',
      ],
      [
        'RESCHEDULED',
        { appointment: at(12, 2, 13).toISOString(), technician: jan.personalNumber },
        { appointment: at(12, 4, 8).toISOString(), technician: anna.personalNumber },
        'Ria Beheer',
      ],
    ]);
    // The same window and technician again changes nothing and records nothing.
    await reschedule({ orderId: item.id, appointment: at(12, 4, 8).toISOString() });
    expect(await eventsOf(item.id)).toHaveLength(2);
  });

  it('refuses a holiday, a Sunday, a window already begun and an uneven hour, in both languages', async () => {
    const jan = await technician();
    const item = await order(jan, at(12, 1, 9));
    const cases = [
      { appointment: at(12, 3, 9), nl: '03-12-2026 is een feestdag in Nederland: kies een andere dag.' },
      { appointment: at(11, 29, 9), nl: 'Op zondag worden geen bezoeken gepland: kies een andere dag.' },
      { appointment: at(11, 26, 9), nl: 'Dit tijdvak is al begonnen; kies een later tijdvak.' },
      { appointment: at(12, 2, 19), nl: 'Het beginuur moet een heel uur zijn van 7.00 tot en met 18.00.' },
    ];
    for (const { appointment, nl } of cases) {
      const refused = await reschedule({ orderId: item.id, appointment: appointment.toISOString() });
      expect(refused.body.errors?.[0]).toMatchObject({ message: nl, extensions: { code: 'BAD_USER_INPUT' } });
      expect(refused.body.errors?.[0].extensions?.fields).toEqual([{ field: 'appointment', message: nl }]);
    }
    const french = await reschedule({ orderId: item.id, appointment: at(12, 3, 9).toISOString() }, 'fr');
    expect(french.body.errors?.[0].message).toBe(
      'Le 03-12-2026 est un jour férié pour les Pays-Bas\u00a0: choisissez un autre jour.',
    );
    expect((await stored(item.id)).appointment).toEqual(at(12, 1, 9));
    expect(await eventsOf(item.id)).toHaveLength(0);
  });

  it('refuses a day the technician confirmed and a technician of another country, and a deleted order', async () => {
    const jan = await technician({ firstname: 'Jan', lastname: 'Vast' });
    const luc = await technician({ firstname: 'Luc', lastname: 'Peeters', country: Country.BE });
    await confirm(jan, '2026-12-02');
    const item = await order(jan, at(12, 1, 9));

    const locked = await reschedule({ orderId: item.id, appointment: at(12, 2, 9).toISOString() });
    expect(locked.body.errors?.[0]).toMatchObject({
      message:
        'Jan Vast heeft de planning van 02-12-2026 al bevestigd; daar kunnen geen opdrachten meer bij. Er is niets gewijzigd.',
      extensions: { code: 'SCHEDULE_CONFIRMED' },
    });
    const abroad = await reschedule({
      orderId: item.id,
      appointment: at(12, 4, 9).toISOString(),
      technician: luc.personalNumber,
    });
    expect(abroad.body.errors?.[0].extensions?.code).toBe('TECHNICIAN_OTHER_COUNTRY');
    const deleted = await order(jan, at(12, 1, 11), { deletedAt: NOW });
    const gone = await reschedule({ orderId: deleted.id, appointment: at(12, 4, 9).toISOString() });
    expect(gone.body.errors?.[0].extensions?.code).toBe('ORDER_DELETED');
    expect((await stored(item.id)).appointment).toEqual(at(12, 1, 9));
    expect(await eventsOf(item.id)).toHaveLength(0);
  });

  it('restores a deleted order, recorded, and tells whether its day is confirmed', async () => {
    const jan = await technician();
    const item = await order(jan, at(12, 1, 9));
    expect((await gql(DELETE, { id: item.id })).body.errors).toBeUndefined();

    const restored = await gql<{ restoreOrder: { deleted: null; dayConfirmed: boolean } }>(RESTORE, { id: item.id });
    expect(restored.body.errors).toBeUndefined();
    expect(restored.body.data?.restoreOrder).toEqual({ id: item.id, deleted: null, dayConfirmed: false });
    const after = await stored(item.id);
    expect([after.deletedAt, after.deletedByName]).toEqual([null, null]);
    expect((await eventsOf(item.id)).map((event) => [event.kind, event.before, event.after])).toEqual([
      ['DELETED', { deleted: false }, { deleted: true }],
      ['RESTORED', { deleted: true }, { deleted: false }],
    ]);
    const again = await gql(RESTORE, { id: item.id });
    expect(again.body.errors?.[0]).toMatchObject({
      message: 'Deze opdracht is niet verwijderd.',
      extensions: { code: 'ORDER_NOT_RESTORABLE' },
    });
  });

  it('keeps deleted an order of a past day, of a confirmed day, or without a technician', async () => {
    const jan = await technician({ firstname: 'Jan', lastname: 'Vast' });
    await confirm(jan, '2026-12-07');
    const past = await order(jan, at(11, 25, 9), { deletedAt: at(11, 20, 9) });
    const confirmed = await order(jan, at(12, 7, 9), { deletedAt: NOW });
    const orphan = await order(null, at(12, 8, 9), { deletedAt: NOW });

    const cases = [
      {
        id: past.id,
        code: 'ORDER_NOT_RESTORABLE',
        nl: 'De dag van deze opdracht (25-11-2026) is voorbij; een verwijderde opdracht van een voorbije dag blijft verwijderd.',
        fr: "Le jour de cette mission (25-11-2026) est passé\u00a0; une mission supprimée d'un jour passé reste supprimée.",
      },
      {
        id: confirmed.id,
        code: 'SCHEDULE_CONFIRMED',
        nl: 'Jan Vast heeft de planning van 07-12-2026 al bevestigd; daar kunnen geen opdrachten meer bij. Er is niets gewijzigd.',
        fr: "Jan Vast a déjà confirmé le planning du 07-12-2026\u00a0; on ne peut plus y ajouter de missions. Rien n'a été modifié.",
      },
      {
        id: orphan.id,
        code: 'ORDER_NOT_RESTORABLE',
        nl: 'Deze opdracht heeft geen monteur meer (die is verwijderd); maak een nieuwe opdracht aan.',
        fr: "Cette mission n'a plus de technicien (il a été supprimé)\u00a0; créez une nouvelle mission.",
      },
    ];
    for (const { id, code, nl, fr } of cases) {
      expect((await gql(RESTORE, { id })).body.errors?.[0]).toMatchObject({ message: nl, extensions: { code } });
      expect((await gql(RESTORE, { id }, 'fr')).body.errors?.[0].message).toBe(fr);
      expect((await stored(id)).deletedAt).not.toBeNull();
      expect(await eventsOf(id)).toHaveLength(0);
    }
  });

  it('lets only admins reschedule and restore', async () => {
    const jan = await technician();
    const item = await order(jan, at(12, 1, 9), { deletedAt: NOW });
    const asTechnician = tokensFor(server).technician(jan);
    for (const [query, variables] of [
      [RESTORE, { id: item.id }],
      [RESCHEDULE, { input: { orderId: item.id, appointment: at(12, 2, 9).toISOString() } }],
    ] as const) {
      const refused = await server.graphql(query, variables, { token: asTechnician });
      expect(refused.body.errors?.[0].extensions?.code).toBe('FORBIDDEN');
      expect((await server.graphql(query, variables)).body.errors?.[0].extensions?.code).toBe('UNAUTHENTICATED');
    }
    expect((await stored(item.id)).deletedAt).not.toBeNull();
  });
});
