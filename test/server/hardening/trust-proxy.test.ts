import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, readTrustProxy } from '../../../server/config.js';
import { requestFrom } from '../../utils/from-address.js';
import { startLoadBalancer, type LoadBalancer } from '../../utils/haproxy.js';
import { startTestServer, type TestServer } from '../../utils/test-server.js';

let lookups = 0;

/** A consumer lookup of an address nobody else looks up (so only the per-client limit can refuse it). */
function lookUp(clientAddress: string, baseUrl: string, headers: Record<string, string> = {}): Promise<number> {
  lookups++;
  const zipcode = `${String(1000 + lookups).padStart(4, '0')}AB`;
  return requestFrom(clientAddress, `${baseUrl}/api/auth/client`, {
    headers,
    form: { country: 'NL', zipcode, houseNumber: '1', phoneNumber: '' },
  }).then((answer) => answer.status);
}

describe('TRUST_PROXY values', () => {
  it("reads what operators write with Express's meaning", () => {
    expect(readTrustProxy(undefined)).toBe(false);
    expect(readTrustProxy('false')).toBe(false);
    expect(readTrustProxy('0')).toBe(false);
    expect(readTrustProxy('1')).toBe(1);
    expect(readTrustProxy(' 2 ')).toBe(2);
    expect(readTrustProxy('true')).toBe(true);
    expect(readTrustProxy('loopback')).toEqual(['loopback']);
    expect(readTrustProxy('10.0.0.0/8, 192.168.1.7,fd00::/8, loopback')).toEqual([
      '10.0.0.0/8',
      '192.168.1.7',
      'fd00::/8',
      'loopback',
    ]);
    expect(readTrustProxy('10.0.0.0/255.0.0.0')).toEqual(['10.0.0.0/255.0.0.0']);
  });

  it('refuses a value Express would misread, naming it', () => {
    expect(() => readTrustProxy('yes')).toThrow(ConfigError);
    expect(() => readTrustProxy('10.0.0.0/33')).toThrow(/10\.0\.0\.0\/33/);
    expect(() => readTrustProxy('1, 2')).toThrow(ConfigError);
  });
});

describe.each([
  ['1', 'one proxy in front'],
  ['127.0.0.1/32', 'the balancer by its address'],
])('behind a real load balancer with TRUST_PROXY=%s (%s)', (trustProxy) => {
  let server: TestServer;
  let balancer: LoadBalancer;

  beforeAll(async () => {
    server = await startTestServer({
      env: { TRUST_PROXY: trustProxy, RATE_LIMIT_LOOKUP_PER_CLIENT: '3/600', RATE_LIMIT_LOOKUP_PER_ADDRESS: '100/600' },
    });
    balancer = await startLoadBalancer(server.url);
  });
  afterAll(async () => {
    // Unset when the set-up failed (haproxy missing, say): the clean-up must not hide that error.
    await balancer?.stop();
    await server?.stop();
  });

  it('gives distinct clients distinct allowances', async () => {
    for (let i = 0; i < 3; i++) expect(await lookUp('127.0.0.2', balancer.url)).toBe(404);
    expect(await lookUp('127.0.0.2', balancer.url)).toBe(429);
    // Another client behind the same balancer is not affected.
    expect(await lookUp('127.0.0.3', balancer.url)).toBe(404);
  });

  it('does not let a client escape its allowance by prepending X-Forwarded-For entries', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++) {
      statuses.push(await lookUp('127.0.0.4', balancer.url, { 'x-forwarded-for': `198.51.100.${i}, 203.0.113.${i}` }));
    }
    expect(statuses).toEqual([404, 404, 404, 429, 429]);
  });

  it("believes the balancer's X-Forwarded-Proto, the scheme the client used: the XSRF cookie is Secure", async () => {
    // A client's own header is replaced, not believed.
    const behind = await requestFrom('127.0.0.5', `${balancer.url}/`, {
      headers: { accept: 'text/html', 'x-forwarded-proto': 'http' },
    });
    expect(behind.setCookie.find((cookie) => cookie.startsWith('XSRF-TOKEN='))).toMatch(/;\s*Secure/i);
    // Straight to the server (plain HTTP, no balancer) the cookie cannot be Secure.
    const direct = await requestFrom('127.0.0.5', `${server.url}/`, { headers: { accept: 'text/html' } });
    expect(direct.setCookie.find((cookie) => cookie.startsWith('XSRF-TOKEN='))).not.toMatch(/Secure/i);
  });
});
