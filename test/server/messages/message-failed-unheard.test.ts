import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ConsumerMessage,
  MessageChannel,
  MessageKind,
  MessageStatus,
} from '../../../server/messages/consumer-message.entity.js';
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

const RESCHEDULE = `mutation ($input: RescheduleOrderInput!) { rescheduleOrder(input: $input) { id } }`;

/** Tuesday 1 December 2026, 14:00 in Amsterdam: the windows of Wednesday are shown since 13:30. */
const NOW = new Date('2026-12-01T14:00:00+01:00');
const WEDNESDAY_TEN = new Date('2026-12-02T10:00:00+01:00');
const WEDNESDAY_ONE = new Date('2026-12-02T13:00:00+01:00');
const MAILBOX = 'tijdelijk.vol@example.nl';

describe('a message that failed for good was not heard', { timeout: 120_000 }, () => {
  let smtp: LocalSmtp;
  let twilio: TwilioStandIn;
  let server: TestServer;
  let adminToken: string;
  /** The mail server refuses the mailbox until the test lets it take mail again. */
  let refusing = true;

  beforeAll(async () => {
    smtp = await startLocalSmtp(0, { rejectRecipient: (address) => refusing && address === MAILBOX });
    twilio = await startTwilioStandIn();
    server = await startTestServer({
      env: {
        SMTP_URL: smtp.url,
        ...twilioEnv(twilio),
        JOB_POLL_INTERVAL_MS: '300',
        MESSAGE_RETRY_DELAY_SECONDS: '1',
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

  const messagesOn = async (orderId: number, channel: MessageChannel) =>
    (await server.em().find(ConsumerMessage, { order: orderId, channel }, { orderBy: { id: 'asc' } })).map(
      (message) => ({ kind: message.kind, status: message.status, windowStart: message.windowStart.toISOString() }),
    );

  it('tells a move after a failed window mail as the window, not as a change; the SMS that went as a change', async () => {
    const technician = await createTechnician(server.em());
    const order = await createOrder(server.em(), {
      technician,
      appointment: WEDNESDAY_TEN,
      email: MAILBOX,
      phone: '06 22360679',
    });
    await settleConsumerMessages(server);
    const ten = WEDNESDAY_TEN.toISOString();
    expect(await messagesOn(order.id, MessageChannel.EMAIL)).toEqual([
      { kind: MessageKind.WINDOW, status: MessageStatus.FAILED, windowStart: ten },
    ]);
    // Nothing changed: the failed message is not written again and again.
    await publishMessagesNow(server);
    expect(await messagesOn(order.id, MessageChannel.EMAIL)).toHaveLength(1);

    refusing = false;
    const { body } = await server.graphql(
      RESCHEDULE,
      { input: { orderId: order.id, appointment: WEDNESDAY_ONE.toISOString() } },
      { token: adminToken },
    );
    expect(body.errors).toBeUndefined();
    await passUndoAndPublish(server);
    await waitForMessagesSent(server);

    const one = WEDNESDAY_ONE.toISOString();
    expect(await messagesOn(order.id, MessageChannel.EMAIL)).toEqual([
      { kind: MessageKind.WINDOW, status: MessageStatus.FAILED, windowStart: ten },
      { kind: MessageKind.WINDOW, status: MessageStatus.SENT, windowStart: one },
    ]);
    // The consumer never read 10.00: the mail gives the window plainly, without "Gewijzigd".
    expect(smtp.mails.map((mail) => mail.subject)).toEqual([
      'Uw monteur komt woensdag 2 december tussen 13.00 en 16.00 uur',
    ]);
    // The SMS of 10.00 was heard: its next message is the change.
    expect(await messagesOn(order.id, MessageChannel.SMS)).toEqual([
      { kind: MessageKind.WINDOW, status: MessageStatus.SENT, windowStart: ten },
      { kind: MessageKind.UPDATE, status: MessageStatus.SENT, windowStart: one },
    ]);
  });
});
