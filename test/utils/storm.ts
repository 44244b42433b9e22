import { fork } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { getCACertificates } from 'node:tls';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { Clock } from '../../server/common/clock.js';
import { TokenService } from '../../server/common/auth/tokens.js';
import { loadConfig } from '../../server/config.js';
import { findFreePort } from '../../server/db/free-port.js';
import { cpuMillisecondsOf, cpuStallMicroseconds } from '../bench/utils/cpu.js';
import { inspectorPort, objectMemory } from '../bench/utils/inspector.js';
import { residentBytes } from '../bench/utils/memory.js';
import { startAppProcess, type AppProcess } from '../e2e/utils/app-process.js';
import { publicationAsker } from './consumer-messages.js';
import { startDeployedBalancer, type DeployedBalancer } from './haproxy.js';
import { openLiveStream, type LiveStream, type StreamEvent } from './live-stream.js';
import {
  startLocalSmtp,
  startTwilioStandIn,
  twilioEnv,
  type LocalSmtp,
  type TwilioStandIn,
} from './message-transports.js';
import { startPgBouncer, withDatabase, type Bouncer } from './pgbouncer.js';
import { createTestDatabase, type TestDatabase } from './test-database.js';

/**
 * The storm of 13:30 on a busy day, on the production topology (HAProxy, PgBouncer, three instances in processes
 * of their own as `npm start` runs them, one PostgreSQL): a visit day of `orders` is published while consumers keep
 * `pages` visit pages open over server-sent events, look up and open their personal links at a steady rate, reply by
 * SMS, an admin searches the order list and technicians tap their status. Optionally the instances are restarted one
 * by one in the middle. The benchmark (test/bench/storm.bench.ts) and the CI test (test/server/platform) run it.
 */
export interface StormSize {
  /** Orders of the visit day published. */
  orders: number;
  /** Visit pages kept open (one stream each), followed by their technicians' taps. */
  pages: number;
  /** Consumer lookups and personal-link opens offered per second. */
  lookupsPerSecond: number;
  /** Restart the instances one by one (SIGTERM, graceful) once the publication is under way. */
  rollingRestart: boolean;
  /** At most this long for the publication before the storm gives up and reports. */
  giveUpMs: number;
}

export interface StormReport {
  size: StormSize;
  /** From the orders' insert to the last message accepted by the transports. */
  publicationSeconds: number;
  mailsSent: number;
  smsSent: number;
  /** Orders of the day without exactly one mail and one SMS, in the database or at the receivers. */
  notExactlyOnce: { database: number; mailReceiver: number; smsReceiver: number };
  /** Timed from when each was due (open loop), by a process of their own. */
  lookups: { done: number; failed: number; p50Ms: number; p99Ms: number; perSecond: number };
  personalLinksOpened: number;
  replies: { sent: number; failed: number; stored: number };
  adminSearches: { done: number; failed: number; p99Ms: number };
  /** Per tap round: the slowest tap until every page of its order had it. */
  tapRounds: { label: string; slowestSeconds: number; pagesMissing: number }[];
  /** Streams the server ended outside a restart. */
  streamsLost: number;
  /** Opens of a page refused before the storm (the page tried again, as the browser's does). */
  openRefusals: number;
  /** Streams ended by the restart, and of those the pages that read their state anew and subscribed again. */
  streamsEndedByRestart: number;
  pagesReconnected: number;
  /** Pages whose state after the restart is not the last one tapped (missed state not read anew). */
  pagesStale: number;
  pagesOpenAtEnd: number;
  instances: { name: string; peakRssMb: number; cpuPercent: number }[];
  /**
   * What the open pages hold in the instances, per page: heap objects (compiled code aside) and the buffers they own,
   * after a full garbage collection (read through each instance's inspector), over the idle instances. The resident growth, uncollected,
   * beside it: at a small scale it is mostly when each instance last collected.
   */
  memoryPerPageKb: number;
  residentPerPageKb: number;
  /** Most PostgreSQL connections of the pool (through PgBouncer) seen at once, and PgBouncer's pool. */
  pgConnectionsPeak: number;
  pgPoolSize: number;
  loadBefore: number;
  loadAfter: number;
  /**
   * Per 5 s of the lookups (their windows), the share of the time some task waited for a core (Linux PSI; empty
   * where the kernel does not keep it): where a lookup window is slow, whether the host's cores were the wait.
   */
  cpuPressureWindows: number[];
  /** Lookups, searches and replies that failed, by the answer they got. */
  refused: Record<string, number>;
  failures: string[];
}

const INSTANCES = 3;
/**
 * The minute the publication's messages are spread over (MAIL_SEND_RATE and SMS_SEND_RATE of each instance), within
 * the three it may take: at full speed it would take every core of a small host from the consumers looking meanwhile.
 */
const PUBLICATION_SPREAD_SECONDS = 60;
/** Pages following one visit (LIVE_MAX_STREAMS_PER_ORDER allows 50). */
const PAGES_PER_ORDER = 10;
/** The stretch the lookups' figures are given for (storm-lookups.mjs's `windowSeconds`). */
const LOOKUP_WINDOW_MS = 5_000;
/** Seconds the lookups run at their rate before they are measured and the publication is asked for. */
const LOOKUP_WARM_UP_SECONDS = 5;
/** Wednesday 25 November 2026, 13:31: Thursday's windows were published a minute ago. */
const STORM_NOW = new Date('2026-11-25T13:31:00+01:00');
const JWT_SECRET = 'one-secret-for-every-instance-of-the-storm';
/** The address Twilio is configured to call (the balancer's public one), which it signs. */
const WEBHOOK_URL = 'https://tijdvak.example/sms/inbound';
/** deploy/pgbouncer.ini: default_pool_size + reserve_pool_size for the application's database and user. */
const PGBOUNCER_POOL = 25;
const ADMIN_SEARCH_EVERY_MS = 500;
const REPLY_EVERY_MS = 250;

const FOLLOW = `subscription StormFollow { visitProgressChanged { referenceNumber stage } }`;
const READ_STATE = `query StormState { consumerVisits { progress { stage } } }`;
const TAP = `mutation StormTap($input: SetVisitStatusInput!) { setVisitStatus(input: $input) { id } }`;
const UNDO = `mutation StormUndo($input: UndoVisitStatusInput!) { undoVisitStatus(input: $input) { id } }`;
const SEARCH = `query StormSearch($filter: OrderFilterInput) { orders(filter: $filter, first: 20) { totalCount } }`;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const percentile = (values: number[], p: number) => {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
};

async function waitFor(what: string, condition: () => boolean | Promise<boolean>, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await sleep(50);
  }
}

interface GraphQLAnswer {
  data?: Record<string, unknown> | null;
  errors?: { message: string; extensions?: { code?: string } }[];
}

async function graphql(url: string, query: string, variables: object, token?: string): Promise<GraphQLAnswer> {
  const response = await fetch(`${url}/graphql`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: JSON.stringify({ query, variables }),
  });
  const text = await response.text();
  if (response.status !== 200) throw new Error(`HTTP ${response.status}`);
  const body = JSON.parse(text) as GraphQLAnswer;
  if (body.errors) throw new Error(body.errors.map((error) => error.extensions?.code ?? error.message).join(', '));
  return body;
}

/** A consumer's visit page: its stream, and the state it shows, read anew whenever its stream ended. */
class Page {
  stream: LiveStream | undefined;
  /** The stage the page shows now. */
  shown: string | null = null;
  /** Each stage the page was told, with when (performance.now()). */
  readonly told: { stage: string; at: number }[] = [];
  /** Events since the stream was last opened (a read must not overwrite a newer event). */
  eventsSinceOpen = 0;
  reconnects = 0;
  closing = false;
  reconnecting: Promise<void> | undefined;

  constructor(
    readonly orderId: number,
    readonly referenceNumber: string,
    readonly token: string,
  ) {}

  show(stage: string) {
    this.shown = stage;
    this.told.push({ stage, at: performance.now() });
  }

  /** When the page was first told `stage` at or after `since`. */
  toldAt(stage: string, since: number): number | undefined {
    return this.told.find((entry) => entry.stage === stage && entry.at >= since)?.at;
  }

  onEvent = (event: StreamEvent) => {
    const progress = event.data?.data?.visitProgressChanged as { referenceNumber: string; stage: string } | undefined;
    if (event.event !== 'next' || progress?.referenceNumber !== this.referenceNumber) return;
    this.eventsSinceOpen++;
    this.show(progress.stage);
  };
}

/** The technicians' taps, one round each (a warm-up, then up to four): steps forward, one undone as a mis-tap. */
const TAPS = [
  { stage: 'ON_THE_WAY', mutation: 'setVisitStatus' },
  { stage: 'ARRIVED', mutation: 'setVisitStatus' },
  { stage: 'ON_THE_WAY', mutation: 'undoVisitStatus' },
  { stage: 'ARRIVED', mutation: 'setVisitStatus' },
  { stage: 'FINISHED', mutation: 'setVisitStatus' },
] as const;

export interface StormOptions {
  /** Called with a line of progress now and then (the benchmark prints them). */
  log?: (line: string) => void;
}

export interface Storm {
  /** Runs the storm and reports what it measured (failures included); throws only when it cannot go on. */
  run(): Promise<StormReport>;
  /** Stops every process of the topology (also after a run cut short) and drops the database. */
  stop(): Promise<void>;
}

/** Starts the topology of the storm of `size`: HAProxy, PgBouncer, three instances, smtp-server, the SMS stand-in. */
export async function startStorm(size: StormSize, options: StormOptions = {}): Promise<Storm> {
  const log = options.log ?? (() => undefined);
  const failures: string[] = [];
  /** Refused consumer and office requests by what refused them: reported, not failures (speed is the benchmark's). */
  const refused = new Map<string, number>();
  const tally = (what: string) => refused.set(what, (refused.get(what) ?? 0) + 1);
  const fail = (what: string) => {
    if (failures.length < 50) failures.push(what);
  };
  const database: TestDatabase = await createTestDatabase();
  const started = Date.now();
  const clockNow = () => new Date(STORM_NOW.getTime() + (Date.now() - started));
  let bouncer: Bouncer | undefined;
  /** 13:30's minute asking for the publication, opened with the rest of the set-up. */
  let publication: Awaited<ReturnType<typeof publicationAsker>> | undefined;
  let smtp: LocalSmtp | undefined;
  let twilio: TwilioStandIn | undefined;
  let balancer: DeployedBalancer | undefined;
  const instances: (AppProcess | undefined)[] = [];
  const dataDirs: string[] = [];
  const direct = new pg.Client({ connectionString: database.url, application_name: 'storm-check' });
  const pages: Page[] = [];
  const serverStatus = async (name: string) =>
    (await balancer!.servers()).find((server) => server.name === name)?.status;
  let startInstance = async (_index: number): Promise<void> => undefined;
  const inspectors: Awaited<ReturnType<typeof inspectorPort>>[] = [];
  /** The objects and buffers every instance holds after a full collection, in bytes (objectMemory). */
  const heldMemoryOfInstances = async () => {
    let held = 0;
    for (const at of inspectors) {
      const inspector = await at.connect();
      try {
        const memory = await inspector.heldMemory();
        held += objectMemory(memory);
      } finally {
        inspector.close();
      }
    }
    return held;
  };
  /** The lookups' process while it runs: a run cut short must not leave it running. */
  let lookupProcess: { kill(): void } | undefined;
  const stop = async () => {
    lookupProcess?.kill();
    for (const page of pages) {
      page.closing = true;
      page.stream?.close();
    }
    await direct.end().catch(() => undefined);
    await balancer?.stop();
    for (const instance of instances) await instance?.stop();
    for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true });
    await bouncer?.stop();
    await smtp?.close();
    await twilio?.close();
    await publication?.close();
    await database.drop();
  };
  try {
    bouncer = await startPgBouncer(database.url);
    smtp = await startLocalSmtp(0, { countOnly: true });
    twilio = await startTwilioStandIn();
    const ports = await Promise.all(Array.from({ length: INSTANCES }, () => findFreePort()));
    // Each instance's share of the publication's pace, per channel (10 a second is the lowest the server takes).
    const sendRate = String(Math.max(10, Math.ceil(size.orders / PUBLICATION_SPREAD_SECONDS / INSTANCES)));
    const envOf = (index: number): Record<string, string> => ({
      CLOCK_NOW: clockNow().toISOString(),
      // The ORM's pool and the job queue go through PgBouncer; only LISTEN connects directly.
      DATABASE_URL: withDatabase(bouncer!.url, database.name),
      DATABASE_LISTEN_URL: database.url,
      JWT_SECRET,
      TRUST_PROXY: '1',
      APP_URL: `http://127.0.0.1:${ports[index]}`,
      SHUTDOWN_DRAIN_MS: '3000',
      SMTP_URL: smtp!.url,
      ...twilioEnv(twilio!),
      TWILIO_WEBHOOK_URL: WEBHOOK_URL,
      JOB_POLL_INTERVAL_MS: '500',
      MAIL_SEND_RATE: sendRate,
      SMS_SEND_RATE: sendRate,
      // Every consumer comes from this one loopback address.
      RATE_LIMIT_LOOKUP_PER_CLIENT: '100000000/900',
      RATE_LIMIT_LOOKUP_PER_ADDRESS: '100000000/900',
      RATE_LIMIT_PERSONAL_LINK_PER_CLIENT: '100000000/900',
      // After a restart one instance may hold every page for a moment.
      LIVE_MAX_STREAMS: String(size.pages + 1000),
      LOG_LEVEL: 'warn',
    });
    startInstance = async (index: number) => {
      dataDirs[index] ??= mkdtempSync(join(tmpdir(), 'tijdvak-storm-'));
      // On loopback only: what the pages hold is read after a full collection (heldMemoryOfInstances).
      inspectors[index] = await inspectorPort();
      instances[index] = await startAppProcess(envOf(index), {
        database,
        dataDir: dataDirs[index],
        port: ports[index],
        nodeOptions: [inspectors[index].nodeOption],
      });
    };
    // The first runs the migrations check alone; the others start side by side.
    await startInstance(0);
    await Promise.all(Array.from({ length: INSTANCES - 1 }, (_, index) => startInstance(index + 1)));
    log('instances started');
    balancer = await startDeployedBalancer(ports.map((port) => `127.0.0.1:${port}`));
    for (let index = 0; index < INSTANCES; index++) {
      await waitFor(`app${index + 1} up`, async () => (await serverStatus(`app${index + 1}`)) === 'UP', 20_000);
    }
    await direct.connect();
    publication = await publicationAsker(database.url);
  } catch (error) {
    await stop();
    throw error;
  }
  const url = balancer.url;
  const run = async (): Promise<StormReport> => {
    // Today's visits the pages follow, each with its own technician (one visit on the way at a time).
    const followed = Math.max(1, Math.ceil(size.pages / PAGES_PER_ORDER));
    await direct.query(
      `insert into technicians (firstname, lastname, email, personal_number)
         select 'Monteur' || g, 'Storm', 'monteur' || g || '@storm.test', 'STORM-T' || g from generate_series(1, $1::int) g`,
      [followed],
    );
    const { rows: tapOrders } = await direct.query<{ id: number; technician_id: number; reference_number: string }>(
      `insert into orders (reference_number, name, email, phone, phone_normalized, zipcode, house_number, city, country,
                             appointment, duration, technician_id, created_at, updated_at)
         select 'TAP-' || g, 'Volger ' || g, 'volger' || g || '@tap.test', '06 ' || (20000000 + g), '316' || (20000000 + g),
                '9999ZZ', g, 'Utrecht', 'NL', timestamptz '2026-11-25 15:00:00+01', 10800, t.id, now(), now()
           from generate_series(1, $1::int) g join technicians t on t.personal_number = 'STORM-T' || g
         returning id, technician_id, reference_number`,
      [followed],
    );
    const { rows: admins } = await direct.query<{ id: number }>(
      `insert into admins (firstname, lastname, email) values ('Storm', 'Office', 'office@storm.test') returning id`,
    );
    // Tokens as the servers sign them (the same secret): a page's data token, the technicians', the office's.
    const config = loadConfig({ NODE_ENV: 'test', DATABASE_URL: database.url, JWT_SECRET });
    const tokens = new TokenService(JWT_SECRET, new Clock(clockNow(), true), config.tokenTtlSeconds);
    const adminToken = tokens.signAdmin({ id: admins[0].id, tokenVersion: 0 });
    const technicianTokens = new Map(
      tapOrders.map((order) => [
        order.id,
        tokens.signTechnician({ id: order.technician_id, firstname: 'Monteur', tokenVersion: 0 }),
      ]),
    );
    for (let index = 0; index < size.pages; index++) {
      const order = tapOrders[index % followed];
      pages.push(
        new Page(order.id, order.reference_number, tokens.signConsumer([order.id], { state: false, company: 0 })),
      );
    }

    let restarting = false;
    let streamsLost = 0;
    let endedByRestart = 0;
    const open = async (page: Page) => {
      const stream = await openLiveStream(url, FOLLOW, { token: page.token, onEvent: page.onEvent });
      if (stream.status !== 200) throw new Error(`stream refused: ${stream.status} ${JSON.stringify(stream.refusal)}`);
      page.stream = stream;
      page.eventsSinceOpen = 0;
      void stream.ended.then(() => {
        if (page.closing || page.stream !== stream) return;
        if (restarting) endedByRestart++;
        else {
          streamsLost++;
          fail(`stream of order ${page.orderId} ended outside a restart`);
        }
        page.reconnecting = reconnect(page);
      });
    };
    // What the consumer's page does when its stream ends: subscribe again, then read the state it may have missed.
    let openRefusals = 0;
    const reconnect = async (page: Page, first = false) => {
      for (let attempt = 1; !page.closing; attempt++) {
        try {
          await open(page);
          if (first) return;
          const body = await graphql(url, READ_STATE, {}, page.token);
          const visits = body.data?.consumerVisits as { progress: { stage: string } }[];
          if (page.eventsSinceOpen === 0) page.show(visits[0].progress.stage);
          page.reconnects++;
          return;
        } catch (error) {
          // An instance stopping refuses new streams for a moment: the page tries again, as the browser's does.
          if (first) openRefusals++;
          if (attempt >= 50) {
            fail(`page of order ${page.orderId} did not reconnect: ${String(error)}`);
            return;
          }
          await sleep(200);
        }
      }
    };
    const openAll = async () => {
      for (let first = 0; first < pages.length; first += 100) {
        await Promise.all(pages.slice(first, first + 100).map((page) => reconnect(page, true)));
      }
    };
    // A tap round: each technician takes the next step; measured until every page was told it.
    let round = 0;
    const tapRound = async (label: string, measure: boolean) => {
      const tap = TAPS[round++];
      const roundStarted = performance.now();
      const tappedAt = new Map<number, number>();
      let slowestRequest = 0;
      let next = 0;
      await Promise.all(
        Array.from({ length: Math.min(8, tapOrders.length) }, async () => {
          while (next < tapOrders.length) {
            const order = tapOrders[next++];
            tappedAt.set(order.id, performance.now());
            const input: Record<string, unknown> = { orderId: order.id, requestId: randomUUID() };
            if (tap.mutation === 'setVisitStatus') {
              input.stage = tap.stage;
              if (tap.stage === 'ON_THE_WAY') input.expectedArrival = new Date(clockNow().getTime() + 3_600_000);
              if (tap.stage === 'FINISHED') input.outcome = 'REPAIRED';
            }
            try {
              await graphql(
                url,
                tap.mutation === 'setVisitStatus' ? TAP : UNDO,
                { input },
                technicianTokens.get(order.id),
              );
              slowestRequest = Math.max(slowestRequest, performance.now() - tappedAt.get(order.id)!);
            } catch (error) {
              fail(`tap ${label} of order ${order.id}: ${String(error)}`);
            }
          }
        }),
      );
      if (!measure) return { label, stage: tap.stage, slowestSeconds: Number.NaN, slowestRequest, pagesMissing: 0 };
      const has = (page: Page) => page.toldAt(tap.stage, roundStarted) !== undefined;
      await waitFor(`every page's tap (${label})`, () => pages.every(has), 30_000).catch(() => undefined);
      let slowest = 0;
      for (const page of pages) {
        const at = page.toldAt(tap.stage, roundStarted);
        if (at !== undefined) slowest = Math.max(slowest, at - tappedAt.get(page.orderId)!);
      }
      const missing = pages.filter((page) => !has(page)).length;
      if (missing > 0) fail(`${missing} pages were not told the tap (${label})`);
      return { label, stage: tap.stage, slowestSeconds: slowest / 1000, slowestRequest, pagesMissing: missing };
    };
    // The instances idle, then with every page open. Every page is opened, told a tap and closed once first: what an
    // instance allocates at its first streams and taps (compiled code, caches, its pool's connections) is then in
    // the idle figure, not counted against the pages.
    await openAll();
    log(`warm-up tap round: ${JSON.stringify(await tapRound('warm-up', false))}`);
    for (const page of pages) {
      page.closing = true;
      page.stream?.close();
    }
    await Promise.all(pages.map((page) => page.stream?.ended ?? Promise.resolve()));
    for (const page of pages) {
      page.closing = false;
      page.stream = undefined;
    }
    openRefusals = 0;
    // Idle once HAProxy has closed the pages' connections it kept for reuse (an instance holds each one's socket and
    // buffers); read while some were still open, the idle figure took their memory from the pages' own.
    await waitFor(
      'the pages connections closed',
      async () => (await balancer.servers()).every((server) => server.connections === 0),
      60_000,
    ).catch(() => fail('HAProxy kept connections to the instances a minute after every page closed'));
    log('every page connection closed');
    const idleRss = instances.map((instance) => residentBytes(instance!.pid));
    const idleHeld = await heldMemoryOfInstances();

    log('opening pages');
    const pagesOpened = performance.now();
    await openAll();
    log(
      `${pages.length} pages open in ${((performance.now() - pagesOpened) / 1000).toFixed(1)} s, ${openRefusals} refusals`,
    );

    const tapRounds: StormReport['tapRounds'] = [];
    // The first round proves every subscription is filed; the memory the open pages hold is read after it.
    log(`first tap round: ${JSON.stringify(await tapRound('before the storm', true))}`);
    const openRss = instances.map((instance) => residentBytes(instance!.pid));
    const openHeld = await heldMemoryOfInstances();
    const perPageKb = (bytes: number) => bytes / size.pages / 1024;
    const sum = (values: number[]) => values.reduce((a, b) => a + b, 0);
    const memoryPerPageKb = perPageKb(openHeld - idleHeld);
    const residentPerPageKb = perPageKb(sum(openRss) - sum(idleRss));
    log(`memory per page ${memoryPerPageKb.toFixed(1)} KB held, ${residentPerPageKb.toFixed(1)} KB resident`);

    // Sampling: each instance's memory, PostgreSQL's connections of the pool.
    const peakRss = openRss.slice();
    const cpuUsed = instances.map(() => 0);
    const cpuFrom = instances.map((instance) => cpuMillisecondsOf(instance!.pid));
    let pgPeak = 0;
    // The host's CPU pressure at the lookups' start and at the end of each of their windows.
    let lookupsStarted = 0;
    const stallAtWindow: { at: number; stall: number }[] = [];
    let sampling = true;
    const sampler = (async () => {
      while (sampling) {
        instances.forEach((instance, index) => {
          if (instance?.alive()) peakRss[index] = Math.max(peakRss[index], residentBytes(instance.pid));
        });
        const { rows } = await direct.query<{ n: string }>(
          `select count(*) as n from pg_stat_activity
              where datname = $1 and backend_type = 'client backend'
                and application_name not like 'storm-%' and query not ilike 'listen %'`,
          [database.name],
        );
        pgPeak = Math.max(pgPeak, Number(rows[0].n));
        const stall = cpuStallMicroseconds();
        if (stall !== null && stallAtWindow.length > 0) {
          const at = performance.now();
          if (Math.floor((at - lookupsStarted) / LOOKUP_WINDOW_MS) >= stallAtWindow.length) {
            stallAtWindow.push({ at, stall });
          }
        }
        await sleep(250);
      }
    })();
    const loadBefore = loadavg()[0];

    // The day's orders are in and consumers look up at the steady rate: first unmeasured, as at 13:30 they have been
    // looking up all day (a fresh process on fresh connections, and code none of them ran yet, start cold); as the
    // first measured lookup is due, 13:30's minute asks for the publication.
    const stormStarted = performance.now();
    const publicationDay = `timestamptz '2026-11-26 07:00:00+01'`;
    await direct.query(
      `insert into orders (reference_number, name, email, phone, phone_normalized, zipcode, house_number, city, country,
                             appointment, duration, created_at, updated_at)
         select 'STORM-' || g, 'Klant ' || g, 'klant' || g || '@storm.test', '06 ' || (10000000 + g), '316' || (10000000 + g),
                (1000 + g / 100) || 'AB', g % 100 + 1, 'Utrecht', 'NL'::country,
                ${publicationDay} + (g % 10) * interval '1 hour', 10800, now(), now()
           from generate_series(1, $1::int) as g`,
      [size.orders],
    );
    log(`${size.orders} orders inserted`);

    // The load: lookups and personal links at a steady rate, replies, the office's searches.
    let loading = true;
    let measuring: () => void = () => undefined;
    const measured = new Promise<void>((resolve) => (measuring = resolve));
    const lookups = startLookups(url, size, twilio, () => {
      lookupsStarted = performance.now();
      const stall = cpuStallMicroseconds();
      if (stall !== null) stallAtWindow.push({ at: lookupsStarted, stall });
      measuring();
    });
    lookupProcess = lookups;
    // The office searches and consumers reply all day: they run before the measured stretch as the lookups do.
    const searchTimes: number[] = [];
    let searchesFailed = 0;
    const searches = (async () => {
      for (let n = 0; loading; n++) {
        const begun = performance.now();
        try {
          await graphql(url, SEARCH, { filter: { search: `Klant ${n + 1}` } }, adminToken);
          searchTimes.push(performance.now() - begun);
        } catch (error) {
          searchesFailed++;
          tally(`admin search: ${(error as Error).message}`);
        }
        await sleep(ADMIN_SEARCH_EVERY_MS);
      }
    })();
    let repliesSent = 0;
    let repliesFailed = 0;
    const replies = (async () => {
      for (let n = 0; loading; n++) {
        const g = (n % size.orders) + 1;
        try {
          const answer = await twilio.sendInbound({
            url: `${url}/sms/inbound`,
            signedUrl: WEBHOOK_URL,
            from: `+316${10000000 + g}`,
            body: 'Ok, bedankt',
          });
          if (answer.status !== 200) throw new Error(`HTTP ${answer.status}`);
          repliesSent++;
        } catch (error) {
          repliesFailed++;
          tally(`reply: ${(error as Error).message}`);
        }
        await sleep(REPLY_EVERY_MS);
      }
    })();
    // Bounded: a lookups' process that ended before measuring is reported by its figures.
    let warmUpOver: NodeJS.Timeout | undefined;
    await Promise.race([
      measured,
      new Promise((resolve) => (warmUpOver = setTimeout(resolve, LOOKUP_WARM_UP_SECONDS * 1000 + 30_000))),
    ]);
    clearTimeout(warmUpOver);
    const publicationAsked = performance.now();
    await publication.ask();
    log('publication asked');

    // The storm's own taps and the restart, while the publication runs.
    const mailsOf = () => {
      let count = 0;
      for (const [address, times] of smtp.recipients()) if (address.endsWith('@storm.test')) count += times;
      return count;
    };
    const smsOf = () => twilio.messages.filter((sms) => sms.to.startsWith('+3161')).length;
    const published = () => mailsOf() >= size.orders && smsOf() >= size.orders;
    const publicationDone = waitFor('the publication', published, size.giveUpMs).then(
      () => (performance.now() - publicationAsked) / 1000,
      () => Number.NaN,
    );
    await waitFor('the first messages', () => mailsOf() > 0 || published(), size.giveUpMs).catch(() => undefined);
    log(`first messages: ${mailsOf()} mails`);
    tapRounds.push(await tapRound('during the publication', true));
    log(`tap during the publication: ${JSON.stringify(tapRounds.at(-1))}`);
    let lastTap = '';
    if (size.rollingRestart) {
      restarting = true;
      for (let index = 0; index < INSTANCES; index++) {
        const name = `app${index + 1}`;
        log(`restarting ${name}`);
        cpuUsed[index] += cpuMillisecondsOf(instances[index]!.pid) - cpuFrom[index];
        const stopping = instances[index]!.stop();
        await waitFor(`${name} down`, async () => (await serverStatus(name)) !== 'UP', 20_000);
        await stopping;
        log(`${name} stopped`);
        await startInstance(index);
        log(`${name} started`);
        cpuFrom[index] = cpuMillisecondsOf(instances[index]!.pid);
        await waitFor(`${name} up`, async () => (await serverStatus(name)) === 'UP', 30_000);
        // A tap while some pages are between streams: they must read it anew.
        if (index === 0) lastTap = (await tapRound('during the restart', false)).stage;
      }
      await Promise.all(pages.flatMap((page) => (page.reconnecting ? [page.reconnecting] : [])));
      log(`restart done; ${pages.filter((page) => page.reconnects > 0).length} pages reconnected`);
      restarting = false;
    }
    const pagesStale = lastTap ? pages.filter((page) => page.shown !== lastTap).length : 0;
    if (pagesStale > 0) fail(`${pagesStale} pages do not show the tap made during the restart`);
    tapRounds.push(await tapRound(size.rollingRestart ? 'after the restart' : 'later in the storm', true));

    const publicationSeconds = await publicationDone;
    log(`publication ${publicationSeconds.toFixed(1)} s`);
    loading = false;
    const [lookedUp] = await Promise.all([lookups.stop(), searches, replies]);
    for (const [what, count] of Object.entries(lookedUp.refused)) refused.set(`lookup: ${what}`, count);
    if (lookedUp.errors > 0) refused.set('lookup: no answer', lookedUp.errors);
    const cpuPressureWindows = stallAtWindow
      .slice(1)
      .map(({ at, stall }, index) => (stall - stallAtWindow[index].stall) / 1000 / (at - stallAtWindow[index].at));
    log(
      `lookup p50/p99 per 5 s: ${lookedUp.windows.map((window) => `${window.p50.toFixed(0)}/${window.p99.toFixed(0)}`).join(' ')} ms; CPU pressure ${cpuPressureWindows.map((share) => share.toFixed(2)).join(' ')}`,
    );
    sampling = false;
    await sampler;
    const loadAfter = loadavg()[0];
    const elapsedMs = performance.now() - stormStarted;
    instances.forEach((instance, index) => (cpuUsed[index] += cpuMillisecondsOf(instance!.pid) - cpuFrom[index]));

    // Exactly once: in the database, and at the receivers, per order of the day.
    await waitFor(
      'no message waiting',
      async () =>
        Number(
          (
            await direct.query<{ n: string }>(
              `select count(*) as n from consumer_messages where status not in ('SENT', 'FAILED')`,
            )
          ).rows[0].n,
        ) === 0,
      60_000,
    ).catch(() => fail('messages still waiting after the publication'));
    const { rows: perOrder } = await direct.query<{ n: string }>(
      `select count(*) as n from (
           select o.id from orders o left join consumer_messages m on m.order_id = o.id and m.status = 'SENT'
            where o.reference_number like 'STORM-%'
            group by o.id
           having count(*) filter (where m.channel = 'EMAIL') <> 1 or count(*) filter (where m.channel = 'SMS') <> 1) odd`,
    );
    let mailOdd = 0;
    let smsOdd = 0;
    const smsCount = new Map<string, number>();
    for (const sms of twilio.messages) smsCount.set(sms.to, (smsCount.get(sms.to) ?? 0) + 1);
    for (let g = 1; g <= size.orders; g++) {
      if (smtp.recipients().get(`klant${g}@storm.test`) !== 1) mailOdd++;
      if (smsCount.get(`+316${10000000 + g}`) !== 1) smsOdd++;
    }
    const { rows: stored } = await direct.query<{ n: string }>(
      `select count(*) as n from inbound_sms where received_at is not null`,
    );

    return {
      size,
      publicationSeconds,
      mailsSent: mailsOf(),
      smsSent: smsOf(),
      notExactlyOnce: { database: Number(perOrder[0].n), mailReceiver: mailOdd, smsReceiver: smsOdd },
      lookups: {
        done: lookedUp.total,
        failed: lookedUp.non2xx + lookedUp.errorAnswers + lookedUp.errors,
        p50Ms: lookedUp.p50,
        p99Ms: lookedUp.p99,
        perSecond: lookedUp.requestsPerSecond,
      },
      personalLinksOpened: lookedUp.linksOpened,
      replies: { sent: repliesSent, failed: repliesFailed, stored: Number(stored[0].n) },
      adminSearches: { done: searchTimes.length, failed: searchesFailed, p99Ms: percentile(searchTimes, 99) },
      tapRounds: tapRounds.map(({ label, slowestSeconds, pagesMissing }) => ({ label, slowestSeconds, pagesMissing })),
      streamsLost,
      openRefusals,
      streamsEndedByRestart: endedByRestart,
      pagesReconnected: pages.filter((page) => page.reconnects > 0).length,
      pagesStale,
      pagesOpenAtEnd: pages.filter((page) => page.stream && page.stream.status === 200).length,
      instances: instances.map((_, index) => ({
        name: `app${index + 1}`,
        peakRssMb: peakRss[index] / 1024 / 1024,
        cpuPercent: (cpuUsed[index] / elapsedMs) * 100,
      })),
      memoryPerPageKb,
      residentPerPageKb,
      pgConnectionsPeak: pgPeak,
      pgPoolSize: PGBOUNCER_POOL,
      loadBefore,
      loadAfter,
      cpuPressureWindows,
      refused: Object.fromEntries(refused),
      failures,
    };
  };
  return { run, stop };
}

interface LookupFigures {
  total: number;
  windows: { p50: number; p99: number; total: number }[];
  p50: number;
  p99: number;
  requestsPerSecond: number;
  non2xx: number;
  errorAnswers: number;
  errors: number;
  refused: Record<string, number>;
  linksOpened: number;
}

/**
 * The consumers' lookups and personal-link opens, from a process of their own (test/bench/utils/storm-lookups.mjs
 * says why), told the links of the SMS as they arrive. `stop()` resolves with the figures once the requests due by
 * then are answered.
 */
function startLookups(url: string, size: StormSize, twilio: TwilioStandIn, measuring: () => void) {
  const child = fork(fileURLToPath(new URL('../bench/utils/storm-lookups.mjs', import.meta.url)), [], {
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const result = new Promise<LookupFigures>((resolve, reject) => {
    child.on('message', (message: 'measuring' | { result?: LookupFigures }) => {
      if (message === 'measuring') measuring();
      else if (message.result) resolve(message.result);
    });
    child.once('error', reject);
    child.once('exit', (code) => reject(new Error(`the lookups' process ended (${code}) without its figures`)));
  });
  // Awaited by `stop()`; a run cut short kills the process and never asks.
  result.catch(() => undefined);
  // Longer than the storm can last: the run ends when told.
  const durationSeconds = Math.ceil((size.giveUpMs + 300_000) / 1000);
  // The balancer's certificate is among those this process trusts.
  const ca = getCACertificates('default');
  child.send({
    start: {
      url,
      rate: size.lookupsPerSecond,
      orders: size.orders,
      durationSeconds,
      warmUpSeconds: LOOKUP_WARM_UP_SECONDS,
      ca,
    },
  });
  let linksTold = 0;
  const tellLinks = setInterval(() => {
    const links: string[] = [];
    for (; linksTold < twilio.messages.length; linksTold++) {
      const link = /\/v\/([\w-]+)/.exec(twilio.messages[linksTold].body);
      if (link) links.push(link[1]);
    }
    if (links.length > 0) child.send({ links });
  }, 250);
  return {
    stop: async () => {
      clearInterval(tellLinks);
      child.send({ stop: true });
      return result;
    },
    kill: () => {
      clearInterval(tellLinks);
      child.kill();
    },
  };
}
