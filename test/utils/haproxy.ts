import { spawn, spawnSync } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { findFreePort } from '../../server/db/free-port.js';

const HAPROXY = '/usr/sbin/haproxy';

export interface LoadBalancer {
  /** http://127.0.0.1:<port> of the balancer's front end. */
  url: string;
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

/**
 * A real HAProxy (Debian's package, installed by .ci/run) in front of `backendUrl`, configured as the
 * deployment guide's load balancer: it ends TLS (here: says so with `X-Forwarded-Proto: https`) and
 * appends the client's address to X-Forwarded-For.
 */
export async function startLoadBalancer(backendUrl: string): Promise<LoadBalancer> {
  const version = spawnSync(HAPROXY, ['-v']);
  if (version.error || version.status !== 0) {
    throw new Error(`${HAPROXY} is missing: install Debian's haproxy package (.ci/run does)`);
  }
  const port = await findFreePort();
  const backend = new URL(backendUrl);
  const dir = mkdtempSync(join(tmpdir(), 'tijdvak-haproxy-'));
  const configFile = join(dir, 'haproxy.cfg');
  writeFileSync(
    configFile,
    `global
  maxconn 200

defaults
  mode http
  timeout connect 5s
  timeout client 30s
  timeout server 30s

frontend edge
  bind 127.0.0.1:${port}
  option forwardfor
  http-request set-header X-Forwarded-Proto https
  default_backend app

backend app
  server app1 ${backend.hostname}:${backend.port}
`,
  );
  let output = '';
  const child = spawn(HAPROXY, ['-db', '-f', configFile], { stdio: ['ignore', 'pipe', 'pipe'] });
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const deadline = Date.now() + 10_000;
  while (!(await accepting(port))) {
    if (child.exitCode !== null) throw new Error(`haproxy exited:\n${output}`);
    if (Date.now() > deadline) throw new Error(`haproxy did not start:\n${output}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return {
    url: `http://127.0.0.1:${port}`,
    stop: async () => {
      if (child.exitCode === null) {
        child.kill('SIGTERM');
        await once(child, 'exit');
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** HAProxy's view of one backend server (a row of its status CSV). */
export interface BackendServer {
  name: string;
  /** UP, DOWN, "UP 1/2" (rising), "DOWN 1/2" (falling), NOLB, MAINT, ... */
  status: string;
  /** Requests it sent to this server so far. */
  requests: number;
}

export interface DeployedBalancer extends LoadBalancer {
  /** The servers of the `instances` backend, as HAProxy's health checks see them now. */
  servers(): Promise<BackendServer[]>;
}

/**
 * A real HAProxy running the deployment's own configuration (`deploy/haproxy.cfg`) in front of the instances at
 * `instanceAddresses` (host:port, three of them as in that file).
 */
export async function startDeployedBalancer(instanceAddresses: string[]): Promise<DeployedBalancer> {
  const version = spawnSync(HAPROXY, ['-v']);
  if (version.error || version.status !== 0) {
    throw new Error(`${HAPROXY} is missing: install Debian's haproxy package (npm test does)`);
  }
  const port = await findFreePort();
  const statsPort = await findFreePort();
  const env = {
    ...process.env,
    TIJDVAK_BIND: `127.0.0.1:${port}`,
    TIJDVAK_STATS_BIND: `127.0.0.1:${statsPort}`,
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
    if (child.exitCode !== null) throw new Error(`haproxy exited:\n${output}`);
    if (Date.now() > deadline) throw new Error(`haproxy did not start:\n${output}`);
    await new Promise((resolveWait) => setTimeout(resolveWait, 50));
  }
  return {
    url: `http://127.0.0.1:${port}`,
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
        .map((row) => ({ name: at(row, 'svname'), status: at(row, 'status'), requests: Number(at(row, 'stot')) }));
    },
    stop: async () => {
      if (child.exitCode === null) {
        child.kill('SIGTERM');
        await once(child, 'exit');
      }
    },
  };
}
