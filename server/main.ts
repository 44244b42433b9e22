import 'reflect-metadata';
import { PlainStatements } from './common/db/plain-statements.js';
import { createServer, type Server } from 'node:http';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { inspect } from 'node:util';
import type { MikroORM } from '@mikro-orm/postgresql';
import type { Logger } from 'pino';
import { ensureActiveAdmin } from './admins/admin-bootstrap.js';
import { composeApp } from './app.js';
import { Country } from './common/locale.js';
import { loadConfig, type AppConfig } from './config.js';
import { TokenService } from './common/auth/tokens.js';
import { Clock } from './common/clock.js';
import { ChangeListener } from './common/events/change-listener.js';
import { JobQueue } from './common/jobs/job-queue.js';
import { createLogger } from './common/logger.js';
import { ListQueryGate } from './common/db/list-query-gate.js';
import { SiteVisitRecorder } from './consumers/site-visit-recorder.js';
import { registerUnsubscribeKey } from './consumer-links/unsubscribes.js';
import { HolidayCalendar } from './holidays/holiday-calendar.js';
import { VisitFeed } from './live/visit-feed.js';
import { RateLimiter } from './common/rate-limit/rate-limiter.js';
import { StreamSlots } from './common/stream-slots.js';
import type { AppServices } from './context.js';
import { startEmbeddedPostgres, type EmbeddedDatabase } from './db/embedded-postgres.js';
import { migrate, openOrm } from './db/orm.js';
import { seedDemoData, type DemoLogins } from './db/seed/demo-data.js';
import { createMailer } from './common/mail/mailer.js';
import { AppMetrics } from './common/metrics/app-metrics.js';
import type { Lifecycle } from './system/health.js';
import { startMetricsListener, type MetricsListener } from './system/metrics-listener.js';
import { defineScheduledWork } from './system/scheduled-work.js';

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

function printDemoLogins(logins: DemoLogins, url: string, outboxDir: string): void {
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
): Promise<DemoLogins | null> {
  const applied = await migrate(orm);
  if (applied.length > 0) logger.info({ applied }, 'migrations applied');
  const em = orm.em.fork();
  if (config.adminEmail && config.adminPassword) {
    const outcome = await ensureActiveAdmin(em, { email: config.adminEmail, password: config.adminPassword });
    logger.info({ email: config.adminEmail, outcome }, 'ADMIN_EMAIL admin ensured');
  }
  return config.demoData ? seedDemoData(em, clock) : null;
}

export async function startServer(config: AppConfig, options: StartOptions = {}): Promise<RunningServer> {
  const logger = options.logger ?? createLogger(config.logLevel);
  let embedded: EmbeddedDatabase | undefined;
  let orm: MikroORM | undefined;
  let changes: ChangeListener | undefined;
  let metricsListener: MetricsListener | undefined;
  let jobs: JobQueue | undefined;
  try {
    if (!config.databaseUrl) embedded = await startEmbeddedPostgres({ dir: config.dataDir, logger });
    orm = await openOrm({
      databaseUrl: config.databaseUrl ?? embedded!.url,
      logger,
      onQuery: options.onQuery,
      statementTimeoutMs: config.statementTimeoutMs,
      poolSize: config.databasePoolSize,
    });
    registerUnsubscribeKey(orm, config.jwtSecret);
    const clock = new Clock(config.clockNow, config.env !== 'production');
    if (config.clockNow)
      logger.warn({ now: clock.now().toISOString() }, 'CLOCK_NOW is set: the server clock starts there');
    const demoLogins = await prepareDatabase(orm, config, clock, logger);
    changes = new ChangeListener(config.databaseListenUrl ?? embedded!.url, logger.child({ component: 'changes' }));
    await changes.start();
    jobs = new JobQueue({
      databaseUrl: config.databaseUrl ?? embedded!.url,
      logger: logger.child({ component: 'jobs' }),
      pollingIntervalSeconds: config.jobs.pollingIntervalMs / 1000,
      stopTimeoutMs: config.jobs.stopTimeoutMs,
    });

    const liveVisits = new VisitFeed(orm, changes, config.live.streamDeadlineMs, logger.child({ component: 'live' }));
    const metrics = new AppMetrics();
    metrics.watchPool(orm);
    const services: AppServices = {
      config,
      clock,
      orm,
      plainStatements: await PlainStatements.of(orm, {
        prepared: config.databasePreparedStatements,
        onStatement: options.onQuery,
      }),
      logger,
      tokens: new TokenService(config.jwtSecret, clock, config.tokenTtlSeconds),
      rateLimiter: new RateLimiter(orm, config.rateLimits, clock, config.jwtSecret, (name) =>
        metrics.rateLimitRefused(name),
      ),
      holidays: new HolidayCalendar(orm, changes),
      siteVisits: new SiteVisitRecorder(orm, logger),
      mailer: createMailer({
        smtpUrl: config.smtpUrl,
        outboxDir: join(config.dataDir, 'outbox'),
        from: config.mailFrom,
        logger,
      }),
      changes,
      listQueries: new ListQueryGate(config.listQueries),
      jobs,
      metrics,
      exportSlots: new StreamSlots(config.exports.maxConcurrent),
      liveVisits,
    };
    const scheduledWork = await defineScheduledWork(services);
    await jobs.start();
    // Before the main port opens: a METRICS_PORT already taken stops the start with nothing left listening.
    if (config.metrics.port !== undefined) {
      metricsListener = await startMetricsListener(metrics, config.metrics.port, config.metrics.host);
      logger.info({ url: `${metricsListener.url}/metrics` }, 'metrics are served');
    }

    // A client trickling headers or a body is cut off; the check runs every second. Both limits end
    // with the request: they never touch a client that reads its answer slowly, or stops reading.
    const httpServer = createServer({
      headersTimeout: config.httpTimeouts.headersMs,
      requestTimeout: config.httpTimeouts.requestMs,
      keepAliveTimeout: 5_000,
      connectionsCheckingInterval: 1_000,
    });
    // That client is ended by the socket's idle time: no byte moving either way (its window stays shut,
    // so nothing more can be written) for this long closes the connection and frees what it held.
    httpServer.setTimeout(config.httpTimeouts.idleMs);
    const lifecycle: Lifecycle = { shuttingDown: false };
    const { app, apollo, streams } = await composeApp(services, httpServer, lifecycle);
    httpServer.on('request', app);
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
        // closing at once would refuse (or reset) requests it already chose this instance for.
        if (config.shutdownDrainMs > 0) await new Promise((resolve) => setTimeout(resolve, config.shutdownDrainMs));
        // Live streams never end by themselves: they end first (each client is told "complete"), and
        // whatever is still open is cut, so the drain below never waits for a stream.
        liveVisits.stop();
        await streams.closeAll(1_000);
        await apollo.stop(); // the drain plugin closes the HTTP server and waits for in-flight requests
        await openMetricsListener?.close();
        // Reactions to changes end first (they queue jobs); then running jobs finish (or are handed back
        // for a retry) before the connections close.
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
    await embedded?.stop().catch(() => undefined);
    throw error;
  }
}

async function main(): Promise<void> {
  const config = loadConfig();
  const server = await startServer(config);
  if (server.demoLogins) printDemoLogins(server.demoLogins, server.url, join(config.dataDir, 'outbox'));
  let signals = 0;
  const onSignal = (signal: NodeJS.Signals) => {
    signals += 1;
    if (signals > 1) process.exit(1);
    server.services.logger.info({ signal }, 'signal received');
    server.stop().then(
      () => process.exit(0),
      (error: unknown) => {
        server.services.logger.error({ err: error }, 'shutdown failed');
        process.exit(1);
      },
    );
  };
  process.on('SIGTERM', onSignal);
  process.on('SIGINT', onSignal);
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  main().catch((error: unknown) => {
    process.stderr.write(`Tijdvak could not start: ${error instanceof Error ? error.message : String(error)}\n`);
    if (error instanceof Error && error.cause) {
      const cause = error.cause instanceof Error ? error.cause.message : inspect(error.cause);
      process.stderr.write(`  cause: ${cause}\n`);
    }
    process.exit(1);
  });
}
