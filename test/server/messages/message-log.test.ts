import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OrderEventKind } from '../../../server/audit/order-event-kind.js';
import { OrderEvent } from '../../../server/audit/order-event.entity.js';
import { Country } from '../../../server/common/locale.js';
import { unsubscribe } from '../../../server/consumer-links/unsubscribes.js';
import {
  ConsumerMessage,
  MessageChannel,
  MessageKind,
  MessageStatus,
} from '../../../server/messages/consumer-message.entity.js';
import { MessageSetting } from '../../../server/message-settings/message-setting.entity.js';
import { Order } from '../../../server/orders/order.entity.js';
import { signMailOpenToken } from '../../../server/statistics/mail-open-token.js';
import { publishMessagesNow, waitForMessagesSent } from '../../utils/consumer-messages.js';
import { createAdmin, createOrder, createTechnician, tokensFor } from '../../utils/factories.js';
import {
  startLocalSmtp,
  startTwilioStandIn,
  type LocalSmtp,
  type TwilioStandIn,
  twilioEnv,
} from '../../utils/message-transports.js';
import { startTestServer, type TestServer } from '../../utils/test-server.js';

const LOG = /* GraphQL */ `
  query OrderMessages($orderId: Int!) {
    orderMessages(orderId: $orderId) {
      totalCount
      messages {
        id
        kind
        channel
        maskedRecipient
        status
        failureReason
        tries
        createdAt
        sentAt
        failedAt
        openedAt
      }
    }
  }
`;

const RESEND = /* GraphQL */ `
  mutation Resend($messageId: Int!) {
    resendConsumerMessage(messageId: $messageId) {
      id
      status
      maskedRecipient
    }
  }
`;

interface LogEntry {
  id: number;
  kind: string;
  channel: string;
  maskedRecipient: string | null;
  status: string;
  failureReason: string | null;
  tries: number;
  createdAt: string;
  sentAt: string | null;
  failedAt: string | null;
  openedAt: string | null;
}

describe('the message log of an order and sending again', () => {
  let smtp: LocalSmtp;
  let twilio: TwilioStandIn;
  let server: TestServer;
  let admin: string;
  let order: Order;

  beforeAll(async () => {
    smtp = await startLocalSmtp();
    twilio = await startTwilioStandIn();
    // Tuesday 1 December 2026, after 13:30: Wednesday's windows are shown.
    server = await startTestServer({
      env: {
        SMTP_URL: smtp.url,
        ...twilioEnv(twilio),
        JOB_POLL_INTERVAL_MS: '300',
        CLOCK_NOW: '2026-12-01T14:00:00+01:00',
      },
    });
    admin = tokensFor(server).admin(await createAdmin(server.em()));
    order = await createOrder(server.em(), {
      appointment: new Date('2026-12-02T08:00:00+01:00'),
      email: 'jan.jansen@example.nl',
      phone: '06 12345678',
    });
    await publishMessagesNow(server);
    await waitForMessagesSent(server);
  });
  afterAll(async () => {
    await server?.stop();
    await smtp?.close();
    await twilio?.close();
  });

  const log = async (orderId = order.id, token = admin) => {
    const { body } = await server.graphql<{ orderMessages: { totalCount: number; messages: LogEntry[] } }>(
      LOG,
      { orderId },
      { token },
    );
    return body;
  };
  const resend = (messageId: number, token: string | null = admin) =>
    server.graphql<{ resendConsumerMessage: { id: number; status: string; maskedRecipient: string } }>(
      RESEND,
      { messageId },
      { token: token ?? undefined },
    );
  const messageOn = (channel: MessageChannel) =>
    server.em().findOneOrFail(ConsumerMessage, { order: order.id, channel }, { orderBy: { id: 'desc' } });
  const resendEvents = () => server.em().count(OrderEvent, { order: order.id, kind: OrderEventKind.MESSAGE_RESENT });
  const jobsOf = async (messageId: number) =>
    (
      await server
        .em()
        .getConnection()
        // A publication's job names its slice of messages, a resend's its one message.
        .execute<{ count: string }[]>(
          `select count(*) from pgboss.job
            where name like 'consumer-messages.send%' and (data->'messageId' = ?::jsonb or data->'messageIds' @> ?::jsonb)`,
          [JSON.stringify(messageId), JSON.stringify([messageId])],
        )
    )[0].count;

  it('lists each message with its kind, channel, masked address, status, times and tries', async () => {
    const body = await log();
    expect(body.errors).toBeUndefined();
    const { totalCount, messages } = body.data!.orderMessages;
    expect(totalCount).toBe(2);
    expect(messages.map((m) => [m.kind, m.channel, m.maskedRecipient, m.status, m.tries, m.failureReason])).toEqual([
      ['WINDOW', 'SMS', '06 •••• 5678', 'SENT', 1, null],
      ['WINDOW', 'EMAIL', 'j•••@example.nl', 'SENT', 1, null],
    ]);
    expect(messages.every((m) => m.sentAt !== null && m.createdAt !== null && m.openedAt === null)).toBe(true);
    // Nothing of the full addresses reaches the screen.
    expect(JSON.stringify(body)).not.toContain('jan.jansen');
    expect(JSON.stringify(body)).not.toContain('12345678');
  });

  it('shows a mail as opened once its image is loaded', async () => {
    const token = signMailOpenToken(server.services.config.jwtSecret, order.id);
    expect((await fetch(`${server.url}/api/mail/open/${token}.gif`)).status).toBe(200);
    const { messages } = (await log()).data!.orderMessages;
    expect(messages.find((m) => m.channel === 'EMAIL')?.openedAt).not.toBeNull();
    expect(messages.find((m) => m.channel === 'SMS')?.openedAt).toBeNull();
  });

  it('is for admins only', async () => {
    const technician = tokensFor(server).technician(await createTechnician(server.em()));
    const email = await messageOn(MessageChannel.EMAIL);
    expect((await log(order.id, technician)).errors?.[0].extensions?.code).toBe('FORBIDDEN');
    expect((await resend(email.id, technician)).body.errors?.[0].extensions?.code).toBe('FORBIDDEN');
    expect((await resend(email.id, null)).body.errors?.[0].extensions?.code).toBe('UNAUTHENTICATED');
    expect((await log(999_999)).errors?.[0].extensions?.code).toBe('ORDER_NOT_FOUND');
    expect(await resendEvents()).toBe(0);
  });

  it('sends a message again through one job, to the current address, and records it in the history', async () => {
    const email = await messageOn(MessageChannel.EMAIL);
    const mailsBefore = smtp.mails.length;
    const { body } = await resend(email.id);
    expect(body.errors).toBeUndefined();
    expect(body.data?.resendConsumerMessage).toEqual({
      id: email.id,
      status: 'QUEUED',
      maskedRecipient: 'j•••@example.nl',
    });
    await waitForMessagesSent(server);
    expect(smtp.mails).toHaveLength(mailsBefore + 1);
    expect(smtp.mails.at(-1)?.to && !Array.isArray(smtp.mails.at(-1)?.to) ? smtp.mails.at(-1)?.to : null).toMatchObject(
      {
        value: [{ address: 'jan.jansen@example.nl' }],
      },
    );
    const sent = await server.em().findOneOrFail(ConsumerMessage, email.id);
    expect([sent.status, sent.tries]).toEqual([MessageStatus.SENT, 2]);
    // The first send's job and the resend's: one each.
    expect(Number(await jobsOf(email.id))).toBe(2);
    const [event] = await server.em().find(OrderEvent, { order: order.id, kind: OrderEventKind.MESSAGE_RESENT });
    expect(event.before).toEqual({ messageStatus: 'SENT' });
    expect(event.after).toEqual({ messageStatus: 'QUEUED', messageKind: 'WINDOW', messageChannel: 'EMAIL' });
    expect(event.actorType).toBe('ADMIN');
  });

  it('refuses a message that waits to be sent already, and one a later message replaced', async () => {
    const email = await messageOn(MessageChannel.EMAIL);
    const em = server.em();
    await em.nativeUpdate(ConsumerMessage, email.id, { status: MessageStatus.QUEUED });
    const queued = await resend(email.id);
    expect(queued.body.errors?.[0]).toMatchObject({
      message: 'Dit bericht staat al klaar om te worden verstuurd.',
      extensions: { code: 'MESSAGE_ALREADY_QUEUED' },
    });
    await em.nativeUpdate(ConsumerMessage, email.id, { status: MessageStatus.SENT });
    em.create(ConsumerMessage, {
      order: order.id,
      kind: MessageKind.UPDATE,
      channel: MessageChannel.EMAIL,
      windowStart: new Date('2026-12-02T09:00:00+01:00'),
      windowSeconds: 10_800,
      recipient: 'jan.jansen@example.nl',
      language: 'nl',
      status: MessageStatus.FAILED,
      lastError: 'Error: 550 mailbox unavailable',
      createdAt: server.services.clock.now(),
    });
    await em.flush();
    expect((await resend(email.id)).body.errors?.[0].extensions?.code).toBe('MESSAGE_SUPERSEDED');
    const { messages } = (await log()).data!.orderMessages;
    expect(messages[0]).toMatchObject({
      kind: 'UPDATE',
      status: 'FAILED',
      failureReason: 'Error: 550 mailbox unavailable',
    });
    expect(await resendEvents()).toBe(1);
  });

  it('refuses when messages or the channel are off for the country, in the caller’s language', async () => {
    const sms = await messageOn(MessageChannel.SMS);
    await server.em().nativeUpdate(MessageSetting, { country: Country.NL }, { sms: false });
    const channelOff = await resend(sms.id);
    expect(channelOff.body.errors?.[0]).toMatchObject({
      message:
        'Sms aan consumenten staat uit voor Nederland. Zet het aan bij Systeeminstellingen om opnieuw te versturen.',
      extensions: { code: 'MESSAGES_OFF' },
    });
    await server.em().nativeUpdate(MessageSetting, { country: Country.NL }, { sms: true, enabled: false });
    const off = await server.graphql(
      RESEND,
      { messageId: sms.id },
      { token: admin, headers: { 'accept-language': 'fr' } },
    );
    expect(off.body.errors?.[0].message).toBe(
      'Les messages aux consommateurs sont désactivés pour les Pays-Bas. Activez-les dans les paramètres système pour renvoyer.',
    );
    await server.em().nativeUpdate(MessageSetting, { country: Country.NL }, { enabled: true });
    expect((await server.em().findOneOrFail(ConsumerMessage, sms.id)).status).toBe(MessageStatus.SENT);
    expect(Number(await jobsOf(sms.id))).toBe(1);
  });

  it('refuses an unsubscribed address and a deleted order', async () => {
    const sms = await messageOn(MessageChannel.SMS);
    const unsubscribedChannels = async () => {
      const { body } = await server.graphql<{ orderByReference: { unsubscribedChannels: string[] } }>(
        'query ($ref: String!) { orderByReference(referenceNumber: $ref) { unsubscribedChannels } }',
        { ref: order.referenceNumber },
        { token: admin },
      );
      return body.data?.orderByReference.unsubscribedChannels;
    };
    expect(await unsubscribedChannels()).toEqual([]);
    // The number in another notation than the order's: one phone, so the order page marks it.
    await unsubscribe(server.em(), 'SMS', '+31612345678', server.services.clock.now());
    expect(await unsubscribedChannels()).toEqual(['SMS']);
    expect((await resend(sms.id)).body.errors?.[0]).toMatchObject({
      message: 'Dit adres heeft zich afgemeld voor berichten: er wordt niets meer naartoe gestuurd.',
      extensions: { code: 'MESSAGE_UNSUBSCRIBED' },
    });
    const other = await createOrder(server.em(), {
      appointment: new Date('2026-12-02T11:00:00+01:00'),
      email: 'weg@example.nl',
      phone: '',
    });
    await publishMessagesNow(server);
    await waitForMessagesSent(server);
    const [mail] = await server.em().find(ConsumerMessage, { order: other.id });
    await server.em().nativeUpdate(Order, other.id, { deletedAt: server.services.clock.now() });
    expect((await resend(mail.id)).body.errors?.[0]).toMatchObject({
      message: 'Deze opdracht is verwijderd: de klant krijgt er geen berichten meer over.',
      extensions: { code: 'MESSAGE_ORDER_DELETED' },
    });
    expect(await resendEvents()).toBe(1);
  });

  it('shows at most the newest 50 messages and says how many there are', async () => {
    const many = await createOrder(server.em(), {
      appointment: new Date('2026-12-03T08:00:00+01:00'),
      email: 'veel@example.nl',
    });
    const em = server.em();
    for (let index = 0; index < 55; index++) {
      em.create(ConsumerMessage, {
        order: many.id,
        kind: MessageKind.UPDATE,
        channel: MessageChannel.EMAIL,
        windowStart: new Date(Date.UTC(2026, 11, 3, 7, index)),
        windowSeconds: 10_800,
        recipient: 'veel@example.nl',
        language: 'nl',
        status: MessageStatus.SENT,
        createdAt: server.services.clock.now(),
      });
    }
    await em.flush();
    const { totalCount, messages } = (await log(many.id)).data!.orderMessages;
    expect(totalCount).toBe(55);
    expect(messages).toHaveLength(50);
    expect(messages[0].id).toBeGreaterThan(messages[49].id);
  });
});
