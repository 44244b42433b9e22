import { performance } from 'node:perf_hooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  insertVisitDayOrders,
  publishMessagesNow,
  startMessagingServer,
  type MessagingServer,
} from '../../utils/consumer-messages.js';
import type { TwilioStandIn } from '../../utils/message-transports.js';
import type { TestServer } from '../../utils/test-server.js';

/** Tuesday 1 December 2026 after 13:30: Wednesday's windows are shown, so its orders are told at once. */
const NOW = '2026-12-01T14:00:00+01:00';
/** Thirteen send jobs a channel: more than its workers fetch at once. */
const ORDERS = 200;
/** The job queue's poll: long, so that a wait between two fetches of the backlog shows. */
const POLL_MS = 6_000;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe("a publication's backlog of send jobs", () => {
  let messaging: MessagingServer;
  let twilio: TwilioStandIn;
  let server: TestServer;

  beforeAll(async () => {
    messaging = await startMessagingServer(
      { JOB_POLL_INTERVAL_MS: String(POLL_MS), CLOCK_NOW: NOW },
      { countOnly: true },
    );
    ({ server, twilio } = messaging);
  });
  afterAll(async () => {
    await messaging?.stop();
  });

  it('is worked without a poll between its jobs: the SMS go within one poll of the first', async () => {
    await insertVisitDayOrders(server, 'BACKLOG', ORDERS, 30_000_000);
    await publishMessagesNow(server);
    let firstAt: number | undefined;
    const deadline = performance.now() + POLL_MS * 8;
    while (twilio.messages.length < ORDERS && performance.now() < deadline) {
      if (firstAt === undefined && twilio.messages.length > 0) firstAt = performance.now();
      await sleep(20);
    }
    const lastAt = performance.now();
    expect(twilio.messages).toHaveLength(ORDERS);
    expect(firstAt).toBeDefined();
    expect(lastAt - firstAt!).toBeLessThan(POLL_MS);
  });
});
