import { performance } from 'node:perf_hooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openLiveStream } from '../../utils/live-stream.js';
import { startTestServer, type TestServer } from '../../utils/test-server.js';

const SUBSCRIPTION = `subscription Follows { visitProgressChanged { referenceNumber stage } }`;
/** Pages of different consumers, as after 13:30. */
const PAGES = 40;

describe('an instance with many pages open, when they must all reconnect', () => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer({ env: { CLOCK_NOW: '2026-12-01T14:00:00+01:00' } });
  });
  afterAll(async () => {
    await server?.stop();
  });

  /** `PAGES` streams of different consumers, and when each ended. */
  async function openPages() {
    const streams = [];
    for (let page = 1; page <= PAGES; page++) {
      const token = server.services.tokens.signConsumer([page], { state: false, company: 0 });
      streams.push(await openLiveStream(server.url, SUBSCRIPTION, { token }));
    }
    expect(streams.map((stream) => stream.status)).toEqual(streams.map(() => 200));
    const endedAt: number[] = [];
    for (const stream of streams) void stream.ended.then(() => endedAt.push(performance.now()));
    return { streams, endedAt };
  }

  /** Every stream told "complete", the first ended at once, the last about a second later (25 ms a page). */
  async function expectSpread({ streams, endedAt }: Awaited<ReturnType<typeof openPages>>) {
    await Promise.all(streams.map((stream) => stream.ended));
    expect(endedAt).toHaveLength(PAGES);
    expect(streams.every((stream) => stream.events.at(-1)?.event === 'complete')).toBe(true);
    expect(Math.max(...endedAt) - Math.min(...endedAt)).toBeGreaterThanOrEqual(PAGES * 25 * 0.9);
  }

  it('ends their streams spread over 25 ms a page, however short the drain, so they reconnect elsewhere a few at a time', async () => {
    const pages = await openPages();
    await server.services.liveVisits.endSpread(0);
    await expectSpread(pages);
  });

  it('ends them spread the same way when the change listener lost notices (PostgreSQL went away for a moment)', async () => {
    const pages = await openPages();
    const killed = await server
      .em()
      .getConnection()
      .execute<{ pg_terminate_backend: boolean }[]>(
        `select pg_terminate_backend(pid) from pg_stat_activity
         where datname = current_database() and query = 'listen tijdvak_changes' and pid <> pg_backend_pid()`,
      );
    expect(killed).toEqual([{ pg_terminate_backend: true }]);
    await expectSpread(pages);
  });
});
