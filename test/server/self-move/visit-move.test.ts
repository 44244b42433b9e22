import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConsumerMessage, MessageChannel, MessageKind } from '../../../server/messages/consumer-message.entity.js';
import { Country, Language } from '../../../server/common/locale.js';
import { Order } from '../../../server/orders/order.entity.js';
import { ScheduleConfirmation } from '../../../server/schedule/schedule-confirmation.entity.js';
import type { Technician } from '../../../server/technicians/technician.entity.js';
import { MOVE_UNDO_MINUTES } from '../../../shared/self-move.js';
import { publishMessagesNow, settleConsumerMessages, waitForMessagesSent } from '../../utils/consumer-messages.js';
import { createAdmin, createOrder, createTechnician, tokensFor } from '../../utils/factories.js';
import {
  startLocalSmtp,
  startTwilioStandIn,
  twilioEnv,
  type LocalSmtp,
  type TwilioStandIn,
} from '../../utils/message-transports.js';
import { startTestServer, type TestServer } from '../../utils/test-server.js';

const OFFERS = /* GraphQL */ `
  query ($reference: String!) {
    visitMoveOffers(referenceNumber: $reference) {
      enabled
      offers {
        date
        appointment
        end
        sameTechnician
      }
    }
  }
`;
const MOVE = /* GraphQL */ `
  mutation ($input: MoveVisitInput!) {
    moveVisit(input: $input) {
      referenceNumber
      date
      appointment
      end
      undoableUntil
    }
  }
`;
const UNDO = /* GraphQL */ `
  mutation ($reference: String!) {
    undoVisitMove(referenceNumber: $reference) {
      date
      appointment
      undoableUntil
    }
  }
`;
const SETTING = /* GraphQL */ `
  mutation ($input: SelfMoveSettingInput!) {
    updateSelfMoveSetting(input: $input) {
      country
      enabled
      daysAhead
      capacityPerDay
    }
  }
`;
const HISTORY = /* GraphQL */ `
  query ($id: Int!) {
    orderHistory(orderId: $id, first: 5) {
      edges {
        node {
          kind
          actor {
            type
          }
          changes {
            field
            before
            after
          }
        }
      }
    }
  }
`;

interface Offer {
  date: string;
  appointment: string;
  end: string;
  sameTechnician: boolean;
}
interface OffersData {
  visitMoveOffers: { enabled: boolean; offers: Offer[] };
}
interface MovedData {
  moveVisit: { referenceNumber: string; date: string; appointment: string; end: string; undoableUntil: string };
}

/** Tuesday 1 December 2026, 14:00 in Amsterdam: Wednesday's windows are shown since 13:30. */
const NOW = new Date('2026-12-01T14:00:00+01:00');
const WEDNESDAY_TEN = new Date('2026-12-02T10:00:00+01:00');
/** Amsterdam time of a December day at an hour, as an ISO instant. */
const at = (day: number, hour: number) =>
  new Date(`2026-12-${String(day).padStart(2, '0')}T${String(hour).padStart(2, '0')}:00:00+01:00`).toISOString();

describe('the consumer moves the visit from the personal link', { timeout: 120_000 }, () => {
  let smtp: LocalSmtp;
  let twilio: TwilioStandIn;
  let server: TestServer;
  let adminToken: string;

  beforeAll(async () => {
    smtp = await startLocalSmtp();
    twilio = await startTwilioStandIn();
    server = await startTestServer({
      env: {
        SMTP_URL: smtp.url,
        ...twilioEnv(twilio),
        JOB_POLL_INTERVAL_MS: '300',
        MESSAGE_RETRY_DELAY_SECONDS: '1',
        CLOCK_NOW: NOW.toISOString(),
        RATE_LIMIT_PERSONAL_LINK_PER_CLIENT: '1000/900',
      },
    });
    adminToken = tokensFor(server).admin(await createAdmin(server.em()));
    // Thursday 3 December is a holiday in the Netherlands.
    const { body } = await server.graphql(
      `mutation { createHoliday(input: { country: NL, date: "2026-12-03" }) { date } }`,
      {},
      { token: adminToken },
    );
    expect(body.errors).toBeUndefined();
  });
  afterAll(async () => {
    await server?.stop();
    await smtp?.close();
    await twilio?.close();
  });

  const setting = async (input: { country?: Country; enabled?: boolean; daysAhead?: number; capacity?: number }) => {
    const { body } = await server.graphql(
      SETTING,
      {
        input: {
          country: input.country ?? Country.NL,
          enabled: input.enabled ?? true,
          daysAhead: input.daysAhead ?? 14,
          capacityPerDay: input.capacity ?? 6,
        },
      },
      { token: adminToken },
    );
    return body;
  };
  const consumer = (order: Order) => tokensFor(server).consumer([order]);
  const offersOf = async (order: Order, language = 'nl') => {
    const { body } = await server.graphql<OffersData>(
      OFFERS,
      { reference: order.referenceNumber },
      { token: consumer(order), headers: { 'accept-language': language } },
    );
    expect(body.errors).toBeUndefined();
    return body.data!.visitMoveOffers;
  };
  const move = (order: Order, appointment: string, language = 'nl') =>
    server.graphql<MovedData>(
      MOVE,
      { input: { referenceNumber: order.referenceNumber, appointment } },
      { token: consumer(order), headers: { 'accept-language': language } },
    );
  const undo = (order: Order) => server.graphql(UNDO, { reference: order.referenceNumber }, { token: consumer(order) });
  const visitsOn = async (technician: Technician, day: number, count: number, zipcode = '1234 AB') => {
    for (let index = 0; index < count; index += 1) {
      await createOrder(server.em(), { technician, appointment: new Date(at(day, 8 + index)), zipcode });
    }
  };
  const pageOf = async (order: Order) => {
    const { body } = await server.graphql<{
      consumerVisits: { appointment: string | null; end: string | null; windowAvailable: boolean }[];
    }>(`query { consumerVisits { appointment end windowAvailable } }`, {}, { token: consumer(order) });
    expect(body.errors).toBeUndefined();
    return body.data!.consumerVisits;
  };
  const appointmentOf = async (order: Order) =>
    (await server.em().findOneOrFail(Order, order.id, { populate: ['technician'] })).appointment.toISOString();
  const kindsOf = async (order: Order, channel: MessageChannel) =>
    (await server.em().find(ConsumerMessage, { order: order.id, channel }, { orderBy: { id: 'asc' } })).map(
      (message) => message.kind,
    );

  it('offers its own technician first, another one only where he works near the address, each day with room', async () => {
    expect((await setting({ daysAhead: 6 })).errors).toBeUndefined();
    const own = await createTechnician(server.em());
    const order = await createOrder(server.em(), { technician: own, appointment: WEDNESDAY_TEN, zipcode: '3511 CD' });
    // Friday 4: the own technician confirmed it. Saturday 5: his day is full (6 visits).
    const em = server.em();
    em.create(ScheduleConfirmation, { technician: own.id, date: '2026-12-04', confirmedAt: NOW });
    await em.flush();
    await visitsOn(own, 5, 6);
    // Another Dutch technician works in area 35 on Thursday (a holiday) and Friday; elsewhere on Saturday.
    const near = await createTechnician(server.em());
    await createOrder(server.em(), { technician: near, appointment: new Date(at(4, 9)), zipcode: '3581 AA' });
    await createOrder(server.em(), { technician: near, appointment: new Date(at(5, 9)), zipcode: '1011 AB' });
    // A Dutch technician far away, and a Belgian one in Hasselt (3500: the same digits, another country).
    const far = await createTechnician(server.em());
    await createOrder(server.em(), { technician: far, appointment: new Date(at(5, 9)), zipcode: '1234 AB' });
    const belgian = await createTechnician(server.em(), { country: Country.BE });
    await createOrder(server.em(), {
      technician: belgian,
      appointment: new Date('2026-12-05T09:00:00+01:00'),
      zipcode: '3500',
      country: Country.BE,
    });

    const { enabled, offers } = await offersOf(order);
    expect(enabled).toBe(true);
    // Monday 7 with the own technician; Friday 4 with the one nearby. Not Thursday (holiday), Saturday (full),
    // Sunday, Wednesday (its own day), nor Tuesday 8 (past the six days ahead).
    expect(offers.map((offer) => [offer.appointment, offer.sameTechnician])).toEqual([
      [at(7, 8), true],
      [at(7, 11), true],
      [at(7, 14), true],
      [at(4, 8), false],
      [at(4, 11), false],
      [at(4, 14), false],
    ]);
    expect(offers[0]).toMatchObject({ date: '2026-12-07', end: at(7, 11) });

    // With room on Saturday again (capacity 7), the own technician's Saturday is offered too.
    expect((await setting({ daysAhead: 6, capacity: 7 })).errors).toBeUndefined();
    expect((await offersOf(order)).offers.map((offer) => offer.date)).toEqual([
      ...Array<string>(3).fill('2026-12-05'),
      ...Array<string>(3).fill('2026-12-07'),
      ...Array<string>(3).fill('2026-12-04'),
    ]);
    expect((await setting({})).errors).toBeUndefined();
  });

  it('refuses a window it did not offer, in the consumer language, and bad input without a 500', async () => {
    const technician = await createTechnician(server.em());
    const order = await createOrder(server.em(), { technician, appointment: WEDNESDAY_TEN });
    // 09:00 is no offered window; Thursday 3 is a holiday; Sunday 6 is a Sunday.
    for (const appointment of [at(7, 9), at(3, 8), at(6, 8)]) {
      const { body } = await move(order, appointment);
      expect(body.errors?.[0]?.extensions?.code).toBe('MOVE_OFFER_UNKNOWN');
      expect(body.errors?.[0]?.message).toBe(
        'Dit moment bieden wij voor uw bezoek niet aan. Kies een van de getoonde momenten.',
      );
    }
    const french = await move(order, at(7, 9), 'fr');
    expect(french.body.errors?.[0]?.message).toBe(
      'Nous ne proposons pas ce moment pour votre visite. Choisissez l’un des moments affichés.',
    );
    const garbage = await move(order, 'maandag');
    expect(garbage.status).toBe(400);
    expect(garbage.body.errors?.[0]?.extensions?.code).not.toBe('INTERNAL_SERVER_ERROR');
    // Another consumer's visit is not found; nothing moved.
    const other = await createOrder(server.em(), { technician, appointment: WEDNESDAY_TEN });
    const { body } = await server.graphql(
      MOVE,
      { input: { referenceNumber: other.referenceNumber, appointment: at(7, 8) } },
      { token: consumer(order) },
    );
    expect(body.errors?.[0]?.extensions?.code).toBe('VISIT_NOT_FOUND');
    expect(await appointmentOf(order)).toBe(WEDNESDAY_TEN.toISOString());
    expect(await appointmentOf(other)).toBe(WEDNESDAY_TEN.toISOString());
  });

  it('moves at once, records it as the customer, and tells the new day by mail and SMS once the undo has passed', async () => {
    const technician = await createTechnician(server.em());
    const order = await createOrder(server.em(), {
      technician,
      appointment: WEDNESDAY_TEN,
      email: 'verzet@example.nl',
      phone: '06 11223344',
    });
    await settleConsumerMessages(server);
    expect(await kindsOf(order, MessageChannel.EMAIL)).toEqual([MessageKind.WINDOW]);

    const before = server.services.clock.now().getTime();
    const { body } = await move(order, at(7, 11));
    expect(body.errors).toBeUndefined();
    const moved = body.data!.moveVisit;
    expect(moved).toMatchObject({ date: '2026-12-07', appointment: at(7, 11), end: at(7, 14) });
    const undoMs = Date.parse(moved.undoableUntil) - before;
    expect(undoMs).toBeGreaterThanOrEqual(MOVE_UNDO_MINUTES * 60_000);
    expect(undoMs).toBeLessThan((MOVE_UNDO_MINUTES * 60 + 5) * 1000);
    expect(await appointmentOf(order)).toBe(at(7, 11));
    // Monday's windows are shown only from Friday 13:30, but this one the consumer chose: the page names it, as the
    // confirmation did.
    expect(await pageOf(order)).toEqual([{ appointment: at(7, 11), end: at(7, 14), windowAvailable: true }]);

    const history = await server.graphql<{
      orderHistory: {
        edges: { node: { kind: string; actor: { type: string }; changes: { field: string; after: string }[] } }[];
      };
    }>(HISTORY, { id: order.id }, { token: adminToken });
    const latest = history.body.data!.orderHistory.edges[0].node;
    expect(latest.kind).toBe('RESCHEDULED');
    expect(latest.actor.type).toBe('CONSUMER');
    expect(latest.changes.map((change) => change.field)).toEqual(['appointment']);

    // While the move can be undone, nothing is told.
    await publishMessagesNow(server);
    expect(await kindsOf(order, MessageChannel.EMAIL)).toEqual([MessageKind.WINDOW]);
    const clock = server.services.clock;
    clock.travelTo(new Date(clock.now().getTime() + (MOVE_UNDO_MINUTES + 1) * 60_000));
    await publishMessagesNow(server);
    await waitForMessagesSent(server);
    expect(await kindsOf(order, MessageChannel.EMAIL)).toEqual([MessageKind.WINDOW, MessageKind.UPDATE]);
    expect(await kindsOf(order, MessageChannel.SMS)).toEqual([MessageKind.WINDOW, MessageKind.UPDATE]);
    const mails = smtp.mails.filter(
      (mail) => mail.to && !Array.isArray(mail.to) && mail.to.value.some((to) => to.address === 'verzet@example.nl'),
    );
    expect(mails).toHaveLength(2);
    expect(mails[1].text).toContain('7 december');
    // The messages name the chosen window too, never "the window follows at 13.30".
    expect(mails[1].subject).toMatch(/^Gewijzigd: .*7 december tussen 11\.00 en 14\.00 uur$/);
    const texts = twilio.messages.filter((sms) => sms.to === '+31611223344');
    expect(texts).toHaveLength(2);
    expect(texts[1].body).toMatch(/ma 7 dec tussen 11\.00 en 14\.00/);

    // Its undo has passed.
    expect((await undo(order)).body.errors?.[0]?.extensions?.code).toBe('MOVE_UNDO_CLOSED');
  });

  it('names the window a French consumer chose on the page and in the messages, in French', async () => {
    const technician = await createTechnician(server.em());
    const order = await createOrder(server.em(), {
      technician,
      appointment: WEDNESDAY_TEN,
      email: 'deplace@example.nl',
      language: Language.FR,
    });
    await settleConsumerMessages(server);
    expect((await move(order, at(7, 14), 'fr')).body.errors).toBeUndefined();
    expect(await pageOf(order)).toEqual([{ appointment: at(7, 14), end: at(7, 17), windowAvailable: true }]);
    const clock = server.services.clock;
    clock.travelTo(new Date(clock.now().getTime() + (MOVE_UNDO_MINUTES + 1) * 60_000));
    await publishMessagesNow(server);
    await waitForMessagesSent(server);
    const mails = smtp.mails.filter(
      (mail) => mail.to && !Array.isArray(mail.to) && mail.to.value.some((to) => to.address === 'deplace@example.nl'),
    );
    expect(mails.map((mail) => mail.subject)).toEqual([
      expect.stringMatching(/^Votre technicien passe /),
      expect.stringMatching(/^Modifié\u00a0: .*7 décembre entre 14\u00a0h et 17\u00a0h$/),
    ]);
  });

  it('undoes the move within its minutes, recorded, and then tells nothing new', async () => {
    const technician = await createTechnician(server.em());
    const order = await createOrder(server.em(), {
      technician,
      appointment: WEDNESDAY_TEN,
      email: 'terug@example.nl',
      phone: '06 55667788',
    });
    await settleConsumerMessages(server);
    expect((await move(order, at(8, 14))).body.errors).toBeUndefined();
    const { body } = await undo(order);
    expect(body.errors).toBeUndefined();
    expect(body.data).toEqual({
      undoVisitMove: { date: '2026-12-02', appointment: WEDNESDAY_TEN.toISOString(), undoableUntil: null },
    });
    expect(await appointmentOf(order)).toBe(WEDNESDAY_TEN.toISOString());
    // Once undone there is nothing left to undo.
    expect((await undo(order)).body.errors?.[0]?.extensions?.code).toBe('MOVE_UNDO_CLOSED');

    const history = await server.graphql<{
      orderHistory: { edges: { node: { kind: string; actor: { type: string } } }[] };
    }>(HISTORY, { id: order.id }, { token: adminToken });
    expect(history.body.data!.orderHistory.edges.slice(0, 2).map(({ node }) => [node.kind, node.actor.type])).toEqual([
      ['CONSUMER_MOVE_UNDONE', 'CONSUMER'],
      ['RESCHEDULED', 'CONSUMER'],
    ]);

    const clock = server.services.clock;
    clock.travelTo(new Date(clock.now().getTime() + (MOVE_UNDO_MINUTES + 1) * 60_000));
    await publishMessagesNow(server);
    await waitForMessagesSent(server);
    expect(await kindsOf(order, MessageChannel.EMAIL)).toEqual([MessageKind.WINDOW]);
    expect(await kindsOf(order, MessageChannel.SMS)).toEqual([MessageKind.WINDOW]);
    expect(twilio.messages.filter((sms) => sms.to === '+31655667788')).toHaveLength(1);
  });

  it('does not undo a move the office has moved on since', async () => {
    const technician = await createTechnician(server.em());
    const order = await createOrder(server.em(), { technician, appointment: WEDNESDAY_TEN });
    expect((await move(order, at(9, 8))).body.errors).toBeUndefined();
    const { body } = await server.graphql(
      `mutation ($input: RescheduleOrderInput!) { rescheduleOrder(input: $input) { id } }`,
      { input: { orderId: order.id, appointment: at(10, 9) } },
      { token: adminToken },
    );
    expect(body.errors).toBeUndefined();
    expect((await undo(order)).body.errors?.[0]?.extensions?.code).toBe('MOVE_UNDO_CLOSED');
    expect(await appointmentOf(order)).toBe(at(10, 9));
  });

  it('gives the last place of a day to exactly one of two consumers taking it at once; the other gets fresh offers', async () => {
    const technician = await createTechnician(server.em());
    // An area no other technician of this file works in: once the day is full, nobody near can take the window.
    const zipcode = '9711 AA';
    const first = await createOrder(server.em(), { technician, appointment: WEDNESDAY_TEN, zipcode });
    const second = await createOrder(server.em(), { technician, appointment: new Date(at(2, 13)), zipcode });
    // Monday 7 holds 5 of the 6 visits the technician takes.
    await visitsOn(technician, 7, 5, zipcode);
    for (const order of [first, second]) {
      expect((await offersOf(order)).offers.map((offer) => offer.appointment)).toContain(at(7, 8));
    }

    const answers = await Promise.all([move(first, at(7, 8)), move(second, at(7, 14), 'fr')]);
    const won = answers.filter(({ body }) => !body.errors);
    const lost = answers.filter(({ body }) => body.errors);
    expect(won).toHaveLength(1);
    expect(lost).toHaveLength(1);
    expect(lost[0].body.errors?.[0]?.extensions?.code).toBe('MOVE_OFFER_TAKEN');
    expect(lost[0].status).toBe(200);

    const onMonday = await server.em().count(Order, {
      technician: technician.id,
      appointment: { $gte: new Date(at(7, 0)), $lt: new Date(at(8, 0)) },
    });
    expect(onMonday).toBe(6);
    const loser = won[0].body.data!.moveVisit.referenceNumber === first.referenceNumber ? second : first;
    const fresh = await offersOf(loser);
    expect(fresh.offers.length).toBeGreaterThan(0);
    expect(fresh.offers.some((offer) => offer.date === '2026-12-07')).toBe(false);
  });

  it('offers nothing and moves nothing while self-service is off in the country', async () => {
    const technician = await createTechnician(server.em());
    const order = await createOrder(server.em(), { technician, appointment: WEDNESDAY_TEN });
    const offer = (await offersOf(order)).offers[0];
    expect((await setting({ enabled: false })).errors).toBeUndefined();
    expect(await offersOf(order)).toEqual({ enabled: false, offers: [] });
    expect((await move(order, offer.appointment)).body.errors?.[0]?.extensions?.code).toBe('MOVE_OFF');
    expect((await setting({})).errors).toBeUndefined();
  });

  it('leaves a visit whose technician set out where it is', async () => {
    const technician = await createTechnician(server.em());
    const order = await createOrder(server.em(), { technician, appointment: WEDNESDAY_TEN });
    const offer = (await offersOf(order)).offers[0];
    await server
      .em()
      .getConnection()
      .execute(
        `insert into visit_statuses (order_id, stage, expected_arrival, on_the_way_at, updated_at)
         values (?, 'ON_THE_WAY', ?, ?, ?)`,
        [order.id, WEDNESDAY_TEN, NOW, NOW],
      );
    const { body } = await server.graphql(OFFERS, { reference: order.referenceNumber }, { token: consumer(order) });
    expect(body.errors?.[0]?.extensions?.code).toBe('MOVE_CLOSED');
    expect((await move(order, offer.appointment)).body.errors?.[0]?.extensions?.code).toBe('MOVE_CLOSED');
    expect(await appointmentOf(order)).toBe(WEDNESDAY_TEN.toISOString());
  });

  it('keeps the settings to admins and within their bounds', async () => {
    const technician = await createTechnician(server.em());
    const order = await createOrder(server.em(), { technician, appointment: WEDNESDAY_TEN });
    const asConsumer = await server.graphql(`query { selfMoveSettings { country } }`, {}, { token: consumer(order) });
    expect(asConsumer.body.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
    const bad = await setting({ daysAhead: 0, capacity: 31 });
    expect(bad.errors?.[0]?.extensions?.code).toBe('BAD_USER_INPUT');
    const list = await server.graphql<{ selfMoveSettings: { country: string; daysAhead: number }[] }>(
      `query { selfMoveSettings { country daysAhead capacityPerDay enabled } }`,
      {},
      { token: adminToken },
    );
    expect(list.body.data?.selfMoveSettings).toEqual([
      { country: 'NL', daysAhead: 14, capacityPerDay: 6, enabled: true },
      { country: 'BE', daysAhead: 14, capacityPerDay: 6, enabled: true },
    ]);
  });
});
