import { mkdirSync, mkdtempSync, readdirSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Country } from '../../../server/common/locale.js';
import { ConfigError, loadConfig } from '../../../server/config.js';
import { isUnsubscribed, unsubscribe } from '../../../server/consumer-links/unsubscribes.js';
import { MessageChannel } from '../../../server/messages/consumer-message.entity.js';
import { purgeOutboxFiles } from '../../../server/messages/message-purge.js';
import { Order } from '../../../server/orders/order.entity.js';
import { SEND_QUEUES } from '../../../server/messages/message-sender.js';
import { MESSAGE_PURGE_QUEUE } from '../../../server/system/scheduled-work.js';
import { publishMessagesNow, runJobNow, waitForMessagesSent } from '../../utils/consumer-messages.js';
import { createOrder } from '../../utils/factories.js';
import { startLocalSmtp } from '../../utils/message-transports.js';
import { startTestServer, type TestServer } from '../../utils/test-server.js';

interface MessageRow {
  id: number;
  order_id: number;
  channel: string;
  status: string;
  recipient: string | null;
  last_error: string | null;
  tries: number;
  sent_at: string | null;
  purged_at: string | null;
}

const DAY_MS = 24 * 3600 * 1000;

describe('consumer message addresses are removed a set number of days after the visit', () => {
  let server: TestServer;

  beforeAll(async () => {
    // Saturday 28 November 2026, 13:31: the windows of Monday 30 November are shown (and told).
    server = await startTestServer({ env: { CLOCK_NOW: '2026-11-28T13:31:00+01:00' } });
  });
  afterAll(() => server?.stop());

  const rowsOf = (orderIds: number[]) =>
    server
      .em()
      .execute<MessageRow[]>(
        `select id, order_id, channel, status, recipient, last_error, tries, sent_at, purged_at from consumer_messages where order_id = any(?::int[]) order by order_id, channel, id`,
        [`{${orderIds.join(',')}}`],
      );

  it('keeps them on day 30, removes them on day 31 (status, times and tries stay), and keeps unsubscribes as hashes only', async () => {
    const dutch = await createOrder(server.em(), {
      appointment: new Date('2026-11-30T10:00:00+01:00'),
      email: 'bewaard@example.nl',
      phone: '06 1111 2222',
    });
    const belgian = await createOrder(server.em(), {
      country: Country.BE,
      appointment: new Date('2026-11-30T14:00:00+01:00'),
      email: 'garde@example.be',
      phone: '0470 12 34 56',
    });
    const movedLater = await createOrder(server.em(), {
      appointment: new Date('2026-11-30T08:00:00+01:00'),
      email: 'verzet@example.nl',
      phone: '030 123 4567',
    });
    const orderIds = [dutch.id, belgian.id, movedLater.id];
    await publishMessagesNow(server);
    await waitForMessagesSent(server);
    const told = await rowsOf(orderIds);
    expect(told.map((row) => [row.order_id, row.channel, row.status, row.recipient])).toEqual([
      [dutch.id, 'EMAIL', 'SENT', 'bewaard@example.nl'],
      [dutch.id, 'SMS', 'SENT', '+31611112222'],
      [belgian.id, 'EMAIL', 'SENT', 'garde@example.be'],
      [belgian.id, 'SMS', 'SENT', '+32470123456'],
      [movedLater.id, 'EMAIL', 'SENT', 'verzet@example.nl'],
    ]);

    // A failure whose reason echoes the address, and a message whose job never came.
    const belgianSms = told[3].id;
    await server
      .em()
      .execute(`update consumer_messages set status = 'FAILED', last_error = ? where id = ?`, [
        'RestException: +32 470 12 34 56 is not reachable',
        belgianSms,
      ]);
    const [waiting] = await server.em().execute<{ id: number }[]>(
      `insert into consumer_messages (order_id, kind, channel, window_start, window_seconds, recipient, language, created_at)
       values (?, 'UPDATE', 'EMAIL', '2026-11-30T12:00:00+01:00', 3600, 'bewaard@example.nl', 'nl', now()) returning id`,
      [dutch.id],
    );
    await unsubscribe(server.em(), 'EMAIL', 'bewaard@example.nl', server.services.clock.now());
    // The order moved to Thursday 3 December after its message: the address stays until that visit is long enough ago.
    await server
      .em()
      .nativeUpdate(Order, { id: movedLater.id }, { appointment: new Date('2026-12-03T08:00:00+01:00') });

    // Wednesday 30 December 23:59 is the 30th day after the visit: everything is kept.
    server.services.clock.travelTo(new Date('2026-12-30T23:59:00+01:00'));
    await runJobNow(server, MESSAGE_PURGE_QUEUE);
    expect((await rowsOf(orderIds)).filter((row) => row.purged_at !== null || row.recipient === null)).toEqual([]);

    // Thursday 31 December, just after midnight: the 31st day.
    const dayThirtyOne = new Date('2026-12-31T00:00:30+01:00');
    server.services.clock.travelTo(dayThirtyOne);
    await runJobNow(server, MESSAGE_PURGE_QUEUE);
    const after = await rowsOf(orderIds);
    const byId = new Map(after.map((row) => [row.id, row]));
    for (const before of told.filter((row) => row.order_id !== movedLater.id)) {
      const row = byId.get(before.id)!;
      expect(row.recipient).toBeNull();
      expect(new Date(row.purged_at!).getTime()).toBeGreaterThanOrEqual(dayThirtyOne.getTime());
      expect(row.tries).toBe(before.tries);
      expect(row.sent_at).toEqual(before.sent_at);
      expect(row.status).toBe(row.id === belgianSms ? 'FAILED' : 'SENT');
    }
    expect(byId.get(belgianSms)!.last_error).toBeNull();
    expect(byId.get(waiting.id)).toMatchObject({ recipient: null, status: 'SKIPPED' });
    expect(after.filter((row) => row.order_id === movedLater.id).map((row) => row.recipient)).toEqual([
      'verzet@example.nl',
    ]);
    const everything = JSON.stringify(
      await server.em().execute(`select * from consumer_messages where order_id in (?, ?)`, [dutch.id, belgian.id]),
    );
    expect(everything).not.toMatch(/bewaard|garde|611112222|470/);

    // The unsubscribe outlives the message: still a hash only, still answered.
    const unsubscribes = JSON.stringify(await server.em().execute(`select * from consumer_unsubscribes`));
    expect(unsubscribes).not.toContain('bewaard');
    expect(unsubscribes).toMatch(/"address_hash":"[\w-]{43}"/);
    expect(await isUnsubscribed(server.em(), MessageChannel.EMAIL, 'bewaard@example.nl')).toBe(true);

    // Sunday 3 January 2027 is the 31st day after the moved visit.
    server.services.clock.travelTo(new Date('2027-01-03T00:00:30+01:00'));
    await runJobNow(server, MESSAGE_PURGE_QUEUE);
    expect((await rowsOf([movedLater.id])).map((row) => [row.recipient, row.status])).toEqual([[null, 'SENT']]);
  });
});

describe('the days addresses are kept', () => {
  const dataDir = tmpdir();

  it('are 30 by default, set by MESSAGE_DATA_RETENTION_DAYS, and refused when not a whole number from 1 to 366', () => {
    expect(loadConfig({ DATA_DIR: dataDir }).messageDataRetentionDays).toBe(30);
    expect(loadConfig({ DATA_DIR: dataDir, MESSAGE_DATA_RETENTION_DAYS: '45' }).messageDataRetentionDays).toBe(45);
    for (const bad of ['0', '-3', '2.5', 'dertig', '400']) {
      expect(() => loadConfig({ DATA_DIR: dataDir, MESSAGE_DATA_RETENTION_DAYS: bad })).toThrow(ConfigError);
    }
    expect(() => loadConfig({ DATA_DIR: dataDir, MESSAGE_DATA_RETENTION_DAYS: '400' })).toThrow(
      /MESSAGE_DATA_RETENTION_DAYS must be at most 366/,
    );
  });
});

describe('the outbox files of messages', () => {
  it('are removed once older than the days kept; other files and newer messages stay', async () => {
    const outbox = mkdtempSync(join(tmpdir(), 'tijdvak-outbox-'));
    const sms = join(outbox, 'sms');
    mkdirSync(sms);
    const now = new Date();
    const aged = (file: string, days: number) => {
      writeFileSync(file, 'message');
      const when = new Date(now.getTime() - days * DAY_MS);
      utimesSync(file, when, when);
    };
    try {
      aged(join(outbox, 'old.eml'), 31);
      aged(join(outbox, 'recent.eml'), 29);
      aged(join(outbox, 'notes.txt'), 90);
      aged(join(sms, 'old.json'), 40);
      aged(join(sms, 'recent.json'), 1);
      expect(await purgeOutboxFiles([outbox, sms, join(outbox, 'missing')], now, 30)).toBe(2);
      expect(readdirSync(outbox).sort()).toEqual(['notes.txt', 'recent.eml', 'sms']);
      expect(readdirSync(sms)).toEqual(['recent.json']);
    } finally {
      rmSync(outbox, { recursive: true, force: true });
    }
  });
});

describe('a message that failed', () => {
  it('leaves its reason without the address in the job queue, which keeps failed jobs longer than addresses', async () => {
    const smtp = await startLocalSmtp(0, { refuseRecipient: (address) => address === 'bezet@example.nl' });
    const server = await startTestServer({
      env: {
        CLOCK_NOW: '2026-11-28T13:31:00+01:00',
        SMTP_URL: smtp.url,
        JOB_POLL_INTERVAL_MS: '500',
        MESSAGE_RETRY_LIMIT: '2',
        MESSAGE_RETRY_DELAY_SECONDS: '30',
      },
    });
    try {
      await createOrder(server.em(), {
        appointment: new Date('2026-11-30T10:00:00+01:00'),
        email: 'bezet@example.nl',
        phone: '030 123 4567',
      });
      await publishMessagesNow(server);
      const connection = server.em().getConnection();
      const outputs = async () =>
        connection.execute<{ state: string; output: string | null }[]>(
          `select state, output::text as output from pgboss.job where name = ?`,
          [SEND_QUEUES[MessageChannel.EMAIL]],
        );
      // A try that will be retried keeps its error in the queue until the next one.
      const deadline = Date.now() + 20_000;
      let retried: { state: string; output: string | null } | undefined;
      while (!(retried = (await outputs()).find((job) => job.state === 'retry' && job.output !== null))) {
        if (Date.now() > deadline) throw new Error('timed out waiting for a try to be retried');
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      expect(retried.output).toContain('<recipient>');
      expect(retried.output).toContain('mailbox busy');
      expect(retried.output).not.toContain('bezet@');
      const [row] = await connection.execute<{ status: string; last_error: string }[]>(
        `select status, last_error from consumer_messages`,
      );
      expect(row.last_error).toContain('<recipient>');
      expect(row.last_error).not.toContain('bezet@');
    } finally {
      await server.stop();
      await smtp.close();
    }
  });
});
