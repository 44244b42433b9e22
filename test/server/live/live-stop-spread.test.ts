import { performance } from 'node:perf_hooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openLiveStream } from '../../utils/live-stream.js';
import { startTestServer, type TestServer } from '../../utils/test-server.js';

const SUBSCRIPTION = `subscription Follows { visitProgressChanged { referenceNumber stage } }`;
/** Pages of different consumers, as after 13:30. */
const PAGES = 40;

describe('an instance that stops with many pages open', () => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer({ env: { CLOCK_NOW: '2026-12-01T14:00:00+01:00' } });
  });
  afterAll(async () => {
    await server?.stop();
  });

  it('ends their streams spread over 25 ms a page, however short the drain, so they reconnect elsewhere a few at a time', async () => {
    const streams = [];
    for (let page = 1; page <= PAGES; page++) {
      const token = server.services.tokens.signConsumer([page], { state: false, company: 0 });
      streams.push(await openLiveStream(server.url, SUBSCRIPTION, { token }));
    }
    expect(streams.map((stream) => stream.status)).toEqual(streams.map(() => 200));
    const endedAt: number[] = [];
    for (const stream of streams) void stream.ended.then(() => endedAt.push(performance.now()));

    await server.services.liveVisits.endSpread(0);
    await Promise.all(streams.map((stream) => stream.ended));

    expect(endedAt).toHaveLength(PAGES);
    expect(streams.every((stream) => stream.events.at(-1)?.event === 'complete')).toBe(true);
    // The first ended at once, the last about a second later (the slices' waits are at least as long).
    expect(Math.max(...endedAt) - Math.min(...endedAt)).toBeGreaterThanOrEqual(PAGES * 25 * 0.9);
  });
});
