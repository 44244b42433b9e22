import { randomUUID } from 'node:crypto';
import type { ParsedMail } from 'mailparser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Country, Language } from '../../../server/common/locale.js';
import {
  ConsumerMessage,
  MessageChannel,
  MessageKind,
  MessageStatus,
} from '../../../server/messages/consumer-message.entity.js';
import { gsm7Length, SMS_MAX_LENGTH } from '../../../server/messages/message-content.js';
import { Order } from '../../../server/orders/order.entity.js';
import { VisitRating } from '../../../server/ratings/visit-rating.entity.js';
import type { Technician } from '../../../server/technicians/technician.entity.js';
import { publishMessagesNow, waitForMessagesSent } from '../../utils/consumer-messages.js';
import { createOrder, createTechnician, tokensFor } from '../../utils/factories.js';
import {
  startLocalSmtp,
  startTwilioStandIn,
  type LocalSmtp,
  type TwilioStandIn,
  twilioEnv,
} from '../../utils/message-transports.js';
import { startTestServer, type TestServer } from '../../utils/test-server.js';

const SET = /* GraphQL */ `
  mutation ($input: SetVisitStatusInput!) {
    setVisitStatus(input: $input) {
      id
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

/** Thursday 19 November 2026: Friday's windows are shown from 13:30 today. */
const at = (iso: string) => new Date(`${iso}+01:00`);
const FRIDAY = (hour: number) => at(`2026-11-20T${String(hour).padStart(2, '0')}:00:00`);

async function waitFor(what: string, condition: () => Promise<boolean>, timeoutMs = 20_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe('no message that says something false', () => {
  let smtp: LocalSmtp;
  let twilio: TwilioStandIn;
  let server: TestServer;
  /** Addresses the SMTP server refuses for now (450): their message waits for its next try. */
  const busy = new Set<string>();

  beforeAll(async () => {
    smtp = await startLocalSmtp(0, { refuseRecipient: (address) => busy.has(address) });
    twilio = await startTwilioStandIn();
    server = await startTestServer({
      env: {
        SMTP_URL: smtp.url,
        ...twilioEnv(twilio),
        JOB_POLL_INTERVAL_MS: '300',
        // A refused message waits a few seconds for its next try: long enough to change the order meanwhile.
        MESSAGE_RETRY_DELAY_SECONDS: '4',
        APP_URL: 'https://afspraak.tijdvak.example.nl',
        CLOCK_NOW: at('2026-11-19T13:00:00').toISOString(),
      },
    });
  });
  afterAll(async () => {
    await server?.stop();
    await smtp?.close();
    await twilio?.close();
  });

  const travel = (to: Date) => server.services.clock.travelTo(to);
  const mailsTo = (address: string): ParsedMail[] =>
    smtp.mails.filter((mail) => !Array.isArray(mail.to) && mail.to?.value.some((to) => to.address === address));
  const textsTo = (number: string) => twilio.messages.filter((sms) => sms.to === number).map((sms) => sms.body);
  const messagesOf = (order: Order) =>
    server.em().find(ConsumerMessage, { order: order.id }, { orderBy: { id: 'asc' } });
  const publish = async () => {
    await publishMessagesNow(server);
    await waitForMessagesSent(server);
  };
  const change = async (order: Order, values: Partial<Pick<Order, 'appointment' | 'technician'>>) => {
    const em = server.em();
    const stored = await em.findOneOrFail(Order, order.id);
    em.assign(stored, values);
    await em.flush();
  };
  /** Waits until the order's messages were tried once and wait, unclaimed, for their next try. */
  const waitingForRetry = (order: Order, count: number) =>
    waitFor('a refused message waiting for its next try', async () => {
      const waiting = (await messagesOf(order)).filter(
        (message) => message.status === MessageStatus.QUEUED && message.tries >= 1 && message.claimedUntil === null,
      );
      return waiting.length === count;
    });

  it('tells a day whose window is not shown once: a new hour on it, or another technician, sends nothing', async () => {
    travel(at('2026-11-19T13:30:00'));
    const technician = await createTechnician(server.em(), {});
    const order = await createOrder(server.em(), {
      appointment: FRIDAY(10),
      technician,
      email: 'dag@example.nl',
      phone: '06 11111111',
    });
    await publish();
    expect(mailsTo('dag@example.nl')).toHaveLength(1);

    // To Tuesday, whose window is shown from Monday 13:30: the day is told, without a window.
    await change(order, { appointment: at('2026-11-24T10:00:00') });
    await publish();
    const moved = mailsTo('dag@example.nl');
    expect(moved).toHaveLength(2);
    expect(moved[1].subject).toBe('Uw afspraak is verplaatst naar dinsdag 24 november');
    expect(textsTo('+31611111111')).toHaveLength(2);

    // Another hour on the same Tuesday, then another technician: the consumer knows nothing that changed.
    await change(order, { appointment: at('2026-11-24T14:00:00') });
    await publish();
    await change(order, { technician: await createTechnician(server.em(), {}) });
    await publish();
    expect(mailsTo('dag@example.nl')).toHaveLength(2);
    expect(textsTo('+31611111111')).toHaveLength(2);
    expect((await messagesOf(order)).map((message) => message.kind)).toEqual([
      MessageKind.WINDOW,
      MessageKind.WINDOW,
      MessageKind.UPDATE,
      MessageKind.UPDATE,
    ]);
  });

  it('withdraws an update still waiting when the order is back at the window the consumer heard', async () => {
    travel(at('2026-11-19T13:40:00'));
    const order = await createOrder(server.em(), { appointment: FRIDAY(13), email: 'terug@example.nl', phone: '' });
    await publish();
    expect(mailsTo('terug@example.nl').map((mail) => mail.subject)).toEqual([
      'Uw monteur komt vrijdag 20 november tussen 13.00 en 16.00 uur',
    ]);

    busy.add('terug@example.nl');
    await change(order, { appointment: FRIDAY(16) });
    await publishMessagesNow(server);
    await waitingForRetry(order, 1);
    // Back where the consumer was told, before the update went.
    await change(order, { appointment: FRIDAY(13) });
    await publishMessagesNow(server);
    busy.delete('terug@example.nl');
    await waitForMessagesSent(server);

    expect(mailsTo('terug@example.nl')).toHaveLength(1);
    expect((await messagesOf(order)).map((message) => [message.kind, message.status])).toEqual([
      [MessageKind.WINDOW, MessageStatus.SENT],
    ]);
  });

  it('a confirm after 13:30 saves the day first and tells only the shifted customer, once, with the true window', async () => {
    travel(at('2026-11-19T13:45:00'));
    const technician = await createTechnician(server.em(), {});
    const create = (hour: number, email: string) =>
      createOrder(server.em(), { appointment: FRIDAY(hour), technician, email, phone: '' });
    const shifted = await create(10, 'verschoven@example.nl');
    const stays = await create(13, 'blijft@example.nl');
    const last = await create(16, 'laatste@example.nl');
    // The 13:30 messages of the day are still going out (the mail server refuses them for now).
    for (const address of ['verschoven@example.nl', 'blijft@example.nl', 'laatste@example.nl']) busy.add(address);
    await publishMessagesNow(server);
    for (const order of [shifted, stays, last]) await waitingForRetry(order, 1);
    busy.clear();

    const token = tokensFor(server).technician(technician);
    // The planner knows whose customers heard their window: a shift of theirs is a changed window message.
    const told = await server.graphql<{ technicianSchedule: { windowToldOrderIds: number[] } }>(
      `query { technicianSchedule { windowToldOrderIds } }`,
      {},
      { token },
    );
    expect(told.body.data?.technicianSchedule.windowToldOrderIds).toEqual([shifted.id, stays.id, last.id]);
    const items = [
      { orderId: shifted.id, appointment: FRIDAY(9).toISOString(), duration: 10_800 },
      { orderId: stays.id, appointment: FRIDAY(13).toISOString(), duration: 10_800 },
      { orderId: last.id, appointment: FRIDAY(16).toISOString(), duration: 10_800 },
    ];
    const { body } = await server.graphql<{
      confirmSchedule: { schedule: { locked: boolean; orders: { id: number; appointment: string }[] } };
    }>(CONFIRM, { input: { date: '2026-11-20', appointments: items } }, { token });
    expect(body.errors).toBeUndefined();
    // The technician's day holds the new start before any customer hears of it.
    expect(body.data?.confirmSchedule.schedule.locked).toBe(true);
    expect(body.data?.confirmSchedule.schedule.orders[0]).toEqual({
      id: shifted.id,
      appointment: FRIDAY(9).toISOString(),
    });
    await waitFor('the shifted window told', async () =>
      (await messagesOf(shifted)).some((message) => message.windowStart.getTime() === FRIDAY(9).getTime()),
    );
    await waitForMessagesSent(server);

    // One message each, with the window that holds: no 10.00 that is no longer true, and no "changed" after it.
    expect(mailsTo('verschoven@example.nl').map((mail) => mail.subject)).toEqual([
      'Uw monteur komt vrijdag 20 november tussen 9.00 en 12.00 uur',
    ]);
    expect(mailsTo('blijft@example.nl').map((mail) => mail.subject)).toEqual([
      'Uw monteur komt vrijdag 20 november tussen 13.00 en 16.00 uur',
    ]);
    expect(mailsTo('laatste@example.nl').map((mail) => mail.subject)).toEqual([
      'Uw monteur komt vrijdag 20 november tussen 16.00 en 19.00 uur',
    ]);
    for (const order of [shifted, stays, last]) {
      expect((await messagesOf(order)).map((message) => [message.kind, message.status])).toEqual([
        [MessageKind.WINDOW, MessageStatus.SENT],
      ]);
    }
  });

  it("tells a partner's visit who contacts the consumer, in the order's language, by mail and SMS", async () => {
    travel(at('2026-11-19T13:50:00'));
    const dutch = await createOrder(server.em(), {
      appointment: FRIDAY(10),
      email: 'partner@example.nl',
      phone: '06 22222222',
      externalCompany: 0,
      referenceNumber: 'REF-PARTNER-NL',
    });
    const french = await createOrder(server.em(), {
      country: Country.BE,
      zipcode: '4000',
      appointment: FRIDAY(10),
      email: 'partenaire@example.be',
      phone: '0470 33 33 33',
      externalCompany: 1,
      language: Language.FR,
    });
    await publish();

    const [mail, ...moreMails] = mailsTo('partner@example.nl');
    expect(moreMails).toEqual([]);
    expect(mail.subject).toBe('Uw reparatie wordt uitgevoerd door ServicePartner A');
    expect(mail.text).toContain('Zij nemen contact met u op om het tijdstip van het bezoek af te spreken.');
    expect(mail.text).toContain('U kunt ServicePartner A ook zelf bellen: 088 765 43 21.');
    expect(mail.text).toContain('REF-PARTNER-NL');
    // Never our window, our technician's call or the replies about being at home.
    expect(mail.text).not.toContain('10.00');
    expect(mail.text).not.toContain('30 minuten');
    expect(mail.text).not.toMatch(/antwoord=/);
    const [sms, ...moreTexts] = textsTo('+31622222222');
    expect(moreTexts).toEqual([]);
    expect(sms).toMatch(/^Tijdvak: ServicePartner A voert uw reparatie uit en belt u/);
    expect(sms).not.toContain('10.00');
    expect(sms).not.toContain('30 min');
    expect(gsm7Length(sms)!).toBeLessThanOrEqual(SMS_MAX_LENGTH);

    const [frenchMail] = mailsTo('partenaire@example.be');
    expect(frenchMail.subject).toBe('Votre réparation est assurée par ServicePartner B');
    expect(frenchMail.text).toContain('Vous pouvez aussi appeler ServicePartner B au 078 24 68 02.');
    expect(frenchMail.text).not.toContain('10 h');
    expect(frenchMail.text).not.toContain('30 minutes');
    const [frenchSms] = textsTo('+32470333333');
    expect(frenchSms).toContain('ServicePartner B assure votre réparation et vous appellera');
    expect(frenchSms).not.toContain('10 h');

    // The partner agrees the hour: a new hour of ours is not told.
    await change(dutch, { appointment: FRIDAY(14) });
    await publish();
    expect(mailsTo('partner@example.nl')).toHaveLength(1);
    expect(textsTo('+31622222222')).toHaveLength(1);
    expect((await messagesOf(french)).map((message) => message.kind)).toEqual([MessageKind.WINDOW, MessageKind.WINDOW]);
  });

  describe('on the visit day', () => {
    let technician: Technician;
    let token: string;

    const setStatus = async (order: Order, input: Record<string, unknown>) => {
      const { body } = await server.graphql(
        SET,
        { input: { orderId: order.id, requestId: randomUUID(), ...input } },
        { token },
      );
      expect(body.errors).toBeUndefined();
    };

    beforeAll(async () => {
      travel(at('2026-11-20T09:00:00'));
      technician = await createTechnician(server.em(), { firstname: 'Piet' });
      token = tokensFor(server).technician(technician);
    });

    it('sends a partner\'s visit no "on the way": our technician is not coming', async () => {
      travel(at('2026-11-20T09:00:00'));
      const order = await createOrder(server.em(), {
        appointment: FRIDAY(10),
        technician,
        email: '',
        phone: '06 44444444',
        externalCompany: 0,
      });
      await publish();
      await setStatus(order, { stage: 'ON_THE_WAY', expectedArrival: at('2026-11-20T10:30:00').toISOString() });
      await publish();
      const texts = textsTo('+31644444444');
      expect(texts).toHaveLength(1);
      expect(texts[0]).toContain('ServicePartner A');
      expect((await messagesOf(order)).map((message) => message.kind)).toEqual([MessageKind.WINDOW]);
    });

    it('thanks without asking again once the consumer rated: no thank-you then', async () => {
      travel(at('2026-11-20T09:00:00'));
      const rated = await createOrder(server.em(), {
        appointment: FRIDAY(10),
        technician,
        email: 'beoordeeld@example.nl',
        phone: '',
      });
      const unrated = await createOrder(server.em(), {
        appointment: FRIDAY(10),
        technician,
        email: 'nog-niet@example.nl',
        phone: '',
      });
      await publish();
      travel(at('2026-11-20T11:00:00'));
      await setStatus(rated, { stage: 'FINISHED', outcome: 'REPAIRED' });
      await setStatus(unrated, { stage: 'FINISHED', outcome: 'REPAIRED' });
      // The consumer rates on their page right after the visit, before the thank-you is due.
      travel(at('2026-11-20T11:02:00'));
      const em = server.em();
      em.create(VisitRating, {
        order: em.getReference(Order, rated.id),
        score: 5,
        createdAt: server.services.clock.now(),
        updatedAt: server.services.clock.now(),
      });
      await em.flush();

      travel(at('2026-11-20T11:06:00'));
      await publish();
      expect(mailsTo('nog-niet@example.nl').map((mail) => mail.subject)).toContain(
        'Bedankt voor uw tijd: hoe was het bezoek?',
      );
      expect(mailsTo('beoordeeld@example.nl').map((mail) => mail.subject)).not.toContain(
        'Bedankt voor uw tijd: hoe was het bezoek?',
      );
      const kinds = (await messagesOf(rated)).map((message) => message.kind);
      expect(kinds).not.toContain(MessageKind.THANK_YOU);
      expect(await server.em().count(ConsumerMessage, { order: unrated.id, channel: MessageChannel.EMAIL })).toBe(2);
    });
  });
});
