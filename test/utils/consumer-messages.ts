import { PgBoss } from 'pg-boss';
import { JOBS_SCHEMA } from '../../server/common/jobs/job-queue.js';
import { ConsumerMessage, MessageStatus } from '../../server/messages/consumer-message.entity.js';
import { PUBLISH_QUEUE } from '../../server/system/scheduled-work.js';
import {
  startLocalSmtp,
  startTwilioStandIn,
  twilioEnv,
  type LocalSmtp,
  type LocalSmtpOptions,
  type TwilioStandIn,
} from './message-transports.js';
import { startTestServer, type TestServer } from './test-server.js';

/** Polls `condition` until it holds; fails naming `what` after `timeoutMs`. */
export async function waitFor(what: string, condition: () => Promise<boolean>, timeoutMs = 20_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/**
 * Inserts `count` orders of Wednesday 2 December 2026 at 09:00 in Utrecht, `<prefix>-1` on, each with an address
 * (`<prefix>1@example.test`, lower case) and a phone number of its own (06 `phoneFrom + n`): a visit day's
 * publication, without the ORM's objects.
 */
export async function insertVisitDayOrders(
  server: TestServer,
  prefix: string,
  count: number,
  phoneFrom: number,
): Promise<void> {
  await server
    .em()
    .getConnection()
    .execute(
      `insert into orders (reference_number, name, email, phone, phone_normalized, zipcode, house_number, city, country,
                           appointment, duration, created_at, updated_at)
         select ? || '-' || g, 'Klant ' || g, lower(?) || g || '@example.test', '06 ' || (?::int + g),
                '316' || (?::int + g), '1234AB', g, 'Utrecht', 'NL', timestamptz '2026-12-02 09:00:00+01', 10800,
                now(), now()
           from generate_series(1, ?::int) g`,
      [prefix, prefix, phoneFrom, phoneFrom, count],
    );
}

/** Runs the publication of consumer messages now (as the minute's job does) and waits until that run is done. */
export function publishMessagesNow(server: TestServer): Promise<void> {
  return runJobNow(server, PUBLISH_QUEUE);
}

/**
 * Asks a server running in its own process (through its database's job queue) for the minute's publication now, as
 * the schedule or another instance would; the server runs it at its next poll.
 */
export async function askForPublication(databaseUrl: string): Promise<void> {
  const asker = await publicationAsker(databaseUrl);
  try {
    await asker.ask();
  } finally {
    await asker.close();
  }
}

/** The means of `askForPublication` opened ahead: asking then costs its caller a statement, not a start. */
export async function publicationAsker(databaseUrl: string): Promise<{ ask(): Promise<void>; close(): Promise<void> }> {
  const boss = new PgBoss({
    connectionString: databaseUrl,
    schema: JOBS_SCHEMA,
    supervise: false,
    schedule: false,
    migrate: false,
    max: 1,
  });
  await boss.start();
  return {
    ask: async () => {
      await boss.send(PUBLISH_QUEUE, {});
    },
    close: () => boss.stop({ graceful: false, close: true }),
  };
}

/**
 * Runs a scheduled job of an `exclusive` queue now (as its schedule would) and waits until that run is done: a run
 * that starts after the call, so it sees every row the test wrote before. The queue holds one job at a time, so a
 * send is refused while one waits or runs; one that runs may have read the data before the test's last write (the
 * minute's schedule started it meanwhile), so the call waits for it to end and asks again.
 */
export async function runJobNow(server: TestServer, queue: string): Promise<void> {
  const connection = server.em().getConnection();
  for (;;) {
    const id = await server.services.jobs.send(queue, {});
    if (id) {
      await waitFor(`a run of ${queue}`, async () => {
        const rows = await connection.execute<{ state: string }[]>(`select state from pgboss.job where id = ?`, [id]);
        return rows[0]?.state === 'completed';
      });
      return;
    }
    await waitFor(`the run of ${queue} under way`, async () => {
      const rows = await connection.execute<{ state: string }[]>(
        `select state from pgboss.job where name = ? and state in ('created', 'active', 'retry')`,
        [queue],
      );
      return rows.length === 0;
    });
  }
}

/** Waits until no written consumer message waits to be sent. */
export async function waitForMessagesSent(server: TestServer): Promise<void> {
  await waitFor(
    'every message sent',
    async () => (await server.em().count(ConsumerMessage, { status: MessageStatus.QUEUED })) === 0,
  );
}

/**
 * Lets the consumer messages of the data arranged so far be written and sent: a test that compares the
 * database before and after a request must not see this background work in between.
 */
export async function settleConsumerMessages(server: TestServer): Promise<void> {
  await publishMessagesNow(server);
  await waitForMessagesSent(server);
}

/**
 * Lets the undo of every change made so far pass and runs the publication: the server's clock moves a minute on, far
 * past any undo the console offers, so a test need not wait for the job that plans after the undo.
 */
export async function passUndoAndPublish(server: TestServer): Promise<void> {
  const clock = server.services.clock;
  clock.travelTo(new Date(clock.now().getTime() + 60_000));
  await publishMessagesNow(server);
}

/** A test server whose mail goes to a local SMTP server and whose SMS to the Twilio stand-in. */
export interface MessagingServer {
  server: TestServer;
  smtp: LocalSmtp;
  twilio: TwilioStandIn;
  /** Stops the server, then both transports. */
  stop(): Promise<void>;
}

/**
 * Starts the two transports and a server sending through them, its job queue polling every 500 ms; `env` adds to or
 * overrides its settings, `smtpOptions` shape the mail server.
 */
export async function startMessagingServer(
  env: Record<string, string>,
  smtpOptions: LocalSmtpOptions = {},
): Promise<MessagingServer> {
  const smtp = await startLocalSmtp(0, smtpOptions);
  const twilio = await startTwilioStandIn();
  const closeTransports = async () => {
    await smtp.close();
    await twilio.close();
  };
  try {
    const server = await startTestServer({
      env: { SMTP_URL: smtp.url, ...twilioEnv(twilio), JOB_POLL_INTERVAL_MS: '500', ...env },
    });
    return {
      server,
      smtp,
      twilio,
      stop: async () => {
        await server.stop();
        await closeTransports();
      },
    };
  } catch (error) {
    await closeTransports();
    throw error;
  }
}
