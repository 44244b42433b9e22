// An open-loop load at a steady rate: requests leave at evenly spaced moments whatever the answers do, and each
// latency runs from the moment the request was due (not from when a free connection sent it), so a server that
// falls behind is charged for the wait it causes. autocannon's own rate sends each second's quota as fast as it
// can and then pauses, so its "70 % of the peak" is the peak for most of each second.
import { request, Agent } from 'node:http';

const percentile = (sorted, share) =>
  sorted.length === 0 ? 0 : sorted[Math.min(sorted.length - 1, Math.ceil(sorted.length * share) - 1)];

/**
 * @param {{ url: string, method: string, headers: Record<string, string>, body?: string, bodies?: string[],
 *   connections: number, durationSeconds: number, rate: number }} options
 */
export async function pacedLoad(options) {
  const url = new URL(options.url);
  const agent = new Agent({ keepAlive: true, maxSockets: options.connections });
  const bodies = options.bodies ?? [options.body ?? ''];
  const interval = 1000 / options.rate;
  const total = Math.floor(options.rate * options.durationSeconds);
  const latencies = [];
  let non2xx = 0;
  let errors = 0;
  let sent = 0;
  const started = performance.now();
  const send = (dueAt) =>
    new Promise((resolve) => {
      const body = bodies[sent % bodies.length];
      sent += 1;
      const req = request(
        {
          agent,
          host: url.hostname,
          port: url.port,
          path: url.pathname + url.search,
          method: options.method,
          headers: { ...options.headers, 'content-length': Buffer.byteLength(body) },
        },
        (res) => {
          res.resume();
          res.on('end', () => {
            latencies.push(performance.now() - dueAt);
            if (res.statusCode < 200 || res.statusCode >= 300) non2xx += 1;
            resolve();
          });
          res.on('error', () => {
            errors += 1;
            resolve();
          });
        },
      );
      req.setTimeout(10_000, () => req.destroy(new Error('timeout')));
      req.on('error', () => {
        errors += 1;
        resolve();
      });
      req.end(body);
    });
  const pending = [];
  await new Promise((done) => {
    const tick = () => {
      const now = performance.now();
      // Every request due by now leaves now; each keeps the moment it was due.
      while (pending.length < total && started + pending.length * interval <= now) {
        pending.push(send(started + pending.length * interval));
      }
      if (pending.length < total)
        setTimeout(tick, Math.max(0, started + pending.length * interval - performance.now()));
      else done();
    };
    tick();
  });
  await Promise.all(pending);
  agent.destroy();
  const elapsedSeconds = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  return {
    requestsPerSecond: latencies.length / elapsedSeconds,
    p50: percentile(latencies, 0.5),
    p99: percentile(latencies, 0.99),
    non2xx,
    errors,
    timeouts: 0,
    total: latencies.length,
  };
}
