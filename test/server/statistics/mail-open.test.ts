import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Order } from '../../../server/orders/order.entity.js';
import { MailOpen } from '../../../server/statistics/mail-open.entity.js';
import {
  mailOpenPixelUrl,
  signMailOpenToken,
  verifyMailOpenToken,
} from '../../../server/statistics/mail-open-token.js';
import { createAdmin, createOrder, tokensFor } from '../../utils/factories.js';
import { startTestServer, type TestServer } from '../../utils/test-server.js';

const SECRET = 'a-test-secret-a-test-secret-a-test-secret';

describe('mail-open tokens', () => {
  it('carry the order id and verify only when untouched', () => {
    const token = signMailOpenToken(SECRET, 4711);
    expect(verifyMailOpenToken(SECRET, token)).toBe(4711);
    expect(verifyMailOpenToken('another-secret-another-secret-another', token)).toBeNull();
    // The next order id with the same MAC: enumerating orders needs the secret.
    const [, mac] = token.split('.');
    expect(verifyMailOpenToken(SECRET, `${(4712).toString(36)}.${mac}`)).toBeNull();
    expect(verifyMailOpenToken(SECRET, `${token}x`)).toBeNull();
    expect(verifyMailOpenToken(SECRET, '')).toBeNull();
    expect(verifyMailOpenToken(SECRET, '0.AAAAAAAAAAAAAAAAAAAAAA')).toBeNull();
  });

  it('make the pixel address of a mail', () => {
    expect(mailOpenPixelUrl('https://tijdvak.example', SECRET, 12)).toBe(
      `https://tijdvak.example/api/mail/open/${signMailOpenToken(SECRET, 12)}.gif`,
    );
  });
});

describe('GET /api/mail/open/<token>.gif', () => {
  let server: TestServer;
  let order: Order;
  let secret: string;

  beforeAll(async () => {
    server = await startTestServer({ env: { RATE_LIMIT_MAIL_OPEN_PER_ORDER: '3/3600' } });
    order = await createOrder(server.em(), { appointment: new Date('2026-05-04T08:00:00Z') });
    secret = server.services.config.jwtSecret;
  });
  afterAll(() => server.stop());

  const opens = () => server.em().count(MailOpen, { order: order.id });

  const pixel = async (token: string) => {
    const response = await fetch(`${server.url}/api/mail/open/${token}.gif`);
    const bytes = Buffer.from(await response.arrayBuffer());
    return { response, bytes };
  };

  it('answers a 1x1 GIF that is never cached, and records the open of a genuine token', async () => {
    const { response, bytes } = await pixel(signMailOpenToken(secret, order.id));
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('image/gif');
    expect(response.headers.get('cache-control')).toBe('no-store, private');
    expect(bytes.subarray(0, 6).toString('latin1')).toBe('GIF89a');
    expect(bytes.readUInt16LE(6)).toBe(1);
    expect(bytes.readUInt16LE(8)).toBe(1);
    expect(await opens()).toBe(1);
  });

  it('answers the same GIF to a forged or unknown token, and records nothing', async () => {
    const before = await server.em().count(MailOpen);
    const forged = await pixel(`${order.id.toString(36)}.AAAAAAAAAAAAAAAAAAAAAA`);
    expect(forged.response.status).toBe(200);
    expect(forged.bytes.subarray(0, 6).toString('latin1')).toBe('GIF89a');
    expect((await pixel('not-a-token')).response.status).toBe(200);
    // Genuine signature, but no such order.
    expect((await pixel(signMailOpenToken(secret, 999_999))).response.status).toBe(200);
    expect(await server.em().count(MailOpen)).toBe(before);
  });

  it('counts a pixel loaded in a loop only up to the per-order limit', async () => {
    const token = signMailOpenToken(secret, order.id);
    for (let i = 0; i < 5; i++) expect((await pixel(token)).response.status).toBe(200);
    expect(await opens()).toBe(3);
  });

  it('feeds averageMailRead', async () => {
    const token = tokensFor(server).admin(await createAdmin(server.em()));
    const { body } = await server.graphql<{ statistics: { averageMailRead: number } }>(
      '{ statistics { averageMailRead } }',
      {},
      { token },
    );
    expect(body.data?.statistics.averageMailRead).toBe(3);
  });
});
