import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConsumerUnsubscribe } from '../../../server/consumer-links/consumer-unsubscribe.entity.js';
import { linkExpiresAt } from '../../../server/consumer-links/link-check.js';
import { LinkPurpose, readLinkToken } from '../../../server/consumer-links/link-token.js';
import { maskEmail, maskMobileNumber } from '../../../server/consumer-links/masked-contact.js';
import { personalLinkUrls } from '../../../server/consumer-links/personal-link.js';
import { isUnsubscribed, unsubscribe } from '../../../server/consumer-links/unsubscribes.js';
import { Country } from '../../../server/common/locale.js';
import { Order } from '../../../server/orders/order.entity.js';
import { createOrder, createTechnician } from '../../utils/factories.js';
import { startTestServer, type TestServer } from '../../utils/test-server.js';
import { INCLUDING_DELETED } from '../../../server/orders/repository/active-orders.js';

const APP_URL = 'https://afspraak.example.nl';
const VISIT = new Date('2026-11-24T09:00:00+01:00');

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer({ env: { APP_URL: `${APP_URL}/` } });
});

afterAll(async () => {
  await server?.stop();
});

function tokenOf(pageUrl: string): string {
  return pageUrl.slice(`${APP_URL}/v/`.length);
}

describe('the personal link of an order', () => {
  it('is an absolute URL under APP_URL with reply and unsubscribe links beside it', async () => {
    const order = await createOrder(server.em(), { appointment: VISIT });
    const urls = personalLinkUrls(server.services.config, order);
    expect(urls.page).toMatch(/^https:\/\/afspraak\.example\.nl\/v\/[0-9a-z]+\.[\w-]{8}\.[\w-]{16}$/);
    expect(urls.replyAtHome).toBe(`${urls.page}?antwoord=thuis`);
    expect(urls.replyCallMe).toBe(`${urls.page}?antwoord=bellen`);
    expect(urls.move).toBe(`${urls.page}?antwoord=verzetten`);
    expect(urls.unsubscribe).toBe(`${urls.page}/afmelden`);
    // short enough for a text message with room to spare
    expect(tokenOf(urls.page).length).toBeLessThanOrEqual(40);
    expect(readLinkToken(server.services.config.jwtSecret, tokenOf(urls.page), LinkPurpose.PERSONAL)?.orderId).toBe(
      order.id,
    );
  });

  it('names one order and its link generation: the same link through a move or a reassignment', async () => {
    const em = server.em();
    const technician = await createTechnician(em);
    const order = await createOrder(em, { appointment: VISIT });
    const other = await createOrder(em, { appointment: VISIT });
    const config = server.services.config;
    const first = personalLinkUrls(config, order).page;
    expect(personalLinkUrls(config, other).page).not.toBe(first);

    order.appointment = new Date(VISIT.getTime() + 3600_000);
    order.technician = technician;
    expect(personalLinkUrls(config, order).page).toBe(first);
    order.linkGeneration += 1;
    expect(personalLinkUrls(config, order).page).not.toBe(first);
  });

  it('has one spelling of its order id: a leading zero makes no other string of the same link', async () => {
    const order = await createOrder(server.em(), { appointment: VISIT });
    const token = tokenOf(personalLinkUrls(server.services.config, order).page);
    const secret = server.services.config.jwtSecret;
    expect(readLinkToken(secret, token, LinkPurpose.PERSONAL)?.orderId).toBe(order.id);
    for (const padded of [`0${token}`, `00${token}`]) {
      expect(readLinkToken(secret, padded, LinkPurpose.PERSONAL), padded).toBeNull();
    }
  });

  it('is refused when any character is changed or it is signed with another secret', async () => {
    const order = await createOrder(server.em(), { appointment: VISIT });
    const token = tokenOf(personalLinkUrls(server.services.config, order).page);
    const secret = server.services.config.jwtSecret;
    for (let index = 0; index < token.length; index++) {
      if (token[index] === '.') continue;
      const changed = `${token.slice(0, index)}${token[index] === 'a' ? 'b' : 'a'}${token.slice(index + 1)}`;
      expect(readLinkToken(secret, changed, LinkPurpose.PERSONAL), changed).toBeNull();
    }
    expect(readLinkToken(`${secret}x`, token, LinkPurpose.PERSONAL)).toBeNull();
    expect(readLinkToken(secret, `${token}.`, LinkPurpose.PERSONAL)).toBeNull();
    expect(readLinkToken(secret, '', LinkPurpose.PERSONAL)).toBeNull();
  });
});

describe('unsubscribed addresses', () => {
  it('are found in any spelling, per channel', async () => {
    const em = server.em();
    expect(await isUnsubscribed(em, 'EMAIL', 'Els.Peeters@Example.be')).toBe(false);
    expect(await unsubscribe(em, 'EMAIL', ' Els.Peeters@Example.BE ', new Date())).toBe(true);
    expect(await isUnsubscribed(em, 'EMAIL', 'els.peeters@example.be')).toBe(true);
    expect(await isUnsubscribed(em, 'EMAIL', 'ELS.PEETERS@EXAMPLE.BE')).toBe(true);
    expect(await isUnsubscribed(em, 'EMAIL', 'jan.peeters@example.be')).toBe(false);
    // the e-mail channel says nothing about text messages
    expect(await isUnsubscribed(em, 'SMS', '+32470123456')).toBe(false);

    expect(await unsubscribe(em, 'SMS', '0470/12 34 56', new Date())).toBe(true);
    expect(await isUnsubscribed(em, 'SMS', '+32470123456')).toBe(true);
    expect(await isUnsubscribed(em, 'SMS', '0032 470 12 34 56')).toBe(true);
    expect(await isUnsubscribed(em, 'SMS', '+32470123457')).toBe(false);
  });

  it('can be stopped twice without a second row, and an address that takes no message is refused', async () => {
    const em = server.em();
    await unsubscribe(em, 'EMAIL', 'twice@example.nl', new Date());
    await unsubscribe(em, 'EMAIL', 'TWICE@example.nl', new Date());
    expect(await em.fork().count(ConsumerUnsubscribe, { channel: 'EMAIL' })).toBeGreaterThanOrEqual(1);
    const before = await em.fork().count(ConsumerUnsubscribe, {});
    await unsubscribe(em, 'EMAIL', 'twice@example.nl', new Date());
    expect(await em.fork().count(ConsumerUnsubscribe, {})).toBe(before);

    expect(await unsubscribe(em, 'SMS', '020 1234567', new Date())).toBe(false);
    expect(await unsubscribe(em, 'EMAIL', 'not an address', new Date())).toBe(false);
    expect(await isUnsubscribed(em, 'SMS', '020 1234567')).toBe(false);
  });

  it('are stored only as keyed hashes, never in clear', async () => {
    const em = server.em();
    await unsubscribe(em, 'EMAIL', 'geheim.adres@example.nl', new Date());
    await unsubscribe(em, 'SMS', '06 87654321', new Date());
    const rows = await em.getConnection().execute<Record<string, unknown>[]>('select * from consumer_unsubscribes');
    const stored = JSON.stringify(rows);
    expect(rows.length).toBeGreaterThanOrEqual(2);
    for (const clear of ['geheim', 'example', '@', '87654321', '+316']) expect(stored).not.toContain(clear);
    for (const row of rows) expect(row.address_hash).toMatch(/^[\w-]{43}$/);
  });

  it('do not match under another server secret (the hash is keyed, not a bare digest)', async () => {
    await unsubscribe(server.em(), 'EMAIL', 'sleutel@example.nl', new Date());
    const other = await startTestServer({
      database: server.database,
      env: { JWT_SECRET: 'another-secret-of-the-second-server' },
    });
    try {
      expect(await isUnsubscribed(other.em(), 'EMAIL', 'sleutel@example.nl')).toBe(false);
      expect(await isUnsubscribed(server.em(), 'EMAIL', 'sleutel@example.nl')).toBe(true);
    } finally {
      await other.stop();
    }
  });

  it('leave the order itself alone', async () => {
    const order = await createOrder(server.em(), { appointment: VISIT, email: 'blijft@example.nl' });
    await unsubscribe(server.em(), 'EMAIL', order.email, new Date());
    expect((await server.em().findOneOrFail(Order, order.id, INCLUDING_DELETED)).email).toBe('blijft@example.nl');
  });
});

describe('the end of the visit day', () => {
  it("is local midnight after the visit in the order's country's zone, also on the days the clocks change", () => {
    const at = (appointment: string, country: Country) =>
      linkExpiresAt({ appointment: new Date(appointment), country }).toISOString();
    expect(at('2026-11-24T09:00:00+01:00', Country.NL)).toBe('2026-11-24T23:00:00.000Z');
    expect(at('2026-11-24T21:30:00+01:00', Country.BE)).toBe('2026-11-24T23:00:00.000Z');
    // summer time ends in the night after 25 October 2026: that midnight is already winter time
    expect(at('2026-10-25T09:00:00+01:00', Country.NL)).toBe('2026-10-25T23:00:00.000Z');
    expect(at('2026-10-24T09:00:00+02:00', Country.NL)).toBe('2026-10-24T22:00:00.000Z');
    expect(at('2026-03-29T09:00:00+02:00', Country.BE)).toBe('2026-03-29T22:00:00.000Z');
  });
});

describe('masked contact data', () => {
  it("shows enough to recognise one's own address, never the whole", () => {
    expect(maskEmail('jan.jansen@example.nl')).toBe('j•••@example.nl');
    expect(maskEmail('j@example.nl')).toBe('j•••@example.nl');
    expect(maskEmail('émile@example.be')).toBe('é•••@example.be');
    expect(maskEmail('no-address')).toBe('•••');
    expect(maskMobileNumber('+31612345678')).toBe('06 •••• 5678');
    expect(maskMobileNumber('+32470123456')).toBe('04 •••• 3456');
  });
});
