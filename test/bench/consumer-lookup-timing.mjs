// Does the consumer lookup's response time tell a found address from an unknown one?
// Run after `npm run build:server`:  node test/bench/consumer-lookup-timing.mjs [rounds]
// Starts the built server on its own embedded PostgreSQL, arranges orders at 100 addresses, then
// times `rounds` found and `rounds` unknown lookups in random order (GraphQL over HTTP) and prints
// the median, mean and 90th percentile of each, and the difference. A timing figure, not a test:
// on a shared 2-core machine the numbers move, so nothing here asserts.
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pino } from 'pino';
import { findFreePort } from '../../dist/server/db/free-port.js';
import { openOrm } from '../../dist/server/db/orm.js';
import { Order } from '../../dist/server/orders/order.entity.js';

const ROUNDS = Number(process.argv[2] ?? 1000);
const WARM_UP = 100;
const ADDRESSES = 100;

const LOOK_UP = `mutation ($input: LookUpVisitsInput!) { lookUpVisits(input: $input) { dataToken sign } }`;

// The server runs in its own process, as in production: the timing client must not share its event loop.
const dataDir = mkdtempSync(join(tmpdir(), 'tijdvak-timing-'));
const port = await findFreePort();
const url = `http://127.0.0.1:${port}`;
const child = spawn(process.execPath, ['dist/server/main.js'], {
  env: {
    ...process.env,
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    PORT: String(port),
    HOST: '127.0.0.1',
    DEMO_DATA: '0',
    LOG_LEVEL: 'silent',
    RATE_LIMIT_LOOKUP_PER_CLIENT: '100000000/900',
    RATE_LIMIT_LOOKUP_PER_ADDRESS: '100000000/900',
  },
  stdio: 'inherit',
});
for (let ready = false; !ready;) {
  if (child.exitCode !== null) throw new Error('the server exited during start');
  ready = await fetch(`${url}/readyz`).then(
    (response) => response.ok,
    () => false,
  );
  if (!ready) await new Promise((resolve) => setTimeout(resolve, 200));
}
const orm = await openOrm({
  databaseUrl: JSON.parse(readFileSync(join(dataDir, 'pg-runtime.json'), 'utf8')).url,
  logger: pino({ level: 'silent' }),
  poolSize: 1,
});

try {
  const em = orm.em.fork();
  const tomorrow = new Date(Date.now() + 86_400_000);
  for (let i = 1; i <= ADDRESSES; i++) {
    em.create(Order, {
      referenceNumber: `TIMING-${i}`,
      name: `Klant ${i}`,
      email: `klant${i}@example.test`,
      phone: '06 12345678',
      phoneNormalized: '612345678',
      zipcode: '1234AB',
      houseNumber: i,
      city: 'Utrecht',
      country: 'NL',
      appointment: tomorrow,
      createdAt: new Date(),
      updatedAt: new Date(),
    });
  }
  await em.flush();

  const lookUp = async (houseNumber) => {
    const started = process.hrtime.bigint();
    const response = await fetch(`${url}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'user-agent': 'Mozilla/5.0 (Windows NT 10.0) Firefox/128.0' },
      body: JSON.stringify({
        query: LOOK_UP,
        variables: { input: { country: 'NL', zipcode: '1234 AB', houseNumber } },
      }),
    });
    const body = await response.json();
    const elapsedMs = Number(process.hrtime.bigint() - started) / 1e6;
    return { elapsedMs, found: Boolean(body.data) };
  };

  // Found: houses 1..100. Unknown: houses 1001..1100 at the same postcode.
  const plan = [];
  for (let i = 0; i < ROUNDS; i++) {
    plan.push({ found: true, house: String(1 + (i % ADDRESSES)) });
    plan.push({ found: false, house: String(1001 + (i % ADDRESSES)) });
  }
  for (let i = plan.length - 1; i > 0; i--) {
    const j = Math.floor(Math.random() * (i + 1));
    [plan[i], plan[j]] = [plan[j], plan[i]];
  }
  for (let i = 0; i < WARM_UP; i++) await lookUp(String(1 + (i % ADDRESSES)));
  for (let i = 0; i < WARM_UP; i++) await lookUp(String(1001 + (i % ADDRESSES)));

  const times = { found: [], unknown: [] };
  for (const step of plan) {
    const { elapsedMs, found } = await lookUp(step.house);
    if (found !== step.found) throw new Error(`house ${step.house}: expected found=${step.found}`);
    times[step.found ? 'found' : 'unknown'].push(elapsedMs);
  }

  const summary = (values) => {
    const sorted = [...values].sort((a, b) => a - b);
    const at = (q) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];
    const mean = values.reduce((sum, value) => sum + value, 0) / values.length;
    return { median: at(0.5), mean, p90: at(0.9) };
  };
  const found = summary(times.found);
  const unknown = summary(times.unknown);
  const row = (name, s) =>
    `${name.padEnd(8)} median ${s.median.toFixed(2)} ms   mean ${s.mean.toFixed(2)} ms   p90 ${s.p90.toFixed(2)} ms`;
  process.stdout.write(
    [
      `consumer lookup timing, ${ROUNDS} found and ${ROUNDS} unknown lookups in random order`,
      row('found', found),
      row('unknown', unknown),
      `found − unknown: median ${(found.median - unknown.median).toFixed(2)} ms, mean ${(found.mean - unknown.mean).toFixed(2)} ms`,
      '',
    ].join('\n'),
  );
} finally {
  await orm.close(true);
  child.kill('SIGTERM');
  await new Promise((resolve) => child.once('exit', resolve));
  rmSync(dataDir, { recursive: true, force: true });
}
