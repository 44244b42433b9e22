import { once } from 'node:events';
import { readFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { requestFrom } from '../../utils/from-address.js';
import { startDeployedBalancer, type DeployedBalancer } from '../../utils/haproxy.js';

/** The uid of `user` in /etc/passwd. */
function readUid(user: string): number {
  const line = readFileSync('/etc/passwd', 'utf8')
    .split('\n')
    .find((entry) => entry.startsWith(`${user}:`));
  if (!line) throw new Error(`no user ${user}: install Debian's haproxy package`);
  return Number(line.split(':')[2]);
}

interface Seen {
  path: string;
  host: string | undefined;
}

/** A plain HTTP server that answers every request with `name` and the path, and records what it got. */
async function startRecordingServer(name: string): Promise<{ server: Server; address: string; seen: Seen[] }> {
  const seen: Seen[] = [];
  const server = createServer((request: IncomingMessage, response) => {
    if (request.url !== '/readyz') seen.push({ path: request.url ?? '', host: request.headers.host });
    response.writeHead(200, { 'content-type': 'text/plain' });
    response.end(`${name} ${request.url}`);
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  return { server, address: `127.0.0.1:${(server.address() as AddressInfo).port}`, seen };
}

/**
 * deploy/haproxy.cfg on port 80: a certificate authority's HTTP-01 challenge reaches the ACME backend (certbot's
 * own server during a renewal), everything else is redirected to https.
 */
describe('HAProxy of deploy/haproxy.cfg passes ACME HTTP-01 challenges on plain HTTP', () => {
  let acme: Awaited<ReturnType<typeof startRecordingServer>>;
  let instance: Awaited<ReturnType<typeof startRecordingServer>>;
  let balancer: DeployedBalancer;

  beforeAll(async () => {
    acme = await startRecordingServer('acme');
    instance = await startRecordingServer('instance');
    balancer = await startDeployedBalancer([instance.address, instance.address, instance.address], {
      acmeBackend: acme.address,
    });
    const deadline = Date.now() + 15_000;
    while (!(await balancer.servers()).every((server) => server.status === 'UP')) {
      if (Date.now() > deadline) throw new Error('haproxy does not see the instance up');
      await new Promise((resolveWait) => setTimeout(resolveWait, 100));
    }
  });
  afterAll(async () => {
    await balancer?.stop();
    acme?.server.close();
    instance?.server.close();
  });

  it("sends a challenge on port 80 to the ACME backend, with the client's Host", async () => {
    const answer = await requestFrom('127.0.0.1', `${balancer.httpUrl}/.well-known/acme-challenge/Zm9vYmFy-1`, {
      headers: { host: 'tijdvak.example' },
    });
    expect(answer.status).toBe(200);
    expect(answer.body).toBe('acme /.well-known/acme-challenge/Zm9vYmFy-1');
    expect(acme.seen).toEqual([{ path: '/.well-known/acme-challenge/Zm9vYmFy-1', host: 'tijdvak.example' }]);
    expect(instance.seen).toEqual([]);
  });

  it('still redirects everything else on port 80 to https, near misses included', async () => {
    for (const path of [
      '/',
      '/.well-known/acme-challenge',
      '/.well-known/security.txt',
      '/x/.well-known/acme-challenge/a',
    ]) {
      const answer = await requestFrom('127.0.0.1', `${balancer.httpUrl}${path}`, {
        headers: { host: 'tijdvak.example' },
      });
      expect(answer.status, path).toBe(301);
      expect(answer.headers.location, path).toBe(`https://tijdvak.example${path}`);
    }
    expect(acme.seen).toHaveLength(1);
    expect(instance.seen).toEqual([]);
  });

  it('sends the challenge path over https to the instances, not to the ACME backend', async () => {
    const answer = await fetch(`${balancer.url}/.well-known/acme-challenge/Zm9vYmFy-2`);
    expect(answer.status).toBe(200);
    expect(await answer.text()).toBe('instance /.well-known/acme-challenge/Zm9vYmFy-2');
    expect(acme.seen).toHaveLength(1);
  });

  it('answers 503 for a challenge while no ACME server listens (between renewals)', async () => {
    acme.server.close();
    await once(acme.server, 'close');
    const answer = await requestFrom('127.0.0.1', `${balancer.httpUrl}/.well-known/acme-challenge/Zm9vYmFy-3`);
    expect(answer.status).toBe(503);
    expect(instance.seen.map((seen) => seen.path)).toEqual(['/.well-known/acme-challenge/Zm9vYmFy-2']);
  });

  it('runs as the user TIJDVAK_HAPROXY_USER names once bound (haproxy when started as root)', () => {
    const status = readFileSync(`/proc/${balancer.pid}/status`, 'utf8');
    const uid = Number(/^Uid:\s+(\d+)/m.exec(status)?.[1]);
    const expected = process.getuid?.() === 0 ? readUid('haproxy') : process.getuid?.();
    expect(uid).toBe(expected);
  });
});
