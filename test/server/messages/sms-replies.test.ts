import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OrderEvent } from '../../../server/audit/order-event.entity.js';
import { OrderEventActorType, OrderEventKind } from '../../../server/audit/order-event-kind.js';
import { Country, Language } from '../../../server/common/locale.js';
import { isUnsubscribed, unsubscribe } from '../../../server/consumer-links/unsubscribes.js';
import { ConsumerMessage, MessageKind, MessageStatus } from '../../../server/messages/consumer-message.entity.js';
import { ConsumerReply } from '../../../server/replies/consumer-reply.entity.js';
import { InboundSms } from '../../../server/sms-replies/index.js';
import type { Order } from '../../../server/orders/index.js';
import { publishMessagesNow, runJobNow, waitForMessagesSent } from '../../utils/consumer-messages.js';
import { MESSAGE_PURGE_QUEUE } from '../../../server/system/scheduled-work.js';
import { ScheduleConfirmation } from '../../../server/schedule/schedule-confirmation.entity.js';
import { createAdmin, createOrder, createTechnician, tokensFor } from '../../utils/factories.js';
import {
  startLocalSmtp,
  startTwilioStandIn,
  type InboundSmsDelivery,
  type LocalSmtp,
  type TwilioStandIn,
  twilioEnv,
} from '../../utils/message-transports.js';
import { startTestServer, type TestServer } from '../../utils/test-server.js';

/** The public address Twilio calls and signs; the test reaches the server on its own port, as a balancer does. */
const PUBLIC_URL = 'https://afspraak.tijdvak.example.nl';
const WEBHOOK_PATH = '/sms/inbound';

/** Tuesday 1 December 2026, 07:00 in Amsterdam and Brussels: before the morning SMS of either country. */
const SEVEN = new Date('2026-12-01T07:00:00+01:00');
const at = (hour: number, minute = 0) =>
  new Date(`2026-12-01T${String(hour).padStart(2, '0')}:${String(minute).padStart(2, '0')}:00+01:00`);

const UPDATE_SETTING = /* GraphQL */ `
  mutation UpdateMessageSetting($input: MessageSettingInput!) {
    updateMessageSetting(input: $input) {
      country
      morningSmsAt
    }
  }
`;

/** The text of TwiML's one message, or null for an empty response. */
function twimlMessage(xml: string): string | null {
  expect(xml).toMatch(/^<\?xml version="1.0" encoding="UTF-8"\?><Response(\/>|>)/);
  const match = /<Message>([\s\S]*)<\/Message>/.exec(xml);
  if (!match) return null;
  return match[1]
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&apos;/g, "'")
    .replace(/&amp;/g, '&');
}

describe('the morning SMS of the visit day and the answers by SMS', () => {
  let smtp: LocalSmtp;
  let twilio: TwilioStandIn;
  let server: TestServer;
  let adminToken: string;
  /** Today's visits, arranged before the first publication. */
  let dutch: Order;
  let belgian: Order;
  let landline: Order;
  let stopped: Order;
  /** A visit of a technician who confirmed his day: its narrow time is known. */
  let planned: Order;

  beforeAll(async () => {
    smtp = await startLocalSmtp();
    twilio = await startTwilioStandIn();
    server = await startTestServer({
      env: {
        SMTP_URL: smtp.url,
        ...twilioEnv(twilio),
        JOB_POLL_INTERVAL_MS: '300',
        MESSAGE_RETRY_DELAY_SECONDS: '1',
        APP_URL: PUBLIC_URL,
        CLOCK_NOW: SEVEN.toISOString(),
      },
    });
    adminToken = tokensFor(server).admin(await createAdmin(server.em()));
    const em = server.em();
    dutch = await createOrder(em, { appointment: at(10), phone: '06 11110001' });
    belgian = await createOrder(em, {
      country: Country.BE,
      zipcode: '1000',
      appointment: at(10),
      phone: '0470 11 00 01',
      language: Language.FR,
    });
    landline = await createOrder(em, { appointment: at(11), phone: '020 555 0101' });
    stopped = await createOrder(em, { appointment: at(11), phone: '06 11110002' });
    await unsubscribe(em, 'SMS', '+31611110002', SEVEN);
    const technician = await createTechnician(em);
    planned = await createOrder(em, { appointment: at(11), phone: '06 11110009', technician });
    em.create(ScheduleConfirmation, { technician, date: '2026-12-01', confirmedAt: new Date('2026-11-30T17:00:00Z') });
    await em.flush();
  });
  afterAll(async () => {
    await server?.stop();
    await smtp?.close();
    await twilio?.close();
  });

  const morningMessages = (order: Order) =>
    server.em().find(ConsumerMessage, { order: order.id, kind: MessageKind.MORNING }, { orderBy: { id: 'asc' } });
  const morningTextsTo = (number: string) =>
    twilio.messages.filter((sms) => sms.to === number && sms.body.includes('1 = '));
  const publishAt = async (instant: Date) => {
    server.services.clock.travelTo(instant);
    await publishMessagesNow(server);
    await waitForMessagesSent(server);
  };
  const inbound = (message: Omit<InboundSmsDelivery, 'url' | 'signedUrl'> & { signedUrl?: string }) =>
    twilio.sendInbound({ url: `${server.url}${WEBHOOK_PATH}`, signedUrl: `${PUBLIC_URL}${WEBHOOK_PATH}`, ...message });
  const replyOf = async (order: Order) =>
    (await server.em().findOne(ConsumerReply, { order: order.id }, { refresh: true }))?.answer ?? null;
  const repliedEvents = (order: Order) =>
    server
      .em()
      .find(OrderEvent, { order: order.id, kind: OrderEventKind.CONSUMER_REPLIED }, { orderBy: { id: 'asc' } });

  it('lets an admin set the time per country, and refuses a time that is none', async () => {
    const input = {
      country: 'BE',
      enabled: true,
      email: true,
      sms: true,
      senderName: 'Tijdvak',
      language: 'FR',
    };
    const refused = await server.graphql(
      UPDATE_SETTING,
      { input: { ...input, morningSmsAt: '24:00' } },
      { token: adminToken },
    );
    expect(refused.body.errors?.[0]?.extensions?.code).toBe('BAD_USER_INPUT');
    const { body } = await server.graphql(
      UPDATE_SETTING,
      { input: { ...input, morningSmsAt: '08:15' } },
      { token: adminToken },
    );
    expect(body.errors).toBeUndefined();
    expect(body.data).toEqual({ updateMessageSetting: { country: 'BE', morningSmsAt: '08:15' } });
  });

  it('sends nothing of the kind before the country’s time', async () => {
    await publishAt(SEVEN);
    expect(await morningMessages(dutch)).toEqual([]);
    expect(morningTextsTo('+31611110001')).toEqual([]);
  });

  it('sends one SMS at 07:30 with the window and the three answers, not to a landline or a stopped number', async () => {
    await publishAt(at(7, 30));
    await publishAt(at(7, 31));
    const [text, ...more] = morningTextsTo('+31611110001');
    expect(more).toEqual([]);
    expect(text.body).toBe(
      'Tijdvak: de monteur komt vandaag tussen 10.00 en 13.00. Antwoord 1 = ik ben thuis, 2 = bel mij, 3 = verzetten.',
    );
    expect(await morningMessages(dutch)).toMatchObject([{ status: MessageStatus.SENT, recipient: '+31611110001' }]);
    expect(await morningMessages(landline)).toEqual([]);
    expect(await morningMessages(stopped)).toEqual([]);
    // A confirmed day names the narrow time inside the 11.00-14.00 window, said as an estimate, and the place in it.
    const [narrow] = morningTextsTo('+31611110009').map((sms) => sms.body);
    expect(narrow).toMatch(
      /^Tijdvak: de monteur komt vandaag naar verwachting tussen 1[1-3]\.[0-5]\d en 1[2-4]\.[0-5]\d\. U bent de 1e afspraak\. Antwoord 1 = /,
    );
    expect(await morningMessages(planned)).toHaveLength(1);
    expect(twilio.messages.filter((sms) => sms.to === '+31611110002')).toEqual([]);
    // Belgium's time is 08:15: nothing yet.
    expect(await morningMessages(belgian)).toEqual([]);
  });

  it('sends the Belgian one at the Belgian time, in French', async () => {
    await publishAt(at(8, 14));
    expect(await morningMessages(belgian)).toEqual([]);
    await publishAt(at(8, 15));
    expect(morningTextsTo('+32470110001').map((sms) => sms.body)).toEqual([
      "Tijdvak: le technicien passe aujourd'hui entre 10 h et 13 h. Répondez 1 = je serai présent, 2 = appelez-moi, 3 = déplacer.",
    ]);
  });

  it('refuses a wrong or missing signature, and one over the address the server sees, changing nothing', async () => {
    const attempts: Partial<InboundSmsDelivery>[] = [
      { signature: null },
      { signature: 'bm90IGEgc2lnbmF0dXJl' },
      { authToken: 'another-account-token' },
      { signedUrl: `${server.url}${WEBHOOK_PATH}` },
    ];
    for (const attempt of attempts) {
      const response = await inbound({ from: '+31611110001', body: '2', ...attempt });
      expect(response.status).toBe(403);
    }
    expect(await replyOf(dutch)).toBeNull();
    expect(await server.em().count(InboundSms, {})).toBe(0);
  });

  it('records 1 as "I am at home", as from the page, and answers it', async () => {
    const response = await inbound({ from: '+31611110001', body: ' 1. ' });
    expect(response.status).toBe(200);
    expect(response.contentType).toMatch(/^text\/xml/);
    expect(twimlMessage(response.text)).toBe('Dank u, genoteerd: u bent thuis. De monteur belt u 30 min vooraf.');
    expect(await replyOf(dutch)).toBe('AT_HOME');
    const [event, ...more] = await repliedEvents(dutch);
    expect(more).toEqual([]);
    expect(event).toMatchObject({ actorType: OrderEventActorType.CONSUMER, after: { answer: 'AT_HOME' } });
  });

  it('records 2 as "call me" and says when the office calls; a retried delivery counts once', async () => {
    const first = await inbound({ from: '+31611110001', body: '2' });
    expect(twimlMessage(first.text)).toBe(
      'Genoteerd: ons kantoor belt u op dinsdag 1 december voor 18.00 uur om het bezoek te verzetten.',
    );
    expect(await replyOf(dutch)).toBe('CALL_ME');
    await inbound({ from: '+31611110001', body: '1' });
    expect(await replyOf(dutch)).toBe('AT_HOME');
    // Twilio delivers the "2" again: nothing changes, nothing is answered.
    const retried = await inbound({ from: '+31611110001', body: '2', messageSid: first.messageSid });
    expect(retried.status).toBe(200);
    expect(twimlMessage(retried.text)).toBeNull();
    expect(await replyOf(dutch)).toBe('AT_HOME');
    expect((await repliedEvents(dutch)).length).toBe(3);
    expect(await server.em().count(InboundSms, { messageSid: first.messageSid })).toBe(1);
  });

  it('answers 3 with the personal link opening on the other days, in the order’s language', async () => {
    const response = await inbound({ from: '+32470110001', body: '3' });
    const text = twimlMessage(response.text);
    expect(text).toMatch(
      new RegExp(
        `^Choisissez un autre jour sur votre page personnelle : ${PUBLIC_URL}/v/[\\w.-]+\\?antwoord=verzetten$`,
      ),
    );
    expect(await replyOf(belgian)).toBeNull();
  });

  it('answers anything else once a day with help, then stays quiet (no loop with an automatic reply)', async () => {
    const first = await inbound({ from: '+31611110001', body: 'Hoe laat komt hij?' });
    expect(twimlMessage(first.text)).toBe(
      'Antwoord 1 = ik ben thuis, 2 = bel mij, 3 = verzetten, STOP = geen sms meer. Vragen? Bel 088 123 45 67.',
    );
    for (const body of ['Ik ben op vakantie tot maandag (automatisch antwoord)', '4', '']) {
      const again = await inbound({ from: '+31611110001', body });
      expect(again.status).toBe(200);
      expect(twimlMessage(again.text)).toBeNull();
    }
    expect(await replyOf(dutch)).toBe('AT_HOME');
  });

  it('answers once when messages of one number arrive together, and records a delivery sent twice at once once', async () => {
    const together = await Promise.all(
      ['Wie is dit?', 'Out of office', 'Afwezig'].map((body) => inbound({ from: '+31611115555', body })),
    );
    expect(together.map((response) => response.status)).toEqual([200, 200, 200]);
    expect(together.map((response) => twimlMessage(response.text)).filter((text) => text !== null)).toHaveLength(1);

    const eventsBefore = (await repliedEvents(dutch)).length;
    const messageSid = `SM${'ab'.repeat(16)}`;
    const twice = await Promise.all([1, 2].map(() => inbound({ from: '+31611110001', body: '2', messageSid })));
    expect(twice.map((response) => response.status)).toEqual([200, 200]);
    expect(await replyOf(dutch)).toBe('CALL_ME');
    expect((await repliedEvents(dutch)).length).toBe(eventsBefore + 1);
    expect(await server.em().count(InboundSms, { messageSid })).toBe(1);
    await inbound({ from: '+31611110001', body: '1' });
    expect(await replyOf(dutch)).toBe('AT_HOME');
  });

  it('answers a number it never texted without touching any order', async () => {
    const repliesBefore = await server.em().count(ConsumerReply, {});
    const response = await inbound({ from: '+31699999999', body: '2' });
    expect(twimlMessage(response.text)).toBe(
      'Wij vinden bij dit nummer geen afspraak voor vandaag of morgen. Vragen? Bel 088 123 45 67.',
    );
    expect(await server.em().count(ConsumerReply, {})).toBe(repliesBefore);
    // The stopped number got no SMS: its answer matches no visit either, never another customer's.
    const stoppedAnswer = await inbound({ from: '+31611110002', body: '1' });
    expect(twimlMessage(stoppedAnswer.text)).toMatch(/^Wij vinden bij dit nummer geen afspraak/);
    expect(await replyOf(stopped)).toBeNull();
  });

  it('stops SMS to a number on STOP ALL and lets them go again on START', async () => {
    const number = '+31611110003';
    const later = await createOrder(server.em(), { appointment: at(12), phone: '06 11110003' });
    const stop = await inbound({ from: number, body: 'Stop All' });
    expect(twimlMessage(stop.text)).toBe(
      'U krijgt geen sms meer over uw afspraken. Stuur START om ze weer te krijgen.',
    );
    expect(await isUnsubscribed(server.em(), 'SMS', number)).toBe(true);
    await publishAt(at(9));
    expect(await morningMessages(later)).toEqual([]);
    expect(twilio.messages.filter((sms) => sms.to === number)).toEqual([]);

    const start = await inbound({ from: number, body: 'start' });
    expect(twimlMessage(start.text)).toBe('U krijgt weer sms over uw afspraken. Stuur STOP om ze te stoppen.');
    expect(await isUnsubscribed(server.em(), 'SMS', number)).toBe(false);
    await publishAt(at(9, 1));
    expect(morningTextsTo(number)).toHaveLength(1);
  });

  it('refuses bad input with a clear 4xx, never a 500', async () => {
    const url = `${server.url}${WEBHOOK_PATH}`;
    const huge = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: `Body=${'a'.repeat(40_000)}`,
    });
    expect(huge.status).toBe(413);
    const long = await inbound({ from: '+31611110001', body: 'x'.repeat(1601) });
    expect(long.status).toBe(400);
    const json = await inbound({ from: '+31611110001', body: '1', contentType: 'application/json' });
    expect(json.status).toBe(415);
    const badSid = await inbound({ from: '+31611110001', body: '1', messageSid: 'not-a-sid' });
    expect(badSid.status).toBe(400);
    // Bytes that are no UTF-8, percent-encoded or raw, are read as replacement characters (Twilio signs what it read):
    // answered as any other text, once a day.
    const asLatin1 = (encoded: string) => Buffer.from(encoded.replace('Body=%EF%BF%BD', 'Body=\u00ff'), 'latin1');
    const bytes = [(encoded: string) => encoded.replace('Body=%EF%BF%BD', 'Body=%FF'), asLatin1];
    const answers: (string | null)[] = [];
    for (const rewriteBody of bytes) {
      const response = await inbound({ from: '+31611119999', body: '\uFFFD', rewriteBody });
      expect(response.status).toBe(200);
      answers.push(twimlMessage(response.text));
    }
    expect(answers).toEqual([expect.stringMatching(/^Wij vinden bij dit nummer geen afspraak/), null]);
  });

  it("answers the visit last texted to the number: tomorrow's once its window went, never today's after it", async () => {
    const tomorrow = await createOrder(server.em(), {
      appointment: new Date('2026-12-02T10:00:00+01:00'),
      phone: '+31 6 1111 0001',
    });
    await publishAt(at(13, 35));
    expect(twilio.messages.filter((sms) => sms.to === '+31611110001' && sms.body.includes(' 2 dec'))).toHaveLength(1);
    const response = await inbound({ from: '+31611110001', body: '2' });
    expect(twimlMessage(response.text)).toMatch(/^Genoteerd: ons kantoor belt u op dinsdag 1 december/);
    expect(await replyOf(tomorrow)).toBe('CALL_ME');
    expect(await replyOf(dutch)).toBe('AT_HOME');
  });

  it('forgets the text messages received as long after as message addresses are kept', async () => {
    const received = await server.em().count(InboundSms, {});
    expect(received).toBeGreaterThan(0);
    server.services.clock.travelTo(new Date(at(9).getTime() + 29 * 86_400_000));
    await runJobNow(server, MESSAGE_PURGE_QUEUE);
    expect(await server.em().count(InboundSms, {})).toBe(received);
    server.services.clock.travelTo(new Date(at(9).getTime() + 31 * 86_400_000));
    await runJobNow(server, MESSAGE_PURGE_QUEUE);
    expect(await server.em().count(InboundSms, {})).toBe(0);
  });
});
