#!/usr/bin/env node
// Installs the Debian packages a test command needs when they are missing, so that `npm test` and
// `npm run test:e2e` work on a fresh clone with nothing installed by hand (and .ci/run uses the same list).
// Usage: node test/utils/ensure-system-packages.mjs haproxy pgbouncer chromium
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

/** What each test tool needs: the program the tests start, and the packages that bring it. */
const TOOLS = {
  haproxy: {
    program: '/usr/sbin/haproxy',
    packages: ['haproxy'],
    why: 'tests run the server behind a real load balancer',
  },
  pgbouncer: {
    program: '/usr/sbin/pgbouncer',
    packages: ['pgbouncer'],
    why: 'a test runs the instances through a real connection pooler in transaction mode',
  },
  promtool: {
    program: '/usr/bin/promtool',
    packages: ['prometheus'],
    why: "a test checks the operator's alert rules with Prometheus's own rule checker",
  },
  openssl: {
    program: '/usr/bin/openssl',
    packages: ['openssl'],
    why: 'the TLS tests make their own certificate',
  },
  systemd: {
    program: '/usr/bin/systemd-analyze',
    packages: ['systemd'],
    why: "a test checks the release's service unit with systemd-analyze verify",
  },
  chromium: {
    program: '/usr/bin/chromium',
    packages: ['chromium', 'fonts-dejavu-core'],
    why: 'the end-to-end tests drive a real browser',
  },
};

const wanted = process.argv.slice(2);
const unknown = wanted.filter((name) => !(name in TOOLS));
if (unknown.length > 0) {
  process.stderr.write(
    `ensure-system-packages: unknown tool(s) ${unknown.join(', ')}; known: ${Object.keys(TOOLS).join(', ')}\n`,
  );
  process.exit(2);
}
const missing = wanted.filter((name) => !existsSync(TOOLS[name].program));
if (missing.length === 0) process.exit(0);

const packages = missing.flatMap((name) => TOOLS[name].packages);
const manual = `sudo apt-get install ${packages.join(' ')}`;
for (const name of missing) process.stdout.write(`Installing ${name} (Debian package): ${TOOLS[name].why}\n`);

if (!existsSync('/usr/bin/apt-get')) {
  process.stderr.write(
    `This machine has no apt-get: install ${packages.join(', ')} yourself, then run the tests again.\n`,
  );
  process.exit(1);
}
// Root installs directly; anyone else through sudo without a password prompt (a test run must never hang on one).
const asRoot = process.getuid?.() === 0;
const command = asRoot ? ['apt-get'] : ['sudo', '-n', 'apt-get'];
const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
const run = (args) => spawnSync(command[0], [...command.slice(1), ...args], { stdio: 'inherit', env }).status === 0;

// The package lists may be missing or stale on a fresh machine: refresh them once when the first try fails.
const installed =
  run(['install', '-y', '-q', ...packages]) || (run(['update', '-q']) && run(['install', '-y', '-q', ...packages]));
if (!installed || missing.some((name) => !existsSync(TOOLS[name].program))) {
  process.stderr.write(
    `Could not install ${packages.join(', ')}. Install them with \`${manual}\` and run the tests again.\n`,
  );
  process.exit(1);
}
