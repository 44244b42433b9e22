import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES_PER_SEND_JOB } from '../../../server/messages/message-sender.js';
import {
  insertVisitDayOrders,
  publishMessagesNow,
  startMessagingServer,
  waitFor,
  type MessagingServer,
} from '../../utils/consumer-messages.js';
import type { LocalSmtp } from '../../utils/message-transports.js';
import type { TestServer } from '../../utils/test-server.js';

/** Tuesday 1 December 2026 after 13:30: Wednesday's windows are shown, so its orders are told at once. */
const NOW = '2026-12-01T14:00:00+01:00';
/** One send job's mails: twice the mailer's connections, so half of them wait for a lane. */
const ORDERS = MESSAGES_PER_SEND_JOB;
/**
 * Each mail server answer held this long: longer than a message may wait for a lane (a claim's length less the
 * transport's timeout and a margin: 5 s), shorter than the transport's timeout.
 */
const STALL_MS = 7_000;
/** A retry's delay far longer than the test waits: a message that waited for it would not arrive in time. */
const RETRY_DELAY_SECONDS = 600;

describe('messages no lane took in time', () => {
  let messaging: MessagingServer;
  let smtp: LocalSmtp;
  let server: TestServer;

  beforeAll(async () => {
    messaging = await startMessagingServer(
      { MESSAGE_RETRY_DELAY_SECONDS: String(RETRY_DELAY_SECONDS), CLOCK_NOW: NOW },
      { stallRecipient: { to: () => true, ms: STALL_MS } },
    );
    ({ server, smtp } = messaging);
  });
  afterAll(async () => {
    await messaging?.stop();
  });

  it('are queued again at once, not after a failed try’s delay, and each goes once', async () => {
    await insertVisitDayOrders(server, 'LANE', ORDERS, 40_000_000);
    await publishMessagesNow(server);
    // The mailer's eight connections are held by the first eight mails; the other eight wait longer than they may.
    // Done once every mail's outcome is written (the mail server has it a moment before).
    const mailsSent = async () => {
      const [row] = await server
        .em()
        .getConnection()
        .execute<{ n: number }[]>(
          `select count(*)::int as n from consumer_messages where channel = 'EMAIL' and status <> 'QUEUED'`,
        );
      return row.n === ORDERS;
    };
    await waitFor('every mail sent', mailsSent, 60_000);
    expect(smtp.received()).toBe(ORDERS);
    const rows = await server
      .em()
      .getConnection()
      .execute<{ status: string; tries: number; n: number }[]>(
        `select status, tries, count(*)::int as n from consumer_messages where channel = 'EMAIL' group by 1, 2`,
      );
    // Each handed over once, and none counted as a failed try.
    expect(rows).toEqual([{ status: 'SENT', tries: 1, n: ORDERS }]);
    expect([...smtp.recipients().values()].every((times) => times === 1)).toBe(true);
    // Those left waiting went in jobs of their own; no job failed (each settled once its batch's outcomes are in).
    const sendJobs = () =>
      server
        .em()
        .getConnection()
        .execute<{ state: string; n: number }[]>(
          `select state, count(*)::int as n from pgboss.job where name = 'consumer-messages.send-mail' group by 1`,
        );
    await waitFor(
      'the send jobs to settle',
      async () => (await sendJobs()).every((job) => job.state !== 'active' && job.state !== 'created'),
      30_000,
    );
    const jobs = await sendJobs();
    expect(jobs.filter((job) => job.state !== 'completed')).toEqual([]);
    expect(jobs.find((job) => job.state === 'completed')?.n).toBeGreaterThan(1);
  }, 90_000);
});
