// Runs autocannon in this process (the benchmark starts it as a child, so the load generator never
// shares an event loop with the server or the measuring code) and prints its figures as one JSON line.
// Usage: node test/bench/utils/load-runner.mjs <options.json>
import { readFileSync } from 'node:fs';
import autocannon from 'autocannon';
import { pacedLoad } from './paced-load.mjs';

const options = JSON.parse(readFileSync(process.argv[2], 'utf8'));
if (options.rate) {
  // A held rate: evenly paced, open loop (paced-load.mjs says why not autocannon's rate). With `untilStdinEnds`, the
  // run ends when the benchmark closes this process's input, and a line says when the measured part begins.
  const until = options.untilStdinEnds
    ? new Promise((resolve) => {
        process.stdin.on('end', resolve).on('close', resolve).resume();
      })
    : undefined;
  const measuring = options.untilStdinEnds ? () => process.stdout.write('measuring\n') : undefined;
  process.stdout.write(`${JSON.stringify(await pacedLoad(options, until, measuring))}\n`);
  process.exit(0);
}
const result = await autocannon({
  url: options.url,
  method: options.method,
  headers: options.headers,
  body: options.body,
  // Each connection walks this list in turn: the load spreads over many addresses, not one hot row.
  requests: options.bodies?.map((body) => ({ body })),
  connections: options.connections,
  duration: options.durationSeconds,
});
process.stdout.write(
  `${JSON.stringify({
    requestsPerSecond: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors,
    timeouts: result.timeouts,
    total: result.requests.total,
  })}\n`,
);
