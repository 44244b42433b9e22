import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Country } from '../../../server/common/locale.js';
import { unsubscribe } from '../../../server/consumer-links/unsubscribes.js';
import {
  ConsumerMessage,
  MessageChannel,
  MessageKind,
  MessageStatus,
} from '../../../server/messages/consumer-message.entity.js';
import { gsm7Length, SMS_MAX_LENGTH } from '../../../server/messages/message-content.js';
import { MessageSetting } from '../../../server/message-settings/message-setting.entity.js';
import type { Order } from '../../../server/orders/order.entity.js';
import { publishMessagesNow, settleConsumerMessages } from '../../utils/consumer-messages.js';
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
const UNDO = /* GraphQL */ `
  mutation ($input: UndoVisitStatusInput!) {
    undoVisitStatus(input: $input) {
      id
    }
  }
`;

/** Tuesday 1 December 2026, 09:00 in Amsterdam and Brussels: the visits of 10:00 are today's. */
const NOW = new Date('2026-12-01T09:00:00+01:00');
const TEN = new Date('2026-12-01T10:00:00+01:00');
const clockTime = (hour: number, minute: number) =>
  new Date(`2026-12-01T${String(hour).padStart(2, '0')}:${String(minute).padStart(2, '0')}:00+01:00`).toISOString();

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function waitFor(what: string, condition: () => boolean | Promise<boolean>, timeoutMs = 20_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await sleep(50);
  }
}

describe('the "on the way" SMS when the technician sets out', () => {
  let smtp: LocalSmtp;
  let twilio: TwilioStandIn;
  let server: TestServer;

  beforeAll(async () => {
    smtp = await startLocalSmtp();
    twilio = await startTwilioStandIn();
    server = await startTestServer({
      env: {
        SMTP_URL: smtp.url,
        ...twilioEnv(twilio),
        JOB_POLL_INTERVAL_MS: '300',
        MESSAGE_RETRY_DELAY_SECONDS: '1',
        APP_URL: 'https://afspraak.tijdvak.example.nl',
        CLOCK_NOW: NOW.toISOString(),
      },
    });
  });
  afterAll(async () => {
    await server?.stop();
    await smtp?.close();
    await twilio?.close();
  });

  /** A technician of the country with a token, and one visit of today at 10:00 for them; its window told already. */
  const arrange = async (
    country: Country,
    contact: { phone: string; email?: string },
    firstname = country === Country.BE ? 'Luc' : 'Jan',
  ) => {
    const technician = await createTechnician(server.em(), { country, firstname, lastname: 'Achternaam' });
    const order = await createOrder(server.em(), {
      country,
      zipcode: country === Country.BE ? '1000' : '1234 AB',
      technician,
      appointment: TEN,
      email: contact.email ?? `klant-${randomUUID()}@example.test`,
      phone: contact.phone,
    });
    await settleConsumerMessages(server);
    return { order, token: tokensFor(server).technician(technician) };
  };

  const setOut = async (token: string, order: Order, arrival: string) => {
    const { body } = await server.graphql(
      SET,
      { input: { orderId: order.id, stage: 'ON_THE_WAY', expectedArrival: arrival, requestId: randomUUID() } },
      { token },
    );
    expect(body.errors).toBeUndefined();
  };
  const step = async (token: string, order: Order, stage: 'ARRIVED') => {
    const { body } = await server.graphql(
      SET,
      { input: { orderId: order.id, stage, requestId: randomUUID() } },
      { token },
    );
    expect(body.errors).toBeUndefined();
  };
  const undo = async (token: string, order: Order) => {
    const { body } = await server.graphql(UNDO, { input: { orderId: order.id, requestId: randomUUID() } }, { token });
    expect(body.errors).toBeUndefined();
  };
  const onTheWayMessages = (order: Order) =>
    server.em().find(ConsumerMessage, { order: order.id, kind: MessageKind.ON_THE_WAY }, { orderBy: { id: 'asc' } });
  const textsTo = (number: string) => twilio.messages.filter((sms) => sms.to === number);
  /** Waits until the order's "on the way" message left the queue (sent, skipped or failed). */
  const settled = (order: Order) =>
    waitFor('the on-the-way message handled', async () => {
      const [message] = await onTheWayMessages(order);
      return message !== undefined && message.status !== MessageStatus.QUEUED;
    });

  it('sends one SMS with the expected arrival and the first name, in Dutch, and no mail', async () => {
    const { order, token } = await arrange(Country.NL, { phone: '06 12345678', email: 'onderweg@example.nl' });
    const mailsBefore = smtp.mails.length;
    const textsBefore = textsTo('+31612345678').length;

    await setOut(token, order, clockTime(10, 40));
    await settled(order);

    const [message] = await onTheWayMessages(order);
    expect(message).toMatchObject({ channel: MessageChannel.SMS, status: MessageStatus.SENT, tries: 1 });
    const texts = textsTo('+31612345678').slice(textsBefore);
    expect(texts).toHaveLength(1);
    const [sms] = texts;
    expect(sms.body).toMatch(/^Tijdvak: monteur Jan is onderweg naar u en is er rond 10.40 uur\./);
    expect(sms.body).not.toContain('Achternaam');
    expect(sms.body).toMatch(/https:\/\/afspraak\.tijdvak\.example\.nl\/v\/[\w.-]+$/);
    expect(gsm7Length(sms.body)).not.toBeNull();
    expect(gsm7Length(sms.body)!).toBeLessThanOrEqual(SMS_MAX_LENGTH);
    // The mail would be read late, when "around 10:40" is stale: it goes by SMS only.
    expect(smtp.mails.length).toBe(mailsBefore);
  });

  it('is sent once per visit: a new estimate, an undo and setting out again send nothing more', async () => {
    const { order, token } = await arrange(Country.NL, { phone: '06 22334455' });
    await setOut(token, order, clockTime(10, 40));
    await settled(order);

    // Minutes apart, as a technician would tap (a new estimate right after the last one is refused).
    const later = (minutes: number) => server.services.clock.travelTo(new Date(NOW.getTime() + minutes * 60_000));
    try {
      later(3);
      await setOut(token, order, clockTime(10, 55));
      later(6);
      await undo(token, order);
      later(9);
      await setOut(token, order, clockTime(11, 5));
    } finally {
      server.services.clock.travelTo(NOW);
    }
    // The minute's run, as any instance would make it, finds nothing left to tell.
    await publishMessagesNow(server);
    await sleep(1_000);
    expect(await onTheWayMessages(order)).toHaveLength(1);
    expect(textsTo('+31622334455').filter((sms) => sms.body.includes('onderweg'))).toHaveLength(1);
  });

  it("is in the order's language: French for a Belgian visit", async () => {
    const { order, token } = await arrange(Country.BE, { phone: '0470 12 34 56' });
    await setOut(token, order, clockTime(10, 30));
    await settled(order);
    const [sms] = textsTo('+32470123456').filter((text) => text.body.includes('en route'));
    expect(sms.body).toMatch(/^Tijdvak: votre technicien Luc est en route et arrivera vers 10 h 30\./);
    expect(gsm7Length(sms.body)!).toBeLessThanOrEqual(SMS_MAX_LENGTH);
  });

  it('honours an unsubscribed number, a landline and SMS switched off for the country', async () => {
    const unsubscribed = await arrange(Country.NL, { phone: '06 33445566' });
    await unsubscribe(server.em(), MessageChannel.SMS, '+31633445566', NOW);
    await setOut(unsubscribed.token, unsubscribed.order, clockTime(10, 40));
    await settled(unsubscribed.order);
    expect((await onTheWayMessages(unsubscribed.order))[0]).toMatchObject({
      status: MessageStatus.SKIPPED,
      lastError: 'unsubscribed',
    });
    expect(textsTo('+31633445566').filter((sms) => sms.body.includes('onderweg'))).toHaveLength(0);

    const landline = await arrange(Country.NL, { phone: '030 123 4567' });
    await setOut(landline.token, landline.order, clockTime(10, 40));
    await publishMessagesNow(server);
    expect(await onTheWayMessages(landline.order)).toHaveLength(0);

    const off = await arrange(Country.BE, { phone: '0471 23 45 67' });
    await server.em().nativeUpdate(MessageSetting, { country: Country.BE }, { sms: false });
    try {
      await setOut(off.token, off.order, clockTime(10, 40));
      await publishMessagesNow(server);
      expect(await onTheWayMessages(off.order)).toHaveLength(0);
    } finally {
      await server.em().nativeUpdate(MessageSetting, { country: Country.BE }, { sms: true });
    }
  });

  it('is not sent once the technician arrived before it could go (the provider was down), and says why', async () => {
    const { order, token } = await arrange(Country.NL, { phone: '06 44556677' });
    // The provider is unreachable from now on: the first try fails and waits for a retry.
    await twilio.close();
    await setOut(token, order, clockTime(10, 40));
    await waitFor('a failed first try', async () => {
      const [message] = await onTheWayMessages(order);
      return (message?.tries ?? 0) >= 1;
    });
    await step(token, order, 'ARRIVED');
    await settled(order);
    expect((await onTheWayMessages(order))[0]).toMatchObject({
      status: MessageStatus.SKIPPED,
      lastError: 'the technician is no longer on the way',
    });
  });
});
