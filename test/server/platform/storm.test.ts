import { beforeAll, describe, expect, it } from 'vitest';
import { ensureServerBuilt } from '../../e2e/utils/server-command.js';
import { runStorm } from '../../utils/storm.js';

/**
 * The storm of 13:30 (test/utils/storm.ts) at a fiftieth of a busy day, on the production topology: 2 000 orders
 * published while 400 visit pages stay open over three instances, consumers look up at 20 a second and reply, the
 * office searches, technicians tap, and the instances restart one by one in the middle. Nothing may be lost:
 * every message once, every page gets every tap, every page comes back after its instance's restart.
 */
describe('the storm of 13:30 at 1/50 scale, with a rolling restart', () => {
  beforeAll(async () => {
    // The instances run the built server, as an operator does: a stale build would test older code.
    ensureServerBuilt();
  }, 300_000);

  it('publishes every message once and keeps every page informed through the restart', async () => {
    const report = await runStorm({
      orders: 2_000,
      pages: 400,
      lookupsPerSecond: 20,
      rollingRestart: true,
      giveUpMs: 120_000,
    }, { log: (line) => console.log(`${new Date().toISOString()} ${line}`) });
    // The figures, for whoever reads a failure.
    console.log(JSON.stringify({ ...report, failures: report.failures.slice(0, 5) }));
    expect(report.failures).toEqual([]);
    expect(report.mailsSent).toBe(2_000);
    expect(report.smsSent).toBe(2_000);
    expect(report.notExactlyOnce).toEqual({ database: 0, mailReceiver: 0, smsReceiver: 0 });
    expect(report.tapRounds.map((round) => round.pagesMissing)).toEqual([0, 0]);
    expect(report.streamsLost).toBe(0);
    // Every page's stream ended with its instance's restart, and every page subscribed again and read its state.
    expect(report.pagesReconnected).toBe(400);
    expect(report.pagesStale).toBe(0);
    expect(report.pagesOpenAtEnd).toBe(400);
    expect(report.lookups.done).toBeGreaterThan(100);
    expect(report.lookups.failed).toBe(0);
    expect(report.personalLinksOpened).toBeGreaterThan(0);
    expect(report.replies.failed).toBe(0);
    expect(report.replies.stored).toBe(report.replies.sent);
    expect(report.adminSearches.failed).toBe(0);
    expect(report.pgConnectionsPeak).toBeLessThanOrEqual(report.pgPoolSize);
  }, 180_000);
});
