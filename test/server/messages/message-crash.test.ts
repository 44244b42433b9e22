import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { MikroORM } from '@mikro-orm/postgresql';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMailer } from '../../../server/common/mail/mailer.js';
import { createSmsSender } from '../../../server/common/sms/sms-sender.js';
import { openOrm } from '../../../server/db/orm.js';
import { startAppProcess, type AppProcess } from '../../e2e/utils/app-process.js';
import { ensureServerBuilt } from '../../e2e/utils/server-command.js';
import { createOrder } from '../../utils/factories.js';
import { startTwilioStandIn, type TwilioStandIn, twilioEnv } from '../../utils/message-transports.js';
import { parseMail } from '../../utils/outbox.js';
import { createTestDatabase, type TestDatabase } from '../../utils/test-database.js';

/** Tuesday 1 December 2026 after 13:30: Wednesday's windows are shown, so the server's first publication tells all. */
const NOW = '2026-12-01T14:00:00+01:00';
const WEDNESDAY_9 = new Date('2026-12-02T09:00:00+01:00');
/** Enough for a publication that takes seconds on both channels, so the kill lands while both are under way. */
const ORDERS = 300;
/** A provider under load: an SMS is in flight this long, so the kill finds SMS handed over and not yet answered. */
const SMS_ANSWER_DELAY_MS = 150;
/** Short, so the dead server's claims (this plus 10 s) run out soon after the restart. */
const TRANSPORT_TIMEOUT_MS = 2_000;
/** Delivered on each channel before the kill: both channels are under way. */
const SENT_BEFORE_KILL = 20;
/** The rules' promise: what a dead sender held goes within a minute of its restart. */
const SETTLE_WITHIN_MS = 60_000;

const silent = pino({ level: 'silent' });

/** Messages the transports hand over at once (the SMS by Twilio, the mails as outbox files): the most in flight. */
const SMS_AT_ONCE = createSmsSender({
  twilio: { accountSid: 'AC', authToken: 'x', from: '+3197010203040', baseUrl: undefined },
  outboxDir: tmpdir(),
  timeoutMs: TRANSPORT_TIMEOUT_MS,
  logger: silent,
}).concurrency;
const MAILS_AT_ONCE = createMailer({
  smtpUrl: undefined,
  outboxDir: tmpdir(),
  from: 'x@example.nl',
  timeoutMs: TRANSPORT_TIMEOUT_MS,
  logger: silent,
}).concurrency;

const emailOf = (index: number) => `crash${index}@example.nl`;
/** 06 3000 0000 and on: Dutch mobile numbers, told by SMS; Twilio receives them in E.164. */
const phoneOf = (index: number) => `06 ${String(30_000_000 + index)}`;
const e164Of = (index: number) => `+316${String(30_000_000 + index)}`;

/** How often each address occurs; and the sends beyond the first per address. */
function tally(addresses: readonly string[]): { counts: Map<string, number>; repeats: number } {
  const counts = new Map<string, number>();
  for (const address of addresses) counts.set(address, (counts.get(address) ?? 0) + 1);
  let repeats = 0;
  for (const count of counts.values()) repeats += count - 1;
  return { counts, repeats };
}

async function waitFor(what: string, deadline: number, condition: () => boolean | Promise<boolean>): Promise<void> {
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe('a server killed in the middle of a publication', () => {
  let twilio: TwilioStandIn;
  let database: TestDatabase;
  let orm: MikroORM;
  let dataDir: string;
  const servers: AppProcess[] = [];

  beforeAll(async () => {
    // The test runs the built server, as an operator does: a stale build would test older code.
    ensureServerBuilt();
    twilio = await startTwilioStandIn({ answerDelayMs: SMS_ANSWER_DELAY_MS });
    database = await createTestDatabase();
    dataDir = mkdtempSync(join(tmpdir(), 'tijdvak-crash-'));
    orm = await openOrm({ databaseUrl: database.url, logger: silent });
    const em = orm.em.fork();
    for (let index = 0; index < ORDERS; index++) {
      await createOrder(em, { appointment: WEDNESDAY_9, email: emailOf(index), phone: phoneOf(index) });
    }
  }, 300_000);

  afterAll(async () => {
    for (const server of servers) await server.stop();
    await orm?.close(true);
    await database?.drop();
    await twilio?.close();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  it('repeats no more than what was in flight, and every message is delivered within a minute of the restart', async () => {
    const env = {
      CLOCK_NOW: NOW,
      ...twilioEnv(twilio),
      TRANSPORT_TIMEOUT_MS: String(TRANSPORT_TIMEOUT_MS),
      JOB_POLL_INTERVAL_MS: '500',
      MESSAGE_RETRY_DELAY_SECONDS: '1',
    };
    const outbox = join(dataDir, 'outbox');
    const mailFiles = () => {
      try {
        return readdirSync(outbox).filter((name) => name.endsWith('.eml'));
      } catch {
        return [];
      }
    };

    // The server publishes at start: every order's mail (an outbox file) and SMS (to Twilio) go out.
    const first = await startAppProcess(env, { database, dataDir });
    servers.push(first);
    await waitFor('both channels under way', Date.now() + 60_000, () => {
      if (!first.alive()) throw new Error(`the server stopped:\n${first.output()}`);
      return mailFiles().length >= SENT_BEFORE_KILL && twilio.messages.length >= SENT_BEFORE_KILL;
    });
    await first.kill();
    const mailsBeforeKill = mailFiles().length;
    const smsBeforeKill = twilio.messages.length;
    // The kill landed in the middle of both channels, or this test proves nothing.
    expect(mailsBeforeKill).toBeLessThan(ORDERS);
    expect(smsBeforeKill).toBeLessThan(ORDERS);

    const second = await startAppProcess(env, { database, dataDir });
    servers.push(second);
    const restartedAt = Date.now();
    const connection = orm.em.getConnection();
    const waiting = async () => {
      const [row] = await connection.execute<{ count: string }[]>(
        `select count(*) from consumer_messages where status <> 'SENT'`,
      );
      const [all] = await connection.execute<{ count: string }[]>(`select count(*) from consumer_messages`);
      return Number(all.count) < 2 * ORDERS ? Number.POSITIVE_INFINITY : Number(row.count);
    };
    await waitFor('every message sent', restartedAt + SETTLE_WITHIN_MS, async () => {
      if (!second.alive()) throw new Error(`the restarted server stopped:\n${second.output()}`);
      return (await waiting()) === 0;
    });

    // Every order's mail and SMS arrived.
    const mails = mailFiles().map((name) => parseMail(name, readFileSync(join(outbox, name), 'utf8')));
    const mailTally = tally(mails.map((mail) => /[^<\s]+@[^>\s]+/.exec(mail.to)?.[0] ?? mail.to));
    const smsTally = tally(twilio.messages.map((sms) => sms.to));
    for (let index = 0; index < ORDERS; index++) {
      expect(mailTally.counts.get(emailOf(index)), emailOf(index)).toBeGreaterThanOrEqual(1);
      expect(smsTally.counts.get(e164Of(index)), e164Of(index)).toBeGreaterThanOrEqual(1);
    }
    // A send repeats only when the server died after the transport took it and before its outcome was written:
    // at most the messages in flight at that moment, per channel as many as the transport takes at once.
    expect(mailTally.repeats, 'mails sent twice').toBeLessThanOrEqual(MAILS_AT_ONCE);
    expect(smsTally.repeats, 'SMS sent twice').toBeLessThanOrEqual(SMS_AT_ONCE);
    expect(mails).toHaveLength(ORDERS + mailTally.repeats);
    expect(twilio.messages).toHaveLength(ORDERS + smsTally.repeats);

    // No file a reader takes for a message is empty or cut off; a write the kill broke off stays under a hidden
    // temporary name, which no reader lists.
    for (const dir of [outbox, join(outbox, 'sms')]) {
      let names: string[];
      try {
        names = readdirSync(dir);
      } catch {
        continue;
      }
      for (const name of names) {
        if (name.endsWith('.eml') || name.endsWith('.json')) {
          expect(statSync(join(dir, name)).size, name).toBeGreaterThan(0);
        } else if (name !== 'sms') {
          expect(name, 'a file left by a killed write').toMatch(/^\..+\.partial$/);
        }
      }
    }
    for (const mail of mails) expect(mail.text.length, mail.file).toBeGreaterThan(0);
  }, 180_000);
});
