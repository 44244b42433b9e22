import { spawn, spawnSync } from 'node:child_process';
import { once } from 'node:events';
import { chmodSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import pg from 'pg';
import { inject } from 'vitest';
import { findFreePort } from '../../server/db/free-port.js';
import { makeCertificate } from './tls.js';

const PGBOUNCER = '/usr/sbin/pgbouncer';
/** The configuration the deployment guide ships; this helper only fills in its placeholders. */
export const PGBOUNCER_INI = resolve('deploy/pgbouncer.ini');

export interface Bouncer {
  /**
   * `upstreamUrl` with PgBouncer's host and port instead of PostgreSQL's, asking for TLS with a check of the
   * certificate PgBouncer shows (sslmode=verify-full, sslrootcert=`certificateFile`).
   */
  url: string;
  /** The self-signed certificate PgBouncer shows its clients. */
  certificateFile: string;
  /** Local ports of PgBouncer's connections to PostgreSQL (its admin console's SHOW SERVERS). */
  serverPorts(): Promise<number[]>;
  /** The TLS version of each client connected to `database` ('' for one without TLS; SHOW CLIENTS). */
  clientTls(database: string): Promise<string[]>;
  /** What PgBouncer logged so far. */
  output(): string;
  /** Transactions PgBouncer passed on for `database` so far (SHOW STATS). */
  transactions(database: string): Promise<number>;
  stop(): Promise<void>;
}

async function accepting(port: number): Promise<boolean> {
  const socket = connect(port, '127.0.0.1');
  try {
    await once(socket, 'connect');
    return true;
  } catch {
    return false;
  } finally {
    socket.destroy();
  }
}

/** Fills `${NAME}` placeholders; a placeholder left unfilled is a mistake in the caller. */
export function fillPlaceholders(text: string, values: Record<string, string>): string {
  return text.replace(/\$\{([A-Z0-9_]+)\}/g, (_match, name: string) => {
    const value = values[name];
    if (value === undefined) throw new Error(`no value for \${${name}}`);
    return value;
  });
}

/** `url` with PgBouncer's own database (its admin console) in place of the app's. */
export function withDatabase(url: string, database: string): string {
  const changed = new URL(url);
  changed.pathname = `/${database}`;
  return changed.toString();
}

export interface PgBouncerOptions {
  statementTimeoutMs?: number;
  /**
   * The authority PgBouncer checks PostgreSQL's certificate against (PEM); by default the test cluster's own
   * certificate (test/utils/global-database.ts).
   */
  upstreamAuthority?: string;
}

/**
 * A real PgBouncer (Debian's package) in transaction mode in front of the PostgreSQL of `upstreamUrl`,
 * configured by `deploy/pgbouncer.ini`: TLS toward its clients (a certificate made for it) and toward PostgreSQL
 * (verify-full). It authenticates clients with the upstream URL's user and password.
 */
export async function startPgBouncer(upstreamUrl: string, options: PgBouncerOptions = {}): Promise<Bouncer> {
  const { statementTimeoutMs = 15_000, upstreamAuthority = inject('database').certificate } = options;
  const version = spawnSync(PGBOUNCER, ['--version']);
  if (version.error || version.status !== 0) {
    throw new Error(`${PGBOUNCER} is missing: install Debian's pgbouncer package (npm test does)`);
  }
  const upstream = new URL(upstreamUrl);
  const user = decodeURIComponent(upstream.username);
  const password = decodeURIComponent(upstream.password);
  const port = await findFreePort();
  const dir = mkdtempSync(join(tmpdir(), 'tijdvak-pgbouncer-'));
  // PgBouncer refuses to run as root; as root it is started as `nobody`, who must read its files.
  const asRoot = process.getuid?.() === 0;
  if (asRoot) chmodSync(dir, 0o755);
  const userlist = join(dir, 'userlist.txt');
  writeFileSync(userlist, `"${user}" "${password}"\n`, { mode: asRoot ? 0o644 : 0o600 });
  const certificate = makeCertificate();
  const authorityFile = join(dir, 'postgres-authority.pem');
  writeFileSync(authorityFile, upstreamAuthority, { mode: 0o644 });
  const configFile = join(dir, 'pgbouncer.ini');
  writeFileSync(
    configFile,
    fillPlaceholders(readFileSync(PGBOUNCER_INI, 'utf8'), {
      POSTGRES_HOST: upstream.hostname,
      POSTGRES_PORT: upstream.port || '5432',
      STATEMENT_TIMEOUT_MS: String(statementTimeoutMs),
      PGBOUNCER_HOST: '127.0.0.1',
      PGBOUNCER_PORT: String(port),
      PGBOUNCER_USERLIST: userlist,
      PGBOUNCER_ADMIN: user,
      PGBOUNCER_TLS_KEY: certificate.keyFile,
      PGBOUNCER_TLS_CERT: certificate.certificateFile,
      POSTGRES_TLS_CA: authorityFile,
    }),
    { mode: 0o644 },
  );
  let output = '';
  const child = spawn(PGBOUNCER, [...(asRoot ? ['-u', 'nobody'] : []), configFile], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const deadline = Date.now() + 10_000;
  while (!(await accepting(port))) {
    if (child.exitCode !== null) throw new Error(`pgbouncer exited:\n${output}`);
    if (Date.now() > deadline) throw new Error(`pgbouncer did not start:\n${output}`);
    await new Promise((resolveWait) => setTimeout(resolveWait, 50));
  }
  const bouncerUrl = new URL(upstreamUrl);
  bouncerUrl.hostname = '127.0.0.1';
  bouncerUrl.port = String(port);
  bouncerUrl.searchParams.set('sslmode', 'verify-full');
  bouncerUrl.searchParams.set('sslrootcert', certificate.certificateFile);
  const adminUrl = withDatabase(bouncerUrl.toString(), 'pgbouncer');

  /** The admin console speaks only the simple query protocol: pg's query without parameters uses it. */
  const adminQuery = async <Row>(command: string): Promise<Row[]> => {
    const client = new pg.Client({ connectionString: adminUrl });
    await client.connect();
    try {
      return (await client.query<Row & pg.QueryResultRow>(command)).rows;
    } finally {
      await client.end();
    }
  };

  return {
    url: bouncerUrl.toString(),
    certificateFile: certificate.certificateFile,
    serverPorts: async () =>
      (await adminQuery<{ local_port: string | number | null }>('SHOW SERVERS'))
        .map((row) => Number(row.local_port))
        .filter((localPort) => Number.isInteger(localPort) && localPort > 0),
    clientTls: async (database) =>
      (await adminQuery<{ database: string; tls: string | null }>('SHOW CLIENTS'))
        .filter((row) => row.database === database)
        .map((row) => row.tls ?? ''),
    output: () => output,
    transactions: async (database) => {
      const rows = await adminQuery<{ database: string; total_xact_count: string }>('SHOW STATS');
      return Number(rows.find((row) => row.database === database)?.total_xact_count ?? 0);
    },
    stop: async () => {
      if (child.exitCode === null) {
        child.kill('SIGINT');
        await once(child, 'exit');
      }
      rmSync(dir, { recursive: true, force: true });
      certificate.remove();
    },
  };
}
