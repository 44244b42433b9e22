import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConsumerMessage, MessageChannel, MessageStatus } from '../../../server/messages/consumer-message.entity.js';
import { MessageFailureCode } from '../../../server/messages/message-failure.js';
import { publishMessagesNow } from '../../utils/consumer-messages.js';
import { createOrder } from '../../utils/factories.js';
import {
  startSilentSmtp,
  startTwilioStandIn,
  type SilentSmtp,
  type TwilioStandIn,
  twilioEnv,
} from '../../utils/message-transports.js';
import { startTestServer, type TestServer } from '../../utils/test-server.js';

/** Tuesday 1 December 2026 after 13:30: Wednesday's windows are shown, so its orders are told at once. */
const NOW = '2026-12-01T14:00:00+01:00';
const WEDNESDAY_9 = new Date('2026-12-02T09:00:00+01:00');
/** More orders than two batches of the old shared queue held (2 × 50 jobs), so SMS waited behind the mails. */
const ORDERS = 60;
/**
 * The longest a transport call may take here; every SMS must be at Twilio well before a mail gives up. Long enough
 * that sixty SMS fit in half of it on a machine busy with other work.
 */
const TRANSPORT_TIMEOUT_MS = 12_000;

describe('a mail server that accepts and never answers', () => {
  let smtp: SilentSmtp;
  let twilio: TwilioStandIn;
  let server: TestServer;

  beforeAll(async () => {
    smtp = await startSilentSmtp();
    twilio = await startTwilioStandIn();
    server = await startTestServer({
      env: {
        SMTP_URL: smtp.url,
        ...twilioEnv(twilio),
        JOB_POLL_INTERVAL_MS: '300',
        MESSAGE_RETRY_DELAY_SECONDS: '30',
        TRANSPORT_TIMEOUT_MS: String(TRANSPORT_TIMEOUT_MS),
        CLOCK_NOW: NOW,
      },
    });
  });
  afterAll(async () => {
    await server.stop();
    await smtp.close();
    await twilio.close();
  });

  it('holds up no SMS and no transaction: every SMS goes at once, the mails fail within the timeout and wait for a retry', async () => {
    const em = server.em();
    for (let index = 0; index < ORDERS; index++) {
      await createOrder(em, {
        appointment: WEDNESDAY_9,
        email: `wacht${index}@example.nl`,
        phone: `06 ${String(20_000_000 + index)}`,
      });
    }
    const connection = server.em().getConnection();
    const idleInTransaction = async () => {
      const [row] = await connection.execute<{ count: string }[]>(
        `select count(*) from pg_stat_activity where datname = ? and state like 'idle in transaction%'`,
        [server.database.name],
      );
      return Number(row.count);
    };
    const rows = (channel: MessageChannel) =>
      connection.execute<{ status: MessageStatus; tries: number; failure_code: string | null }[]>(
        `select status, tries, failure_code from consumer_messages where channel = ?`,
        [channel],
      );

    const started = Date.now();
    await publishMessagesNow(server);
    let smsAt: number | undefined;
    let mailSettledAt: number | undefined;
    let sessionsIdleInTransaction = 0;
    const deadline = started + TRANSPORT_TIMEOUT_MS * 4;
    // Watched together until the first mails' tries have failed (the others wait their turn for the mail server's
    // connections, a timeout each): the SMS, the sessions, the mails.
    while (mailSettledAt === undefined) {
      if (Date.now() > deadline) throw new Error('the mails did not fail within their timeout');
      sessionsIdleInTransaction = Math.max(sessionsIdleInTransaction, await idleInTransaction());
      if (smsAt === undefined && (await rows(MessageChannel.SMS)).every((row) => row.status === MessageStatus.SENT)) {
        smsAt = Date.now();
      }
      const mails = await rows(MessageChannel.EMAIL);
      if (mails.length === ORDERS && mails.some((row) => row.tries > 0)) mailSettledAt = Date.now();
      await new Promise((resolve) => setTimeout(resolve, 50));
    }

    // Reached: its connections close when nodemailer stops waiting for the greeting, as the mails' deadline passes.
    expect(smtp.accepted()).toBeGreaterThan(0);
    expect(twilio.messages).toHaveLength(ORDERS);
    expect(smsAt).toBeDefined();
    // Told and recorded while the mail server had not even said hello.
    expect(smsAt! - started).toBeLessThan(TRANSPORT_TIMEOUT_MS / 2);
    expect(sessionsIdleInTransaction).toBe(0);
    // A mail tried failed as unreachable after the timeout, and waits for its retry (30 s on), as the rules say.
    const mails = await server.em().find(ConsumerMessage, { channel: MessageChannel.EMAIL, tries: { $gt: 0 } });
    expect(mails.length).toBeGreaterThan(0);
    for (const mail of mails) {
      expect([mail.status, mail.tries, mail.failureCode]).toEqual([
        MessageStatus.QUEUED,
        1,
        MessageFailureCode.SMTP_UNREACHABLE,
      ]);
      expect(mail.claimedUntil).toBeNull();
    }
  }, 60_000);
});
