import { execFileSync, spawn, spawnSync } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findFreePort } from '../../server/db/free-port.js';
import { createTestDatabase, type TestDatabase } from '../utils/test-database.js';

const pkg = JSON.parse(readFileSync('package.json', 'utf8')) as {
  version: string;
  config: { serverNodeOptions: string; serverEnvironment: string };
};
const NAME = `tijdvak-${pkg.version}`;
const UNIT = readFileSync('deploy/tijdvak.service', 'utf8');
const INSTALL_DIR = '/opt/tijdvak';
/** Debian's systemd package (npm run test:e2e installs it when missing). */
const SYSTEMD_ANALYZE = '/usr/bin/systemd-analyze';

/** The unit's ExecStart, split into the program, its options and the file it runs. */
function execStart(): { program: string; options: string; script: string } {
  const words = /^ExecStart=(.+)$/m.exec(UNIT)![1].trim().split(/\s+/);
  return { program: words[0], options: words.slice(1, -1).join(' '), script: words.at(-1)! };
}

/**
 * The release an operator installs (`npm run release`, here from the build the end-to-end tests run on), unpacked in
 * a fresh folder and started there the way deploy/tijdvak.service starts it: with no dev dependency, no build tool
 * and no Node.js but its own.
 */
describe('the release tarball', () => {
  let dir: string;
  let entries: string[];
  let unpacked: string;
  let database: TestDatabase;

  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'tijdvak-release-test-'));
    execFileSync(process.execPath, ['server/scripts/release.mjs', '--skip-build', '--out', dir], { stdio: 'pipe' });
    const tarball = join(dir, `${NAME}.tar.gz`);
    entries = execFileSync('tar', ['-tzf', tarball], { maxBuffer: 64 * 1024 * 1024 })
      .toString()
      .split('\n')
      .filter(Boolean)
      .map((entry) => entry.replace(`${NAME}/`, ''));
    unpacked = join(dir, 'unpacked');
    execFileSync('mkdir', [unpacked]);
    execFileSync('tar', ['-xzf', tarball, '-C', unpacked]);
  }, 600_000);

  afterAll(async () => {
    await database?.drop();
    rmSync(dir, { recursive: true, force: true });
  });

  it('holds what the systemd unit starts, and production packages only', () => {
    const { program, options, script } = execStart();
    expect(program).toBe(`${INSTALL_DIR}/bin/node`);
    expect(script).toBe(`${INSTALL_DIR}/dist/server/main.js`);
    expect(options).toBe(pkg.config.serverNodeOptions);
    const environment = (UNIT.match(/^Environment=.+$/gm) ?? []).flatMap((line) =>
      line.slice('Environment='.length).trim().split(/\s+/),
    );
    expect(environment).toEqual(expect.arrayContaining(pkg.config.serverEnvironment.split(/\s+/)));
    for (const file of [
      'bin/node',
      'dist/server/main.js',
      'dist/server/server.bundle.js',
      'dist/server/scripts/migrate.js',
      'dist/server/scripts/backup.js',
      'dist/client/index.html',
      'node_modules/pg/package.json',
      'node_modules/argon2/package.json',
      'package.json',
      'package-lock.json',
      'deploy/tijdvak.service',
      '.env.example',
    ]) {
      expect(entries, file).toContain(file);
    }
    // No sources, tests or build tools.
    const outside = entries.filter((entry) => /^(server|client|shared|test|docs)\//.test(entry));
    expect(outside).toEqual([]);
    expect(entries.filter((entry) => entry.startsWith('dist/') && /\.(ts|tsx)$/.test(entry))).toEqual([]);
    expect(entries.filter((entry) => /\.test\.(js|ts)$/.test(entry) && entry.startsWith('dist/'))).toEqual([]);
    for (const dev of ['vitest', 'typescript', 'eslint', 'vite', 'rolldown', 'playwright-core', 'node']) {
      expect(entries, dev).not.toContain(`node_modules/${dev}/package.json`);
    }
  });

  it('has a unit systemd-analyze accepts without a warning, its paths pointing into the release', () => {
    const unit = join(dir, 'tijdvak.service');
    writeFileSync(
      unit,
      UNIT.replaceAll(INSTALL_DIR, join(unpacked, NAME)).replace(
        'EnvironmentFile=/etc/tijdvak/env',
        `EnvironmentFile=-${join(dir, 'env')}`,
      ),
    );
    const verify = spawnSync(SYSTEMD_ANALYZE, ['verify', unit], { encoding: 'utf8' });
    expect(verify.stderr).toBe('');
    expect(verify.status).toBe(0);
    for (const hardening of ['NoNewPrivileges=yes', 'ProtectSystem=strict', 'Restart=on-failure', 'User=tijdvak']) {
      expect(UNIT).toContain(hardening);
    }
  });

  it('starts from the unpacked folder and serves the consumer page and a lookup', async () => {
    database = await createTestDatabase();
    // A visit to find, on a weekday a week or more ahead.
    const day = new Date(Date.now() + 8 * 24 * 3600_000);
    while (day.getUTCDay() === 0 || day.getUTCDay() === 6) day.setUTCDate(day.getUTCDate() + 1);
    day.setUTCHours(7, 0, 0, 0);
    const client = new pg.Client({ connectionString: database.url });
    await client.connect();
    await client.query(
      `insert into orders (reference_number, name, email, phone, phone_normalized, zipcode, house_number, city, country,
         appointment, duration)
       values ('RELEASE-1', 'Klant', 'klant@example.test', '06 12345678', '612345678', '1234AB', 1, 'Utrecht', 'NL',
         $1, 10800)`,
      [day],
    );
    await client.end();
    const root = join(unpacked, NAME);
    const port = await findFreePort();
    const { options } = execStart();
    const child = spawn(join(root, 'bin/node'), [...options.split(' '), join(root, 'dist/server/main.js')], {
      cwd: root,
      // Nothing of this checkout: no PATH to its tools, no NODE_PATH.
      env: {
        PATH: '/usr/bin:/bin',
        NODE_ENV: 'production',
        PORT: String(port),
        HOST: '127.0.0.1',
        DATABASE_URL: database.url,
        DATA_DIR: join(dir, 'data'),
        JWT_SECRET: 'a-release-test-secret-of-enough-length-0123456789',
        LOG_LEVEL: 'warn',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const url = `http://127.0.0.1:${port}`;
    try {
      const deadline = Date.now() + 60_000;
      for (;;) {
        if (child.exitCode !== null) throw new Error(`the release exited during start:\n${output}`);
        const ready = await fetch(`${url}/readyz`).then(
          (answer) => answer.status === 200,
          () => false,
        );
        if (ready) break;
        if (Date.now() > deadline) throw new Error(`the release did not become ready:\n${output}`);
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      const page = await fetch(`${url}/`, { headers: { accept: 'text/html' } });
      expect(page.status).toBe(200);
      expect(await page.text()).toContain('<div id="root"');
      const lookup = await fetch(`${url}/graphql`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          query: 'mutation ReleaseLookUp($input: LookUpVisitsInput!) { lookUpVisits(input: $input) { dataToken } }',
          variables: { input: { country: 'NL', zipcode: '1234 AB', houseNumber: '1' } },
        }),
      });
      expect(lookup.status).toBe(200);
      const body = (await lookup.json()) as { data?: { lookUpVisits: { dataToken: string } }; errors?: unknown };
      expect(body.errors).toBeUndefined();
      expect(body.data?.lookUpVisits.dataToken).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);
    } finally {
      if (child.exitCode === null) {
        child.kill('SIGTERM');
        await once(child, 'exit');
      }
    }
    expect(child.exitCode).toBe(0);
  }, 120_000);
});
