import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MessagePlanner } from '../../../server/messages/message-planner.js';
import {
  insertVisitDayOrders,
  startMessagingServer,
  waitFor,
  type MessagingServer,
} from '../../utils/consumer-messages.js';
import type { TwilioStandIn } from '../../utils/message-transports.js';
import type { TestServer } from '../../utils/test-server.js';

/**
 * The server's clock: Thursday 3 December 2026, the day after the visits, so its own publications (at start, each
 * minute) leave Wednesday's orders alone; the test publishes them with a plan of its own, on the Tuesday before.
 */
const SERVER_NOW = '2026-12-03T14:00:00+01:00';
/** Tuesday 1 December 2026 after 13:30: Wednesday's windows are shown. */
const PUBLISHED_AT = new Date('2026-12-01T14:00:00+01:00');
/** The SMS each instance may hand over a second: the lowest pace allowed. */
const SMS_RATE = 10;

const count = async (server: TestServer, where: string) => {
  const sql = `select count(*)::int as n from consumer_messages m join orders o on o.id = m.order_id where ${where}`;
  const [row] = await server.em().getConnection().execute<{ n: number }[]>(sql);
  return row.n;
};

describe('a publication at a pace', () => {
  let messaging: MessagingServer;
  let twilio: TwilioStandIn;
  let server: TestServer;

  beforeAll(async () => {
    messaging = await startMessagingServer(
      { SMS_SEND_RATE: String(SMS_RATE), CLOCK_NOW: SERVER_NOW },
      { countOnly: true },
    );
    ({ server, twilio } = messaging);
  });
  afterAll(async () => {
    await messaging?.stop();
  });

  it('hands the SMS over at the configured rate, each once', async () => {
    const orders = 3 * SMS_RATE;
    await insertVisitDayOrders(server, 'PACED', orders, 41_000_000);
    await new MessagePlanner(server.services.orm, server.services.holidays, server.services.jobs).plan(PUBLISHED_AT);
    const planned = Date.now();
    const texts = () => twilio.messages.filter((sms) => sms.to.startsWith('+31641'));
    await waitFor('every SMS', () => Promise.resolve(texts().length >= orders), 30_000);
    // Thirty at ten a second: the last handed over 2.9 s after the first at the earliest, which went after the plan.
    // A busy host only delays them further; at full speed all thirty arrive within a second of the plan.
    expect(Math.max(...texts().map((sms) => sms.receivedAt)) - planned).toBeGreaterThanOrEqual(2_900);
    expect(new Set(texts().map((sms) => sms.to)).size).toBe(orders);
    await waitFor(
      'every outcome',
      async () => (await count(server, `o.reference_number like 'PACED-%' and m.status = 'QUEUED'`)) === 0,
    );
    expect(await count(server, `o.reference_number like 'PACED-%' and m.status = 'SENT' and m.tries = 1`)).toBe(
      2 * orders,
    );
  });
});
