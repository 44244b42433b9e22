import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cpuStallMicroseconds } from '../../bench/utils/cpu.js';
import { ensureServerBuilt } from '../../e2e/utils/server-command.js';
import { startStorm, type Storm } from '../../utils/storm.js';

const ORDERS = Number(process.env.STORM_TEST_ORDERS ?? 2_000);
const PAGES = Number(process.env.STORM_TEST_PAGES ?? 400);

/**
 * The storm of 13:30 (test/utils/storm.ts) at a fiftieth of a busy day, on the production topology: 2 000 orders
 * published while 400 visit pages stay open over three instances, consumers look up at 20 a second and reply, the
 * office searches, technicians tap, and the instances restart one by one in the middle. Nothing may be lost:
 * every message once, every page told every tap, every page back after its instance's restart. Only what is lost
 * fails it; the speed is the benchmark's (npm run bench:storm).
 */
describe('the storm of 13:30 at 1/50 scale, with a rolling restart', () => {
  let storm: Storm;

  beforeAll(async () => {
    // The instances run the built server, as an operator does: a stale build would test older code.
    ensureServerBuilt();
    storm = await startStorm(
      { orders: ORDERS, pages: PAGES, lookupsPerSecond: 20, rollingRestart: true, giveUpMs: 120_000 },
      { log: (line) => process.stdout.write(`${new Date().toISOString()} ${line}\n`) },
    );
  }, 300_000);
  afterAll(async () => {
    await storm?.stop();
  });

  it('publishes every message once and keeps every page told through the restart', async () => {
    const report = await storm.run();
    // The figures, for whoever reads a failure.
    process.stdout.write(`${JSON.stringify({ ...report, failures: report.failures.slice(0, 5) })}\n`);
    expect(report.failures).toEqual([]);
    expect(report.mailsSent).toBe(ORDERS);
    expect(report.smsSent).toBe(ORDERS);
    expect(report.notExactlyOnce).toEqual({ database: 0, mailReceiver: 0, smsReceiver: 0 });
    expect(report.tapRounds.map((round) => round.pagesMissing)).toEqual([0, 0]);
    expect(report.streamsLost).toBe(0);
    // Every page's stream ended with its instance's restart, and every page subscribed again and read its state.
    expect(report.pagesReconnected).toBe(PAGES);
    expect(report.pagesStale).toBe(0);
    expect(report.pagesOpenAtEnd).toBe(PAGES);
    expect(report.lookups.done).toBeGreaterThan(100);
    // Nothing is refused, not even in the restart: a busy instance stays in HAProxy's rotation (its check may
    // take 3 s), so the balancer never finds all three out at once.
    expect(report.refused).toEqual({});
    expect(report.personalLinksOpened).toBeGreaterThan(0);
    // Each answered reply is kept once.
    expect(report.replies.stored).toBe(report.replies.sent);
    expect(report.adminSearches.done).toBeGreaterThan(10);
    expect(report.pgConnectionsPeak).toBeLessThanOrEqual(report.pgPoolSize);
    // Where the kernel keeps CPU pressure, each lookup window but the last has its share of waiting for a core.
    if (cpuStallMicroseconds() !== null) {
      expect(report.cpuPressureWindows.length).toBeGreaterThanOrEqual(1);
      for (const share of report.cpuPressureWindows) expect(share).toSatisfy((value) => value >= 0 && value <= 1.01);
    }
  }, 240_000);
});
