import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ParsedMail } from 'mailparser';
import { Country } from '../../../server/common/locale.js';
import { ConsumerMessage, MessageChannel, MessageKind } from '../../../server/messages/consumer-message.entity.js';
import { gsm7Length, SMS_MAX_LENGTH } from '../../../server/messages/message-content.js';
import { MessagePlanner } from '../../../server/messages/message-planner.js';
import type { Order } from '../../../server/orders/order.entity.js';
import {
  passUndoAndPublish,
  publishMessagesNow,
  settleConsumerMessages,
  waitForMessagesSent,
} from '../../utils/consumer-messages.js';
import { createAdmin, createOrder, createTechnician, tokensFor } from '../../utils/factories.js';
import {
  startLocalSmtp,
  startTwilioStandIn,
  type LocalSmtp,
  type TwilioStandIn,
  twilioEnv,
} from '../../utils/message-transports.js';
import { startTestServer, type TestServer } from '../../utils/test-server.js';

const DELETE = `mutation ($id: Int!) { deleteOrder(id: $id) { id } }`;
const RESTORE = `mutation ($id: Int!) { restoreOrder(id: $id) { id } }`;

/** Tuesday 1 December 2026, 14:00 in Amsterdam and Brussels: the windows of Wednesday are shown since 13:30. */
const NOW = new Date('2026-12-01T14:00:00+01:00');
const WEDNESDAY_TEN = new Date('2026-12-02T10:00:00+01:00');

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * A change is planned at once, but a change that lands while a planning run is under way can wait for the minute's
 * run, which catches up: the wait covers one of those.
 */
async function waitFor(what: string, condition: () => boolean | Promise<boolean>, timeoutMs = 75_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await sleep(50);
  }
}

const mailsTo = (smtp: LocalSmtp, address: string): ParsedMail[] =>
  smtp.mails.filter((mail) => mail.to && !Array.isArray(mail.to) && mail.to.value.some((to) => to.address === address));

describe('a deleted order restored after its cancellation was told', { timeout: 180_000 }, () => {
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
        APP_URL: 'https://afspraak.tijdvak.example.nl',
        CLOCK_NOW: NOW.toISOString(),
      },
    });
    adminToken = tokensFor(server).admin(await createAdmin(server.em()));
  });
  afterAll(async () => {
    await server?.stop();
    await smtp?.close();
    await twilio?.close();
  });

  /** A visit of Wednesday 10:00 whose window was told by mail and SMS. */
  const arrange = async (country: Country, email: string, phone: string) => {
    const technician = await createTechnician(server.em(), { country });
    const order = await createOrder(server.em(), {
      country,
      zipcode: country === Country.BE ? '1000' : '1234 AB',
      technician,
      appointment: WEDNESDAY_TEN,
      email,
      phone,
    });
    await settleConsumerMessages(server);
    return order;
  };
  const act = async (mutation: string, order: Order) => {
    const { body } = await server.graphql(mutation, { id: order.id }, { token: adminToken });
    expect(body.errors).toBeUndefined();
  };
  const kindsOf = async (order: Order, channel: MessageChannel) =>
    (await server.em().find(ConsumerMessage, { order: order.id, channel }, { orderBy: { id: 'asc' } })).map(
      (message) => [message.kind, message.cancellationsBefore],
    );
  /** Waits until the order has this many messages on the channel, all of them sent. */
  const told = async (order: Order, count: number) => {
    await waitFor(`${count} messages for the order`, async () => {
      const rows = await server.em().find(ConsumerMessage, { order: order.id });
      return rows.length >= count * 2;
    });
    await waitForMessagesSent(server);
  };

  it('tells the window again, once, by mail and SMS: "uw afspraak gaat toch door"', async () => {
    const order = await arrange(Country.NL, 'terug@example.nl', '06 11223344');
    await act(DELETE, order);
    await passUndoAndPublish(server);
    await told(order, 2);
    expect(mailsTo(smtp, 'terug@example.nl').map((mail) => mail.subject)).toEqual([
      'Uw monteur komt woensdag 2 december tussen 10.00 en 13.00 uur',
      'Uw afspraak van woensdag 2 december gaat niet door',
    ]);

    await act(RESTORE, order);
    await told(order, 3);
    // Every instance's minute run, two of them at once, and another notice: nothing more.
    const planner = new MessagePlanner(server.services.orm, server.services.holidays, server.services.jobs);
    await Promise.all([planner.plan(NOW), planner.plan(NOW, [order.id]), publishMessagesNow(server)]);
    await waitForMessagesSent(server);

    const mails = mailsTo(smtp, 'terug@example.nl');
    expect(mails).toHaveLength(3);
    const restored = mails[2];
    expect(restored.subject).toBe('Uw afspraak gaat toch door: woensdag 2 december tussen 10.00 en 13.00 uur');
    expect(restored.text).toContain('Uw afspraak staat weer gepland. De monteur komt op woensdag 2 december');
    expect(restored.text).toContain('De monteur belt u 30 minuten voordat hij komt.');
    expect(restored.text).toMatch(/https:\/\/afspraak\.tijdvak\.example\.nl\/v\/[\w.-]+\?antwoord=thuis/);
    expect(restored.html).toContain('Uw afspraak staat weer gepland.');
    const header = (name: string) => restored.headerLines.find((line) => line.key === name)?.line;
    expect(header('list-unsubscribe-post')).toBe('List-Unsubscribe-Post: List-Unsubscribe=One-Click');

    const texts = twilio.messages.filter((sms) => sms.to === '+31611223344');
    expect(texts).toHaveLength(3);
    expect(texts[2].body).toMatch(
      /^Tijdvak: uw afspraak gaat toch door! De monteur komt wo 2 dec tussen 10.00 en 13.00\. https:/,
    );
    expect(gsm7Length(texts[2].body)!).toBeLessThanOrEqual(SMS_MAX_LENGTH);
    expect(await kindsOf(order, MessageChannel.EMAIL)).toEqual([
      [MessageKind.WINDOW, 0],
      [MessageKind.CANCELLATION, 0],
      [MessageKind.RESTORED, 1],
    ]);
  });

  it('tells a second delete and a second restore each once, beside the rows of the first round', async () => {
    const order = await arrange(Country.NL, 'heen-en-weer@example.nl', '06 22113344');
    await act(DELETE, order);
    await passUndoAndPublish(server);
    await told(order, 2);
    await act(RESTORE, order);
    await told(order, 3);
    await act(DELETE, order);
    await passUndoAndPublish(server);
    await told(order, 4);
    await act(RESTORE, order);
    await told(order, 5);
    await publishMessagesNow(server);
    await waitForMessagesSent(server);

    expect(await kindsOf(order, MessageChannel.EMAIL)).toEqual([
      [MessageKind.WINDOW, 0],
      [MessageKind.CANCELLATION, 0],
      [MessageKind.RESTORED, 1],
      [MessageKind.CANCELLATION, 1],
      [MessageKind.RESTORED, 2],
    ]);
    expect(await kindsOf(order, MessageChannel.SMS)).toEqual(await kindsOf(order, MessageChannel.EMAIL));
    expect(mailsTo(smtp, 'heen-en-weer@example.nl').map((mail) => mail.subject?.split(':')[0])).toEqual([
      'Uw monteur komt woensdag 2 december tussen 10.00 en 13.00 uur',
      'Uw afspraak van woensdag 2 december gaat niet door',
      'Uw afspraak gaat toch door',
      'Uw afspraak van woensdag 2 december gaat niet door',
      'Uw afspraak gaat toch door',
    ]);
  });

  it('says nothing on a restore when no cancellation was told (deleted before the window was shown)', async () => {
    const technician = await createTechnician(server.em());
    // Thursday's window is shown from Wednesday 13:30: nothing was told before the delete.
    const order = await createOrder(server.em(), {
      technician,
      appointment: new Date('2026-12-03T10:00:00+01:00'),
      email: 'nog-niets@example.nl',
    });
    await act(DELETE, order);
    await act(RESTORE, order);
    await settleConsumerMessages(server);
    expect(await server.em().count(ConsumerMessage, { order: order.id })).toBe(0);
  });

  it('is in French for a Belgian visit', async () => {
    const order = await arrange(Country.BE, 'retour@example.be', '0470 11 22 33');
    await act(DELETE, order);
    await passUndoAndPublish(server);
    await told(order, 2);
    await act(RESTORE, order);
    await told(order, 3);
    const restored = mailsTo(smtp, 'retour@example.be').at(-1);
    expect(restored?.subject).toBe(
      'Votre rendez-vous est maintenu\u00a0: le mercredi 2 décembre entre 10\u00a0h et 13\u00a0h',
    );
    expect(restored?.text).toContain('Votre rendez-vous est à nouveau planifié.');
    const sms = twilio.messages.filter((text) => text.to === '+32470112233').at(-1);
    expect(sms?.body).toMatch(/^Tijdvak: votre rendez-vous est maintenu !/);
    expect(gsm7Length(sms?.body ?? '')!).toBeLessThanOrEqual(SMS_MAX_LENGTH);
  });
});
