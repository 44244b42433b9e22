import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Country } from '../../../server/common/locale.js';
import { unsubscribe } from '../../../server/consumer-links/unsubscribes.js';
import { Holiday } from '../../../server/holidays/holiday.entity.js';
import { ConsumerMessage, MessageChannel } from '../../../server/messages/consumer-message.entity.js';
import { gsm7Length } from '../../../server/messages/message-content.js';
import { Order } from '../../../server/orders/order.entity.js';
import { PUBLISH_QUEUE } from '../../../server/system/scheduled-work.js';
import { publishMessagesNow, waitForMessagesSent } from '../../utils/consumer-messages.js';
import { createOrder } from '../../utils/factories.js';
import {
  startLocalSmtp,
  startTwilioStandIn,
  type LocalSmtp,
  type TwilioStandIn,
  twilioEnv,
} from '../../utils/message-transports.js';
import { createTestDatabase, type TestDatabase } from '../../utils/test-database.js';
import { startTestServer, type TestServer } from '../../utils/test-server.js';
import { INCLUDING_DELETED } from '../../../server/orders/repository/active-orders.js';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function waitFor(what: string, condition: () => boolean | Promise<boolean>, timeoutMs = 20_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await sleep(50);
  }
}

function envFor(smtp: { url: string }, twilio: TwilioStandIn, extra: Record<string, string> = {}) {
  return {
    SMTP_URL: smtp.url,
    ...twilioEnv(twilio),
    JOB_POLL_INTERVAL_MS: '500',
    MESSAGE_RETRY_DELAY_SECONDS: '1',
    APP_URL: 'https://afspraak.tijdvak.example.nl',
    ...extra,
  };
}

const messages = (server: TestServer) => server.em().find(ConsumerMessage, {}, { orderBy: { id: 'asc' } });

const mailsTo = (smtp: LocalSmtp, address: string) =>
  smtp.mails.filter((mail) => mail.to && !Array.isArray(mail.to) && mail.to.value.some((to) => to.address === address));

describe('consumer messages at 13:30', () => {
  let smtp: LocalSmtp;
  let twilio: TwilioStandIn;
  let server: TestServer;

  beforeAll(async () => {
    smtp = await startLocalSmtp();
    twilio = await startTwilioStandIn();
    // Saturday 24 October 2026, the day before the clocks go back (CEST, +02:00).
    server = await startTestServer({
      env: envFor(smtp, twilio, { CLOCK_NOW: '2026-10-24T13:00:00+02:00' }),
      recordQueries: true,
    });
  });
  afterAll(async () => {
    await server?.stop();
    await smtp?.close();
    await twilio?.close();
  });

  it('sends nothing at 13:29 and every message once at 13:30, in summer time the day before the change', async () => {
    // Monday 26 October is in winter time; its window is shown from Saturday 13:30 summer time (11:30 UTC).
    const monday = await createOrder(server.em(), {
      appointment: new Date('2026-10-26T10:00:00+01:00'),
      email: 'maandag@example.nl',
      phone: '06-1234 5678',
      referenceNumber: 'REF-MONDAY-1',
      name: 'Jan Maandag',
    });
    const landline = await createOrder(server.em(), {
      appointment: new Date('2026-10-26T13:00:00+01:00'),
      email: 'vast@example.nl',
      phone: '030 123 4567',
    });
    const tuesday = await createOrder(server.em(), {
      appointment: new Date('2026-10-27T10:00:00+01:00'),
      email: 'dinsdag@example.nl',
    });

    server.services.clock.travelTo(new Date('2026-10-24T13:29:00+02:00'));
    await publishMessagesNow(server);
    expect(await messages(server)).toEqual([]);

    server.services.clock.travelTo(new Date('2026-10-24T13:30:00+02:00'));
    await publishMessagesNow(server);
    await waitForMessagesSent(server);
    expect(mailsTo(smtp, 'maandag@example.nl')).toHaveLength(1);
    expect(mailsTo(smtp, 'vast@example.nl')).toHaveLength(1);
    expect(mailsTo(smtp, 'dinsdag@example.nl')).toHaveLength(0);
    expect(twilio.messages.map((sms) => sms.to)).toEqual(['+31612345678']);

    const mail = mailsTo(smtp, 'maandag@example.nl')[0];
    expect(mail.subject).toBe('Uw monteur komt maandag 26 oktober tussen 10.00 en 13.00 uur');
    expect(mail.text).toContain('De monteur belt u 30 minuten voordat hij komt.');
    expect(mail.text).toContain('REF-MONDAY-1');
    expect(mail.text).toContain('088 123 45 67');
    expect(mail.text).toMatch(/https:\/\/afspraak\.tijdvak\.example\.nl\/v\/[\w.-]+\n/);
    expect(mail.text).toMatch(/\?antwoord=thuis/);
    expect(mail.text).toMatch(/\?antwoord=bellen/);
    expect(mail.html).toContain('/api/mail/open/');
    const header = (name: string) => mail.headerLines.find((line) => line.key === name)?.line;
    expect(header('list-unsubscribe-post')).toBe('List-Unsubscribe-Post: List-Unsubscribe=One-Click');
    expect(header('list-unsubscribe')).toMatch(
      /^List-Unsubscribe:\s+<https:\/\/afspraak\.tijdvak\.example\.nl\/v\/[\w.-]+\/afmelden>$/,
    );
    expect(mail.from?.value[0].name).toBe('Tijdvak');

    const sms = twilio.messages[0];
    expect(sms.from).toBe('+3197010203040');
    expect(sms.body).toMatch(/^Tijdvak: de monteur komt ma 26 okt tussen 10.00 en 13.00/);
    expect(sms.body).toContain('https://afspraak.tijdvak.example.nl/v/');
    expect(gsm7Length(sms.body)).not.toBeNull();
    expect(gsm7Length(sms.body)!).toBeLessThanOrEqual(160);

    // Another run, another instance's notice: nothing new.
    await publishMessagesNow(server);
    await waitForMessagesSent(server);
    expect(smtp.mails).toHaveLength(2);
    expect(twilio.messages).toHaveLength(1);
    const rows = await messages(server);
    expect(rows.map((row) => [row.order.id, row.kind, row.channel, row.status])).toEqual([
      [monday.id, 'WINDOW', 'EMAIL', 'SENT'],
      [monday.id, 'WINDOW', 'SMS', 'SENT'],
      [landline.id, 'WINDOW', 'EMAIL', 'SENT'],
    ]);
    expect(rows.some((row) => row.order.id === tuesday.id)).toBe(false);
    // The jobs' statements carry their log label: a request's statement count leaves them out.
    expect(server.queries.filter((sql) => sql.includes('insert into consumer_messages'))).toEqual([]);
  });

  it('tells a moved order the new window, and a deleted one that the visit is off', async () => {
    const em = server.em();
    const moved = await em.findOneOrFail(Order, { email: 'maandag@example.nl' }, INCLUDING_DELETED);
    moved.appointment = new Date('2026-10-26T14:00:00+01:00');
    const deleted = await em.findOneOrFail(Order, { email: 'vast@example.nl' }, INCLUDING_DELETED);
    deleted.deletedAt = server.services.clock.now();
    await em.flush();
    await publishMessagesNow(server);
    await waitForMessagesSent(server);
    const update = mailsTo(smtp, 'maandag@example.nl');
    expect(update).toHaveLength(2);
    expect(update[1].subject).toBe('Gewijzigd: uw monteur komt maandag 26 oktober tussen 14.00 en 17.00 uur');
    expect(twilio.messages.at(-1)?.body).toMatch(/gewijzigd! De monteur komt ma 26 okt tussen 14.00 en 17.00/);
    const cancellation = mailsTo(smtp, 'vast@example.nl');
    expect(cancellation).toHaveLength(2);
    expect(cancellation[1].subject).toBe('Uw afspraak van maandag 26 oktober gaat niet door');
  });

  it('skips an unsubscribed address and still sends on the other channel', async () => {
    const now = server.services.clock.now();
    await unsubscribe(server.em(), 'EMAIL', 'Afgemeld@Example.nl', now);
    await createOrder(server.em(), {
      appointment: new Date('2026-10-26T16:00:00+01:00'),
      email: 'afgemeld@example.nl',
      phone: '+31 6 87654321',
    });
    await publishMessagesNow(server);
    await waitForMessagesSent(server);
    expect(mailsTo(smtp, 'afgemeld@example.nl')).toHaveLength(0);
    expect(twilio.messages.map((sms) => sms.to)).toContain('+31687654321');
    const rows = await server.em().find(ConsumerMessage, { recipient: 'afgemeld@example.nl' });
    expect(rows.map((row) => [row.status, row.lastError])).toEqual([['SKIPPED', 'unsubscribed']]);
  });

  it('waits for the working day before a holiday: Tuesday after a holiday Monday is told on Saturday', async () => {
    await server
      .em()
      .persist(server.em().create(Holiday, { country: Country.NL, date: '2026-12-07' }))
      .flush();
    const order = await createOrder(server.em(), {
      appointment: new Date('2026-12-08T08:00:00+01:00'),
      email: 'na-feestdag@example.nl',
    });
    server.services.clock.travelTo(new Date('2026-12-05T13:29:30+01:00'));
    await publishMessagesNow(server);
    expect(await server.em().count(ConsumerMessage, { order })).toBe(0);
    server.services.clock.travelTo(new Date('2026-12-05T13:30:00+01:00'));
    await publishMessagesNow(server);
    await waitForMessagesSent(server);
    expect(mailsTo(smtp, 'na-feestdag@example.nl')).toHaveLength(1);
    expect(mailsTo(smtp, 'na-feestdag@example.nl')[0].subject).toBe(
      'Uw monteur komt dinsdag 8 december tussen 8.00 en 11.00 uur',
    );
  });
});

describe('consumer messages when the mail server is down', () => {
  it('retries with growing waits and sends when the mail server is back', async () => {
    const probe = await startLocalSmtp();
    const port = probe.port;
    await probe.close();
    const twilio = await startTwilioStandIn();
    const server = await startTestServer({
      env: envFor({ url: `smtp://127.0.0.1:${port}` }, twilio, { CLOCK_NOW: '2026-12-01T14:00:00+01:00' }),
    });
    let smtp: LocalSmtp | undefined;
    try {
      await createOrder(server.em(), { appointment: new Date('2026-12-02T08:00:00+01:00'), email: 'later@example.nl' });
      await publishMessagesNow(server);
      await waitFor('a failed try', async () => {
        const [row] = await server.em().find(ConsumerMessage, { channel: MessageChannel.EMAIL });
        return row !== undefined && row.tries >= 1 && row.lastError !== null;
      });
      const [failed] = await server.em().find(ConsumerMessage, { channel: MessageChannel.EMAIL });
      expect(failed.status).toBe('QUEUED');
      expect(failed.lastError).toMatch(/ECONNREFUSED|connect/i);
      smtp = await startLocalSmtp(port);
      await waitForMessagesSent(server);
      const [sent] = await server.em().find(ConsumerMessage, { channel: MessageChannel.EMAIL });
      expect(sent.status).toBe('SENT');
      expect(sent.tries).toBeGreaterThanOrEqual(2);
      expect(mailsTo(smtp, 'later@example.nl')).toHaveLength(1);
    } finally {
      await server.stop();
      await smtp?.close();
      await twilio.close();
    }
  });
});

describe('consumer messages with several instances', () => {
  let database: TestDatabase;
  let smtp: LocalSmtp;
  let twilio: TwilioStandIn;

  beforeAll(async () => {
    database = await createTestDatabase();
    smtp = await startLocalSmtp();
    twilio = await startTwilioStandIn();
  });
  afterAll(async () => {
    await database?.drop();
    await smtp?.close();
    await twilio?.close();
  });

  const ORDERS = 30;
  const env = () => envFor(smtp, twilio, { CLOCK_NOW: '2026-12-01T13:30:00+01:00' });

  it('sends each message once when two instances publish together, and once more over a restart', async () => {
    const [first, second] = await Promise.all([
      startTestServer({ database, env: env() }),
      startTestServer({ database, env: env() }),
    ]);
    try {
      for (let i = 0; i < ORDERS; i++) {
        await createOrder(first.em(), {
          appointment: new Date(`2026-12-02T${String(7 + (i % 10)).padStart(2, '0')}:00:00+01:00`),
          email: `samen${i}@example.nl`,
          phone: `06 1000 ${String(1000 + i)}`,
        });
      }
      await Promise.all([publishMessagesNow(first), publishMessagesNow(second)]);
      await waitForMessagesSent(first);
    } finally {
      await Promise.all([first.stop(), second.stop()]);
    }
    expect(smtp.mails).toHaveLength(ORDERS);
    expect(new Set(smtp.mails.map((mail) => JSON.stringify(mail.to))).size).toBe(ORDERS);
    expect(twilio.messages).toHaveLength(ORDERS);
    expect(new Set(twilio.messages.map((sms) => sms.to)).size).toBe(ORDERS);
  });

  it('loses none and doubles none when an instance stops in the middle of a publication', async () => {
    const before = smtp.mails.length;
    const first = await startTestServer({ database, env: env() });
    for (let i = 0; i < ORDERS; i++) {
      await createOrder(first.em(), {
        appointment: new Date(`2026-12-02T${String(7 + (i % 10)).padStart(2, '0')}:30:00+01:00`),
        email: `herstart${i}@example.nl`,
        phone: '030 123 4567',
      });
    }
    await first.services.jobs.send(PUBLISH_QUEUE, {});
    await waitFor('the first mails', () => smtp.mails.length > before);
    await first.stop();
    const second = await startTestServer({ database, env: env() });
    try {
      await publishMessagesNow(second);
      await waitForMessagesSent(second);
    } finally {
      await second.stop();
    }
    const restarted = smtp.mails.slice(before);
    expect(restarted).toHaveLength(ORDERS);
    expect(new Set(restarted.map((mail) => JSON.stringify(mail.to))).size).toBe(ORDERS);
  });
});
