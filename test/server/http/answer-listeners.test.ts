import { once } from 'node:events';
import { createServer, type ServerResponse } from 'node:http';
import { Writable } from 'node:stream';
import { pino } from 'pino';
import { describe, expect, it } from 'vitest';
import { requestEdge } from '../../../server/common/http/request-edge.js';
import { securityHeaderPreset } from '../../../server/common/http/security-headers.js';
import { AppMetrics } from '../../../server/common/metrics/app-metrics.js';

/**
 * The edge times each answer for its metrics and its log line. A live stream's answer stays open for hours, and
 * every closure it holds is kept that long for each page: the edge's listeners are the same functions for every
 * answer, reading the answer and its arrival from the answer itself.
 */
describe('the listeners the edge gives each answer', () => {
  it('are the same functions for every answer, and still time each one from its arrival', async () => {
    const lines: { msg: string; responseTime: number }[] = [];
    const sink = new Writable({
      write(chunk: Buffer, _encoding, done) {
        lines.push(JSON.parse(chunk.toString()) as { msg: string; responseTime: number });
        done();
      },
    });
    const metrics = new AppMetrics();
    const edge = requestEdge({ logger: pino({ level: 'info' }, sink), metrics, headers: securityHeaderPreset() });
    const answers: ServerResponse[] = [];
    /** The listeners the edge added to each answer (Node's own, bound per answer, come before). */
    const added: Record<string, unknown[]>[] = [];
    const events = ['finish', 'close'];
    const server = createServer((req, res) => {
      const before = events.map((event) => res.listeners(event).length);
      edge(req, res);
      answers.push(res);
      added.push(Object.fromEntries(events.map((event, index) => [event, res.listeners(event).slice(before[index])])));
      server.emit('arrived');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const address = server.address();
    const url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}/`;
    try {
      const first = fetch(url);
      await once(server, 'arrived');
      const second = fetch(url);
      await once(server, 'arrived');
      // Cut short if an expectation fails before the answers: not an unhandled rejection then.
      first.catch(() => undefined);
      second.catch(() => undefined);
      for (const event of events) {
        expect(added[0][event]).toHaveLength(1);
        expect(added[1][event][0]).toBe(added[0][event][0]);
      }
      const [a, b] = answers;
      // Answered 60 ms after they arrived: both figures count from the arrival.
      const arrivedBy = performance.now();
      await new Promise((resolve) => setTimeout(resolve, 60));
      a.end('a');
      b.end('b');
      await Promise.all([(await first).text(), (await second).text()]);
      const waited = performance.now() - arrivedBy;
      await expect.poll(() => lines.length).toBe(2);
      for (const line of lines) {
        expect(line.msg).toBe('request completed');
        expect(line.responseTime).toBeGreaterThanOrEqual(60);
      }
      const duration = await metrics.registry.getSingleMetricAsString('tijdvak_http_request_duration_seconds');
      const sum = Number(/_sum\{[^}]*\} ([\d.e+-]+)/.exec(duration)?.[1]);
      const count = Number(/_count\{[^}]*\} (\d+)/.exec(duration)?.[1]);
      expect(count).toBe(2);
      expect(sum).toBeGreaterThanOrEqual(0.12);
      expect(sum).toBeLessThan((2 * (waited + 1_000)) / 1000);
    } finally {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  });
});
