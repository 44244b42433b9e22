import { spawn, spawnSync } from 'node:child_process';
import { once } from 'node:events';
import { connect } from 'node:net';
import { resolve } from 'node:path';
import { findFreePort } from '../../server/db/free-port.js';
import { makeCertificate, trustCertificate } from './tls.js';

const HAPROXY = '/usr/sbin/haproxy';
/** deploy/haproxy.cfg's connections at once unless TIJDVAK_MAXCONN says otherwise; two descriptors each. */
const HAPROXY_MAXCONN = 60_000;

/**
 * TIJDVAK_MAXCONN for this machine: none when its hard limit of open files carries the file's own (as a
 * production host's must), else as many as it does carry, as an operator on such a host sets it.
 */
function maxconnForThisMachine(): Record<string, string> {
  const hard = Number(spawnSync('sh', ['-c', 'ulimit -Hn']).stdout.toString().trim());
  if (!Number.isFinite(hard) || hard >= 2 * HAPROXY_MAXCONN + 100) return {};
  return { TIJDVAK_MAXCONN: String(Math.floor((hard - 100) / 2)) };
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

export interface LoadBalancer {
  /** https://127.0.0.1:<port>: the balancer's TLS front end, with a certificate this process trusts. */
  url: string;
  /** http://127.0.0.1:<port>: its plain HTTP front end, which only redirects. */
  httpUrl: string;
  /** Its process id. */
  pid: number;
  stop(): Promise<void>;
}

/**
 * A real HAProxy running the deployment's own configuration (`deploy/haproxy.cfg`) in front of one server at
 * `backendUrl`, once the balancer sees it up. It ends TLS with a certificate made for the test and appends the
 * client's address to X-Forwarded-For.
 */
export async function startLoadBalancer(backendUrl: string): Promise<LoadBalancer> {
  const backend = new URL(backendUrl);
  const address = `${backend.hostname}:${backend.port}`;
  const balancer = await startDeployedBalancer([address, address, address]);
  const deadline = Date.now() + 15_000;
  while (!(await balancer.servers()).every((server) => server.status === 'UP')) {
    if (Date.now() > deadline) {
      await balancer.stop();
      throw new Error(`haproxy does not see ${address} up`);
    }
    await new Promise((resolveWait) => setTimeout(resolveWait, 100));
  }
  return balancer;
}

/** HAProxy's view of one backend server (a row of its status CSV). */
export interface BackendServer {
  name: string;
  /** UP, DOWN, "UP 1/2" (rising), "DOWN 1/2" (falling), NOLB, MAINT, ... */
  status: string;
  /** Requests it sent to this server so far. */
  requests: number;
  /** Connections to it open now: serving a request, or idle, kept for the next (`pool-purge-delay` closes those). */
  connections: number;
}

export interface DeployedBalancer extends LoadBalancer {
  /** The servers of the `instances` backend, as HAProxy's health checks see them now. */
  servers(): Promise<BackendServer[]>;
}

/**
 * A real HAProxy running the deployment's own configuration (`deploy/haproxy.cfg`) in front of the instances at
 * `instanceAddresses` (host:port, three of them as in that file), with a self-signed certificate made for it,
 * which this test process then trusts. ACME challenges go to `acmeBackend` (host:port; by default a port where
 * nothing listens, as between renewals).
 */
export async function startDeployedBalancer(
  instanceAddresses: string[],
  options: { acmeBackend?: string } = {},
): Promise<DeployedBalancer> {
  const version = spawnSync(HAPROXY, ['-v']);
  if (version.error || version.status !== 0) {
    throw new Error(`${HAPROXY} is missing: install Debian's haproxy package (npm test does)`);
  }
  const port = await findFreePort();
  const httpPort = await findFreePort();
  const statsPort = await findFreePort();
  const certificate = makeCertificate();
  trustCertificate(certificate.certificate);
  const env = {
    ...process.env,
    TIJDVAK_HTTPS_BIND: `127.0.0.1:${port}`,
    TIJDVAK_HTTP_BIND: `127.0.0.1:${httpPort}`,
    TIJDVAK_CERTIFICATE: certificate.bundleFile,
    TIJDVAK_STATS_BIND: `127.0.0.1:${statsPort}`,
    TIJDVAK_ACME_BACKEND: options.acmeBackend ?? `127.0.0.1:${await findFreePort()}`,
    // Started as root, it drops to Debian's haproxy user as in production; otherwise it stays who it is.
    ...(process.getuid?.() === 0 ? { TIJDVAK_HAPROXY_USER: 'haproxy' } : {}),
    ...maxconnForThisMachine(),
    ...Object.fromEntries(instanceAddresses.map((address, index) => [`TIJDVAK_APP${index + 1}`, address])),
  };
  let output = '';
  const child = spawn(HAPROXY, ['-db', '-f', resolve('deploy/haproxy.cfg')], {
    stdio: ['ignore', 'pipe', 'pipe'],
    env,
  });
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const deadline = Date.now() + 10_000;
  while (!(await accepting(port))) {
    if (child.exitCode !== null) {
      certificate.remove();
      throw new Error(`haproxy exited:\n${output}`);
    }
    if (Date.now() > deadline) throw new Error(`haproxy did not start:\n${output}`);
    await new Promise((resolveWait) => setTimeout(resolveWait, 50));
  }
  return {
    url: `https://127.0.0.1:${port}`,
    httpUrl: `http://127.0.0.1:${httpPort}`,
    pid: child.pid!,
    servers: async () => {
      const read = async () => (await fetch(`http://127.0.0.1:${statsPort}/;csv`)).text();
      // A kept-alive connection to the status page may be closing just as it is reused: ask once more.
      const csv = await read().catch(read);
      const [header, ...rows] = csv.replace(/^# /, '').trim().split('\n');
      const columns = header.split(',');
      const at = (row: string[], column: string) => row[columns.indexOf(column)] ?? '';
      return rows
        .map((line) => line.split(','))
        .filter((row) => at(row, 'pxname') === 'instances' && !['FRONTEND', 'BACKEND'].includes(at(row, 'svname')))
        .map((row) => ({
          name: at(row, 'svname'),
          status: at(row, 'status'),
          requests: Number(at(row, 'stot')),
          connections: Number(at(row, 'scur')) + Number(at(row, 'idle_conn_cur')),
        }));
    },
    stop: async () => {
      if (child.exitCode === null) {
        child.kill('SIGTERM');
        await once(child, 'exit');
      }
      certificate.remove();
    },
  };
}
