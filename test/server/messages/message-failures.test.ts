import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConsumerMessage, MessageChannel, MessageStatus } from '../../../server/messages/consumer-message.entity.js';
import { failureDetail } from '../../../server/messages/message-failure.js';
import type { Order } from '../../../server/orders/order.entity.js';
import { publishMessagesNow } from '../../utils/consumer-messages.js';
import { createAdmin, createOrder, tokensFor } from '../../utils/factories.js';
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
      messages {
        channel
        status
        tries
        failureCode
        failureReason
      }
    }
  }
`;

interface LogEntry {
  channel: string;
  status: string;
  tries: number;
  failureCode: string | null;
  failureReason: string | null;
}

/** Tuesday 1 December 2026 after 13:30: Wednesday's windows are shown, so its orders are told at once. */
const NOW = '2026-12-01T14:00:00+01:00';
const WEDNESDAY_9 = new Date('2026-12-02T09:00:00+01:00');

function transportEnv(smtpUrl: string, twilio: TwilioStandIn, extra: Record<string, string> = {}) {
  return {
    SMTP_URL: smtpUrl,
    ...twilioEnv(twilio),
    JOB_POLL_INTERVAL_MS: '300',
    MESSAGE_RETRY_DELAY_SECONDS: '1',
    CLOCK_NOW: NOW,
    ...extra,
  };
}

async function waitFor<T>(what: string, read: () => Promise<T | undefined>, timeoutMs = 30_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

const messageOn = (server: TestServer, order: Order, channel: MessageChannel) =>
  server.em().findOne(ConsumerMessage, { order: order.id, channel }, { orderBy: { id: 'desc' } });

const settled = (server: TestServer, order: Order, channel: MessageChannel) =>
  waitFor(`the ${channel} message to settle`, async () => {
    const message = await messageOn(server, order, channel);
    return message && message.status !== MessageStatus.QUEUED ? message : undefined;
  });

describe('a refused address and an invalid number fail at once, with their codes', () => {
  let smtp: LocalSmtp;
  let twilio: TwilioStandIn;
  let server: TestServer;
  let admin: string;
  let order: Order;

  beforeAll(async () => {
    smtp = await startLocalSmtp(0, { rejectRecipient: (address) => address === 'bestaat.niet@example.nl' });
    twilio = await startTwilioStandIn({ invalidNumber: (to) => to === '+31612345678' });
    // Eight tries after the first, as by default: a refusal for good must not wait for them.
    server = await startTestServer({ env: transportEnv(smtp.url, twilio, { MESSAGE_RETRY_LIMIT: '8' }) });
    admin = tokensFor(server).admin(await createAdmin(server.em()));
    order = await createOrder(server.em(), {
      appointment: WEDNESDAY_9,
      email: 'bestaat.niet@example.nl',
      phone: '06 12345678',
    });
    await publishMessagesNow(server);
  });
  afterAll(async () => {
    await server?.stop();
    await smtp?.close();
    await twilio?.close();
  });

  it('marks the mail failed after one try: the mail server refused the recipient (550)', async () => {
    const mail = await settled(server, order, MessageChannel.EMAIL);
    expect([mail.status, mail.tries, mail.failureCode]).toEqual(['FAILED', 1, 'SMTP_RECIPIENT_REFUSED']);
    expect(mail.lastError).toContain('550');
    expect(mail.lastError).toContain('EENVELOPE');
    expect(mail.lastError).toContain('<recipient>');
    expect(mail.lastError).not.toContain('bestaat.niet');
    expect(smtp.mails).toHaveLength(0);
  });

  it('marks the SMS failed after one try: Twilio finds the number invalid (21211)', async () => {
    const sms = await settled(server, order, MessageChannel.SMS);
    expect([sms.status, sms.tries, sms.failureCode]).toEqual(['FAILED', 1, 'SMS_INVALID_NUMBER']);
    expect(sms.lastError).toContain('21211');
    expect(sms.lastError).toContain('<recipient>');
    expect(sms.lastError).not.toMatch(/612345678/);
    expect(twilio.messages).toHaveLength(0);
  });

  it('counts both failures for the alert on failing messages, by channel', async () => {
    await settled(server, order, MessageChannel.EMAIL);
    await settled(server, order, MessageChannel.SMS);
    const { body } = await server.services.metrics.scrape();
    expect(body).toContain('tijdvak_messages_total{channel="EMAIL",outcome="failed"} 1');
    expect(body).toContain('tijdvak_messages_total{channel="SMS",outcome="failed"} 1');
    expect(body).not.toContain('outcome="sent"');
  });

  it('gives the admin the code and the detail in the message log', async () => {
    await settled(server, order, MessageChannel.EMAIL);
    await settled(server, order, MessageChannel.SMS);
    const { body } = await server.graphql<{ orderMessages: { messages: LogEntry[] } }>(
      LOG,
      { orderId: order.id },
      { token: admin },
    );
    expect(body.errors).toBeUndefined();
    const byChannel = Object.fromEntries(body.data!.orderMessages.messages.map((entry) => [entry.channel, entry]));
    expect(byChannel.EMAIL).toMatchObject({ status: 'FAILED', failureCode: 'SMTP_RECIPIENT_REFUSED' });
    expect(byChannel.SMS).toMatchObject({ status: 'FAILED', failureCode: 'SMS_INVALID_NUMBER' });
    expect(byChannel.SMS.failureReason).toContain("The 'To' number <recipient> is not a valid phone number.");
  });
});

describe('the mail server down', () => {
  let twilio: TwilioStandIn;
  let server: TestServer;
  let order: Order;

  beforeAll(async () => {
    const probe = await startLocalSmtp();
    const port = probe.port;
    await probe.close();
    twilio = await startTwilioStandIn();
    server = await startTestServer({
      env: transportEnv(`smtp://127.0.0.1:${port}`, twilio, { MESSAGE_RETRY_LIMIT: '1' }),
    });
    order = await createOrder(server.em(), { appointment: WEDNESDAY_9, email: 'jan@example.nl' });
    await publishMessagesNow(server);
  });
  afterAll(async () => {
    await server?.stop();
    await twilio?.close();
  });

  it('is retried while unreachable, then marked failed as unreachable after the last try', async () => {
    const waiting = await waitFor('a failed first try', async () => {
      const message = await messageOn(server, order, MessageChannel.EMAIL);
      return message && message.tries >= 1 ? message : undefined;
    });
    // The first try's code is there while the retry waits (or already failed for good: retries are a second apart).
    expect(waiting.failureCode).toBe('SMTP_UNREACHABLE');
    const failed = await settled(server, order, MessageChannel.EMAIL);
    expect([failed.status, failed.tries, failed.failureCode]).toEqual(['FAILED', 2, 'SMTP_UNREACHABLE']);
    expect(failed.lastError).toMatch(/ECONNREFUSED/);
  });
});

describe('a mail server that keeps the client waiting past the timeout', () => {
  const TIMEOUT_MS = 1_500;
  const SLOW = 'traag@example.nl';
  let smtp: LocalSmtp;
  let twilio: TwilioStandIn;
  let server: TestServer;
  let order: Order;

  beforeAll(async () => {
    // The first try's RCPT TO is answered long after the deadline, with lines that keep every socket timeout away.
    smtp = await startLocalSmtp(0, { stallRecipient: { to: (address) => address === SLOW, ms: TIMEOUT_MS * 4 } });
    twilio = await startTwilioStandIn();
    server = await startTestServer({
      env: transportEnv(smtp.url, twilio, { TRANSPORT_TIMEOUT_MS: String(TIMEOUT_MS) }),
    });
    order = await createOrder(server.em(), { appointment: WEDNESDAY_9, email: SLOW });
    await publishMessagesNow(server);
  });
  afterAll(async () => {
    await server?.stop();
    await smtp?.close();
    await twilio?.close();
  });

  it('withdraws the mail at the deadline, so only the retry delivers it: once', async () => {
    const mailsToSlow = () =>
      smtp.mails.filter((mail) =>
        [mail.to ?? []].flat().some((to) => to.value.some((address) => address.address === SLOW)),
      );
    const sent = await settled(server, order, MessageChannel.EMAIL);
    expect([sent.status, sent.tries]).toEqual([MessageStatus.SENT, 2]);
    // The first try is over when the client hung up on it; a mail left waiting would get its answer and follow it.
    await waitFor('the first try to end', async () =>
      smtp.stalls().some((stall) => stall.outcome === 'abandoned') || mailsToSlow().length > 1 ? true : undefined,
    );
    expect(mailsToSlow()).toHaveLength(1);
    expect(smtp.stalls()).toEqual([{ recipient: SLOW, outcome: 'abandoned' }]);
  });
});

describe('the technical detail', () => {
  it('leaves out the recipient and any other address or phone number the provider echoes', () => {
    const error = Object.assign(
      new Error('550 <piet@example.nl>: mailbox unavailable; forwarded from kees@example.be, call +32 470 12 34 56'),
      { code: 'EENVELOPE', command: 'RCPT TO' },
    );
    expect(failureDetail(error, 'piet@example.nl')).toBe(
      'EENVELOPE RCPT TO: 550 <<recipient>>: mailbox unavailable; forwarded from <address>, call <number>',
    );
  });

  it('keeps the address of a mail server, which is no personal data', () => {
    const error = Object.assign(new Error('connect ECONNREFUSED 192.168.100.200:25'), { code: 'ESOCKET' });
    expect(failureDetail(error, 'jan@example.nl')).toBe('ESOCKET: connect ECONNREFUSED 192.168.100.200:25');
  });
});
