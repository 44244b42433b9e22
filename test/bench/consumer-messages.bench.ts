import { loadavg } from 'node:os';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startAppProcess, type AppProcess } from '../e2e/utils/app-process.js';
import { serverNodeOptions } from '../e2e/utils/server-command.js';
import { askForPublication } from '../utils/consumer-messages.js';
import {
  startLocalSmtp,
  startTwilioStandIn,
  type LocalSmtp,
  type TwilioStandIn,
  twilioEnv,
} from '../utils/message-transports.js';
import { MB, residentBytes, samplePeakGrowth } from './utils/memory.js';
import { recordFigures } from './utils/results.js';
import { withPg } from './utils/seed.js';

const ORDERS = 10_000;
const TARGET = { seconds: 60, memoryMb: 100 };
/** Wednesday 25 November 2026, 13:31: Thursday's windows were published a minute ago. */
const NOW = '2026-11-25T13:31:00+01:00';
/** Longer than the target, so a miss is measured and reported rather than cut off. */
const GIVE_UP_MS = 5 * 60_000;

/**
 * 10 000 orders of Thursday, each with an e-mail address and a Dutch mobile number, spread over the
 * day's windows (07:00 to 16:00 local).
 */
const SEED_SQL = `
  insert into orders (reference_number, name, email, phone, phone_normalized, zipcode, house_number, city, country,
                      appointment, duration, created_at, updated_at)
  select 'MSG-' || g, 'Klant ' || g, 'klant' || g || '@example.test', '06 ' || (10000000 + g), '316' || (10000000 + g),
         (1000 + g / 100) || 'AB', g % 100 + 1, 'Utrecht', 'NL'::country,
         timestamptz '2026-11-26 07:00:00+01' + (g % 10) * interval '1 hour', 10800, now(), now()
    from generate_series(1, ${ORDERS}) as g`;

/** One more order of that Thursday, published before the measured run. */
const WARM_UP_SQL = `
  insert into orders (reference_number, name, email, phone, phone_normalized, zipcode, house_number, city, country,
                      appointment, duration, created_at, updated_at)
  values ('MSG-WARM-UP', 'Klant 0', 'klant0@example.test', '06 10000000', '31610000000', '1000AB', 1, 'Utrecht', 'NL',
          timestamptz '2026-11-26 07:00:00+01', 10800, now(), now())`;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Benchmark 8: the publication of one visit day of 10 000 orders, from the moment they are in the
 * database to the last of 20 000 messages accepted by a local SMTP server (smtp-server) and the SMS
 * stand-in (Twilio's Messages API), with the server's peak memory growth. Fails on a miss.
 */
describe('consumer messages: publication of 10 000 orders', () => {
  let smtp: LocalSmtp;
  let twilio: TwilioStandIn;
  let app: AppProcess;

  beforeAll(async () => {
    smtp = await startLocalSmtp(0, { countOnly: true });
    twilio = await startTwilioStandIn();
    app = await startAppProcess({
      CLOCK_NOW: NOW,
      SMTP_URL: smtp.url,
      ...twilioEnv(twilio),
      JOB_POLL_INTERVAL_MS: '500',
    });
  }, 120_000);
  afterAll(async () => {
    await app?.stop();
    await smtp?.close();
    await twilio?.close();
  });

  it(`hands every mail and SMS to the transports within ${TARGET.seconds} s, memory flat`, async () => {
    // One order's messages first: the mail and SMS transports (and the code they load at their first message) are
    // then as a server has them after its first publication. What is measured is what the day's 10 000 add.
    await withPg(app.database.url, (client) => client.query(WARM_UP_SQL));
    await askForPublication(app.database.url);
    while (smtp.received() < 1 || twilio.messages.length < 1) await sleep(100);
    const [warmUpMails, warmUpTexts] = [smtp.received(), twilio.messages.length];
    await sleep(3_000); // the warm-up's publication and the first polls are over: idle
    const idle = residentBytes(app.pid);
    const loadBefore = loadavg()[0];
    const sampler = samplePeakGrowth(app.pid);
    const started = performance.now();
    await withPg(app.database.url, (client) => client.query(SEED_SQL));
    await askForPublication(app.database.url);

    let firstMailMs = Number.NaN;
    const mailsSent = () => smtp.received() - warmUpMails;
    const textsSent = () => twilio.messages.length - warmUpTexts;
    while (mailsSent() < ORDERS || textsSent() < ORDERS) {
      if (Number.isNaN(firstMailMs) && mailsSent() > 0) firstMailMs = performance.now() - started;
      if (performance.now() - started > GIVE_UP_MS) break;
      await sleep(100);
    }
    const seconds = (performance.now() - started) / 1000;
    // The machine may be shared: a figure is only comparable with the load it was taken at.
    const load = `load average ${loadBefore.toFixed(1)} before, ${loadavg()[0].toFixed(1)} after`;
    const growth = sampler.stop();
    await sleep(2_000); // nothing more arrives: each message once
    const mails = mailsSent();
    const texts = textsSent();
    const rows = await withPg(app.database.url, (client) =>
      client.query<{ status: string; n: string }>(`select status, count(*) as n from consumer_messages group by 1`),
    );
    const byStatus = Object.fromEntries(rows.rows.map((row) => [row.status, Number(row.n)]));

    recordFigures('8. Consumer messages (publication of one visit day)', [
      {
        metric: `${ORDERS.toLocaleString('en')} orders → ${mails} mails + ${texts} SMS handed over`,
        unit: 's',
        ours: seconds,
        target: `≤ ${TARGET.seconds} s`,
        met: seconds <= TARGET.seconds && mails === ORDERS && texts === ORDERS,
        note: `${load}; first mail after ${Math.round(firstMailMs)} ms; ${Math.round((mails + texts) / seconds)} messages/s; from the orders' insert to the last message accepted by smtp-server and the Twilio stand-in`,
      },
      {
        metric: 'server memory growth',
        unit: 'MB',
        ours: growth / MB,
        target: `≤ ${TARGET.memoryMb} MB`,
        met: growth / MB <= TARGET.memoryMb,
        note: `resident memory sampled every 20 ms over the ${Math.round(idle / MB)} MB it had idle; started with npm start's ${serverNodeOptions().join(' ')}`,
      },
    ]);
    expect(byStatus).toEqual({ SENT: 2 * (ORDERS + 1) });
    expect(mails).toBe(ORDERS);
    expect(texts).toBe(ORDERS);
    expect(seconds).toBeLessThanOrEqual(TARGET.seconds);
    expect(growth / MB).toBeLessThanOrEqual(TARGET.memoryMb);
  });
});
