import 'reflect-metadata';
import { PlainStatements } from './common/db/plain-statements.js';
import { createServer, type Server } from 'node:http';
import { join } from 'node:path';
import type { MikroORM } from '@mikro-orm/postgresql';
import type { Logger } from 'pino';
import { ensureActiveAdmin } from './admins/admin-bootstrap.js';
import { composeApp } from './app.js';
import { closeHttpServer } from './common/http/close-http-server.js';
import { expressShapedMessages } from './common/http/request-router.js';
import { buildAppSchema } from './schema.js';
import type { AppConfig } from './config.js';
import { Country } from './common/locale.js';
import { TokenService } from './common/auth/tokens.js';
import { Clock } from './common/clock.js';
import { ChangeListener } from './common/events/change-listener.js';
import { BACKGROUND_HEADROOM, LoopHeadroom } from './common/loop-headroom.js';
import { JobQueue } from './common/jobs/job-queue.js';
import { ListQueryGate } from './common/db/list-query-gate.js';
import { SiteVisitRecorder } from './consumers/site-visit-recorder.js';
import { LookupStatements } from './consumers/repository/lookup-statements.js';
import { registerUnsubscribeKey } from './consumer-links/unsubscribes.js';
import { HolidayCalendar } from './holidays/holiday-calendar.js';
import { VisitFeed } from './live/visit-feed.js';
import { RateLimiter } from './common/rate-limit/rate-limiter.js';
import { StreamSlots } from './common/stream-slots.js';
import type { AppServices } from './context.js';
import type { EmbeddedDatabase } from './db/embedded-postgres.js';
import { migrate, openOrm, openPoolConnections, pendingMigrationNames, prepareOpenConnections } from './db/orm.js';
import { seedDemoData, type DemoLogins } from './db/seed/demo-data.js';
import { createMailer } from './common/mail/mailer.js';
import { AppMetrics } from './common/metrics/app-metrics.js';
import type { Lifecycle } from './system/health.js';
import { startMetricsListener, type MetricsListener } from './system/metrics-listener.js';
import { createFileStorage } from './common/files/create-file-storage.js';
import type { FileStorage } from './common/files/file-storage.js';
import { personalLinkUrls } from './consumer-links/index.js';
import { SESSION_STATEMENT_SAMPLE } from './accounts/index.js';
import { defineScheduledWork } from './system/scheduled-work.js';
import { loadSharp, PHOTO_TARGET_SAMPLE } from './visit-records/index.js';
import { webhookBacklog } from './webhooks/index.js';

export interface RunningServer {
  url: string;
  port: number;
  services: AppServices;
  httpServer: Server;
  /** The METRICS_PORT listener's address, when the operator set one. */
  metricsUrl: string | undefined;
  demoLogins: DemoLogins | null;
  /** Stops accepting, lets in-flight requests finish, closes the ORM and the embedded database. */
  stop(): Promise<void>;
}

export interface StartOptions {
  logger?: Logger;
  /** Tests count SQL statements with this. */
  onQuery?: (sql: string) => void;
}

/** What `npm start` prints on a first start with demo data: where to sign in, and as whom. */
export function printDemoLogins(logins: DemoLogins, url: string, outboxDir: string): void {
  const lines = [
    '',
    `Tijdvak demo data is ready at ${url}`,
    `  Admin:       ${url}/admin/login  ${logins.admin.email} / ${logins.admin.password}`,
    ...logins.technicians.map(
      (technician) =>
        `  Technician:  ${url}/technician/login  ${technician.email} / ${technician.password}  (${technician.country})`,
    ),
    ...logins.lookups.map((lookup) =>
      lookup.country === Country.NL
        ? `  Consumer NL: ${url}/  postcode ${lookup.zipcode}, house number ${lookup.houseNumber}  (visit ${lookup.date})`
        : `  Consumer BE: ${url}/?country=BE&lang=fr  phone ${lookup.phone}  (visit ${lookup.date})`,
    ),
    ...(logins.workReportPath
      ? [
          `  Work report: ${url}${logins.workReportPath}  (${logins.workReport.referenceNumber}; its follow-up is Jan's last visit today)`,
        ]
      : []),
    `  Webhooks:    ${url}/admin/applications  (the demo application's delivery log; it sends nowhere)`,
    `  Messages:    consumers of the visits shown now are mailed and texted at once: ${outboxDir} (*.eml) and ${join(outboxDir, 'sms')} (*.json)`,
    '',
  ];
  process.stdout.write(`${lines.join('\n')}\n`);
}

async function prepareDatabase(
  orm: MikroORM,
  config: AppConfig,
  clock: Clock,
  logger: Logger,
  files: FileStorage,
): Promise<DemoLogins | null> {
  if (config.migrateAtStart) {
    const applied = await migrate(orm);
    if (applied.length > 0) logger.info({ applied }, 'migrations applied');
  } else {
    // Migrations are the operator's own step: an instance never serves a schema older than its code.
    const pending = await pendingMigrationNames(orm);
    if (pending.length > 0) {
      throw new Error(
        `The database lacks ${pending.length} migration(s) (${pending.join(', ')}) and MIGRATE_AT_START=false: run \`npm run migrate\` first`,
      );
    }
  }
  const em = orm.em.fork();
  if (config.adminEmail && config.adminPassword) {
    const outcome = await ensureActiveAdmin(em, { email: config.adminEmail, password: config.adminPassword });
    logger.info({ email: config.adminEmail, outcome }, 'ADMIN_EMAIL admin ensured');
  }
  const logins = config.demoData ? await seedDemoData(em, clock, files) : null;
  if (logins)
    logins.workReportPath = personalLinkUrls({ appUrl: '', jwtSecret: config.jwtSecret }, logins.workReport).report;
  return logins;
}

/**
 * Where the database is: the operator's DATABASE_URL, or the embedded PostgreSQL, which may still be starting
 * (main.ts launches it before loading this module, so the two overlap).
 */
export interface DatabaseStart {
  url: string;
  /** The address for LISTEN, which must bypass a transaction pooler. */
  listenUrl: string;
  /** Resolves once the database answers; with the embedded cluster, which the server then stops at its own stop. */
  started: Promise<EmbeddedDatabase | undefined>;
}

/** The statements of the calls that come in bursts: each connection of the pool runs them once before any request. */
const PREPARED_AT_START = [SESSION_STATEMENT_SAMPLE, PHOTO_TARGET_SAMPLE];
/** How long a stopping server waits for the requests in flight before it cuts their connections. */
const HTTP_STOP_GRACE_MS = 10_000;

/** Starts everything on a database that is (or soon will be) there; main.ts's startServer is the way in. */
export async function runServer(
  config: AppConfig,
  logger: Logger,
  database: DatabaseStart,
  options: StartOptions = {},
): Promise<RunningServer> {
  let embedded: EmbeddedDatabase | undefined;
  let orm: MikroORM | undefined;
  let changes: ChangeListener | undefined;
  let metricsListener: MetricsListener | undefined;
  let jobs: JobQueue | undefined;
  try {
    // While PostgreSQL starts: what needs the code only (the entities' metadata, the GraphQL schema).
    orm = await openOrm({
      databaseUrl: database.url,
      logger,
      onQuery: options.onQuery,
      statementTimeoutMs: config.statementTimeoutMs,
      poolSize: config.databasePoolSize,
    });
    await buildAppSchema();
    embedded = await database.started;
    registerUnsubscribeKey(orm, config.jwtSecret);
    const clock = new Clock(config.clockNow, config.env !== 'production');
    if (config.clockNow)
      logger.warn({ now: clock.now().toISOString() }, 'CLOCK_NOW is set: the server clock starts there');
    const metrics = new AppMetrics();
    metrics.watchPool(orm);
    const jobQueue = new JobQueue({
      databaseUrl: database.url,
      logger: logger.child({ component: 'jobs' }),
      pollingIntervalSeconds: config.jobs.pollingIntervalMs / 1000,
      stopTimeoutMs: config.jobs.stopTimeoutMs,
      onFailure: (queue, final) => metrics.jobFailed(queue, final),
    });
    jobs = jobQueue;
    metrics.watchJobs(() => jobQueue.counts());
    const { em } = orm;
    metrics.watchWebhooks(() => webhookBacklog(em.fork()));
    // pg-boss's own start (its schema, in a schema of its own) runs beside ours; jobs.start() below awaits it, and
    // a failure meanwhile surfaces there.
    jobs.boot().catch(() => undefined);
    changes = new ChangeListener(database.listenUrl, logger.child({ component: 'changes' }));
    // The listener's connection and LISTEN beside the migrations check and the demo data: nothing subscribes before
    // both are done, so what the demo data announces reaches no one, as when the listener started after it.
    const files = createFileStorage(config.fileStorage, orm);
    const [demoLogins] = await Promise.all([
      prepareDatabase(orm, config, clock, logger, files),
      changes.start(),
      openPoolConnections(orm),
      // libvips' threads made and lowered now, not at the first photo.
      loadSharp(),
    ]);

    const liveVisits = new VisitFeed(orm, changes, config.live.streamDeadlineMs, logger.child({ component: 'live' }));
    const plainStatements = await PlainStatements.of(orm, {
      prepared: config.databasePreparedStatements,
      onStatement: options.onQuery,
    });
    const services: AppServices = {
      config,
      clock,
      orm,
      plainStatements,
      logger,
      tokens: new TokenService(config.jwtSecret, clock, config.tokenTtlSeconds, config.jwtPreviousSecrets),
      rateLimiter: new RateLimiter(orm, config.rateLimits, clock, config.jwtSecret, (name) =>
        metrics.rateLimitRefused(name),
      ),
      holidays: new HolidayCalendar(orm, changes),
      siteVisits: new SiteVisitRecorder(plainStatements, logger),
      backgroundHeadroom: new LoopHeadroom(BACKGROUND_HEADROOM),
      lookupStatements: new LookupStatements(plainStatements),
      mailer: createMailer({
        smtpUrl: config.smtpUrl,
        outboxDir: join(config.dataDir, 'outbox'),
        from: config.mailFrom,
        timeoutMs: config.transportTimeoutMs,
        logger,
      }),
      changes,
      listQueries: new ListQueryGate(config.listQueries),
      jobs,
      metrics,
      exportSlots: new StreamSlots(config.exports.maxConcurrent),
      liveVisits,
      files,
    };
    const scheduledWork = await defineScheduledWork(services);
    // Before the main port opens: a METRICS_PORT already taken stops the start with nothing left listening.
    if (config.metrics.port !== undefined) {
      metricsListener = await startMetricsListener(metrics, config.metrics.port, config.metrics.host);
      logger.info({ url: `${metricsListener.url}/metrics` }, 'metrics are served');
    }

    // Requests and answers made with express's methods already: see expressShapedMessages.
    const messages = expressShapedMessages();
    // A client trickling headers or a body is cut off; the check runs every second. Both limits end
    // with the request: they never touch a client that reads its answer slowly, or stops reading.
    const httpServer = createServer({
      IncomingMessage: messages.IncomingMessage,
      ServerResponse: messages.ServerResponse,
      headersTimeout: config.httpTimeouts.headersMs,
      requestTimeout: config.httpTimeouts.requestMs,
      keepAliveTimeout: 5_000,
      connectionsCheckingInterval: 1_000,
    });
    // That client is ended by the socket's idle time: no byte moving either way (its window stays shut,
    // so nothing more can be written) for this long closes the connection and frees what it held.
    httpServer.setTimeout(config.httpTimeouts.idleMs);
    const lifecycle: Lifecycle = { shuttingDown: false };
    // The job queue's start is round trips to the database, composing the app is work in this process: side by side,
    // and the statements of the calls that come in bursts readied on every connection of the pool (prepareOn).
    const [, , { app, handle, handleExpectingContinue, apollo, streams }] = await Promise.all([
      jobs.start(),
      prepareOpenConnections(orm, (connection) => plainStatements.prepareOn(connection, PREPARED_AT_START)),
      composeApp(services, lifecycle),
    ]);
    messages.adopt(app);
    httpServer.on('request', handle);
    httpServer.on('checkContinue', handleExpectingContinue);
    await new Promise<void>((resolve, reject) => {
      httpServer.once('error', reject);
      httpServer.listen(config.port, config.host, () => resolve());
    });
    const address = httpServer.address();
    const port = typeof address === 'object' && address ? address.port : config.port;
    const url = `http://${config.host === '0.0.0.0' || config.host === '::' ? 'localhost' : config.host}:${port}`;
    logger.info({ url }, 'Tijdvak is listening');
    const openMetricsListener = metricsListener;

    const openOrmHandle = orm;
    let stopping: Promise<void> | undefined;
    const stop = () => {
      stopping ??= (async () => {
        lifecycle.shuttingDown = true;
        logger.info('shutting down');
        // Still serving while /readyz says 503: the balancer's checks see it and send new requests elsewhere;
        // closing at once would refuse (or reset) requests it already chose this instance for. Once the balancer has
        // stopped choosing it (its checks take 1.25 s of the first half), the live streams end a few at a time, so
        // their pages reconnect to the other instances spread over the second half (longer for many) rather than at
        // once.
        if (config.shutdownDrainMs > 0) {
          const firstHalf = Math.round(config.shutdownDrainMs / 2);
          await new Promise((resolve) => setTimeout(resolve, firstHalf));
          await liveVisits.endSpread(config.shutdownDrainMs - firstHalf);
        }
        // Live streams never end by themselves: they end first (each client is told "complete"), and
        // whatever is still open is cut, so the drain below never waits for a stream.
        liveVisits.stop();
        await streams.closeAll(1_000);
        await closeHttpServer(httpServer, HTTP_STOP_GRACE_MS);
        await apollo.stop();
        await openMetricsListener?.close();
        // Reactions to changes end first (they queue jobs); then running jobs finish (or are handed back
        // for a retry) before the connections close.
        // What waits for room goes now: the running jobs end sooner.
        services.backgroundHeadroom.close();
        await scheduledWork.stop();
        await services.jobs.stop();
        await services.siteVisits.flush();
        services.mailer.close();
        await services.changes.stop();
        await openOrmHandle.close(true);
        await embedded?.stop();
        logger.info('stopped');
      })();
      return stopping;
    };
    return { url, port, services, httpServer, metricsUrl: metricsListener?.url, demoLogins, stop };
  } catch (error) {
    await metricsListener?.close().catch(() => undefined);
    await jobs?.stop().catch(() => undefined);
    await changes?.stop().catch(() => undefined);
    await orm?.close(true).catch(() => undefined);
    // A start that failed before the database answered still stops the cluster once it is up.
    embedded ??= await database.started.catch(() => undefined);
    await embedded?.stop().catch(() => undefined);
    throw error;
  }
}
