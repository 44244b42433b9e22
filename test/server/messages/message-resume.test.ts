import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConsumerMessage, MessageChannel, MessageStatus } from '../../../server/messages/consumer-message.entity.js';
import { RESUME_QUEUE, SEND_QUEUES } from '../../../server/messages/message-sender.js';
import type { Order } from '../../../server/orders/order.entity.js';
import { runJobNow, settleConsumerMessages } from '../../utils/consumer-messages.js';
import { createOrder } from '../../utils/factories.js';
import {
  startLocalSmtp,
  startTwilioStandIn,
  type LocalSmtp,
  type TwilioStandIn,
  twilioEnv,
} from '../../utils/message-transports.js';
import { startTestServer, type TestServer } from '../../utils/test-server.js';

/** Tuesday 1 December 2026 after 13:30: Wednesday's windows are shown, so its orders are told at once. */
const NOW = '2026-12-01T14:00:00+01:00';
const WEDNESDAY_9 = new Date('2026-12-02T09:00:00+01:00');
/** A claim lasts this (rounded up to seconds) plus 10 s: 12 s. */
const TRANSPORT_TIMEOUT_MS = 2_000;
const CLAIM_SECONDS = 12;
/** pg-boss gives up a send job this long after its fetch (the claim and 30 s), and only then tries it again. */
const EXPIRY_SECONDS = CLAIM_SECONDS + 30;

async function waitFor<T>(what: string, read: () => Promise<T | undefined>, timeoutMs: number): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe('a sender that died between the queue handing it a job and its claim of the message', () => {
  let smtp: LocalSmtp;
  let twilio: TwilioStandIn;
  let server: TestServer;
  let order: Order;

  beforeAll(async () => {
    smtp = await startLocalSmtp();
    twilio = await startTwilioStandIn();
    server = await startTestServer({
      env: {
        SMTP_URL: smtp.url,
        ...twilioEnv(twilio),
        TRANSPORT_TIMEOUT_MS: String(TRANSPORT_TIMEOUT_MS),
        JOB_POLL_INTERVAL_MS: '300',
        CLOCK_NOW: NOW,
      },
    });
    order = await createOrder(server.em(), { appointment: WEDNESDAY_9, email: 'wacht@example.nl' });
    await settleConsumerMessages(server);
  });
  afterAll(async () => {
    await server?.stop();
    await smtp?.close();
    await twilio?.close();
  });

  it.each([
    ['a resend or a resume', (id: number) => ({ messageId: id })],
    ['a publication', (id: number) => ({ messageIds: [id - 1, id] })],
  ])(
    'has its message sent by the next look for abandoned messages, not after the job expires (a job of %s)',
    async (_what, dataOf) => {
      const em = server.em();
      const mail = await em.findOneOrFail(ConsumerMessage, { order: order.id, channel: MessageChannel.EMAIL });
      const delivered = smtp.mails.length;
      // The state such a death leaves: the message waits, claimed by nobody, and its send job is active in the queue,
      // fetched longer ago than a claim lasts (and not so long ago that pg-boss would give it up yet).
      const connection = em.getConnection();
      // The dead job of the case before stays active: gone, so only this case's job can name the message.
      await connection.execute(`delete from pgboss.job where name = ? and state = 'active'`, [
        SEND_QUEUES[MessageChannel.EMAIL],
      ]);
      await connection.execute(
        `update consumer_messages set status = 'QUEUED', sent_at = null, tries = 0, claimed_until = null where id = ?`,
        [mail.id],
      );
      await connection.execute(
        `insert into pgboss.job (name, data, state, singleton_key, policy, retry_limit, expire_seconds, started_on)
       values (?, ?::jsonb, 'active', ?, 'exclusive', 8, ?, clock_timestamp() - make_interval(secs => ?))`,
        [
          SEND_QUEUES[MessageChannel.EMAIL],
          JSON.stringify(dataOf(mail.id)),
          `consumer-message:${mail.id}:${JSON.stringify(dataOf(mail.id))}`,
          EXPIRY_SECONDS,
          CLAIM_SECONDS + 5,
        ],
      );

      await runJobNow(server, RESUME_QUEUE);
      // Well before the dead job's expiry (25 s from now), let alone pg-boss's look for expired jobs after it.
      const sent = await waitFor(
        'the message sent',
        async () => {
          const row = await server.em().findOneOrFail(ConsumerMessage, mail.id);
          return row.status === MessageStatus.QUEUED ? undefined : row;
        },
        15_000,
      );
      expect([sent.status, sent.tries]).toEqual([MessageStatus.SENT, 1]);
      expect(smtp.mails.length - delivered).toBe(1);
    },
  );
});
