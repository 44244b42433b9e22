import type { EntityManager } from '@mikro-orm/postgresql';
import { PgBoss, type Db, type Job, type JobResult, type Queue, type QueuePolicy } from 'pg-boss';
import type { Logger } from 'pino';
import type { JobQueueCounts } from '../metrics/app-metrics.js';

/** The schema pg-boss keeps its tables in, beside ours (it creates and migrates it itself). */
export const JOBS_SCHEMA = 'pgboss';

/** How a queue's jobs are kept and retried (pg-boss's queue options we use). */
export interface QueueDefinition<TData extends object> {
  name: string;
  /**
   * `exclusive`: at most one job per singleton key is queued or running, across every instance (what
   * makes a second send of one message impossible); `standard`: no such limit.
   */
  policy: Extract<QueuePolicy, 'standard' | 'exclusive'>;
  /** Tries after the first one; with `retryDelaySeconds` the waits double each time (with jitter). */
  retryLimit: number;
  retryDelaySeconds: number;
  retryDelayMaxSeconds?: number;
  /** A running job that takes longer is given up (and retried) by pg-boss's supervisor. */
  expireInSeconds: number;
  /** Workers of this instance, each fetching its own jobs. */
  concurrency?: number;
  /**
   * Jobs a worker fetches at once and works side by side (default 1); a worker whose fetch came back
   * full fetches again at once instead of waiting for the next poll. Jobs in work at once on this
   * instance: `concurrency × batchSize`. Each job succeeds or fails on its own.
   */
  batchSize?: number;
  /** Works one job; a throw fails that job (it is retried). Give this or `batchHandler`. */
  handler?: (data: TData, attempt: JobAttempt) => Promise<void>;
  /**
   * Works a whole fetch at once (one transaction for the batch, say) and resolves to the jobs that failed, by
   * job id, each retried on its own; a throw fails every job of the batch. Give this or `handler`.
   */
  batchHandler?: (jobs: BatchJob<TData>[]) => Promise<Map<string, Error>>;
}

/** A job of a fetch, as a batch handler receives it. */
export interface BatchJob<TData> {
  data: TData;
  attempt: JobAttempt;
}

/** A job being worked, as `activeJobs` lists it. */
export interface ActiveJob {
  id: string;
  data: unknown;
  /** Since its fetch, by the database's clock. */
  activeMs: number;
}

/** Which try of a job is running. */
export interface JobAttempt {
  id: string;
  /** 0 on the first try. */
  retryCount: number;
  /** True when a failure now is final: no retry follows. */
  last: boolean;
}

export interface SendOptions {
  /** With an `exclusive` queue: a second job with this key is refused while the first waits or runs. */
  singletonKey?: string;
  startAfter?: Date;
  /** Send inside this transaction: the job exists if, and only if, the transaction commits. */
  em?: EntityManager;
}

export interface JobQueueOptions {
  databaseUrl: string;
  logger: Logger;
  /** How often an idle worker looks for new jobs. */
  pollingIntervalSeconds: number;
  /** How long a graceful stop waits for running jobs before it gives them back to be retried. */
  stopTimeoutMs: number;
  /** Told of each failed try (`final`: no retry follows), for the metrics. */
  onFailure?: (queue: string, final: boolean) => void;
}

/** The parts of MikroORM's transaction context (a Kysely transaction) that reach its connection. */
interface TransactionContext {
  getExecutor(): {
    provideConnection<T>(consumer: (connection: KyselyConnection) => Promise<T>): Promise<T>;
  };
}

interface KyselyConnection {
  executeQuery(query: { sql: string; parameters: readonly unknown[]; queryId: object }): Promise<{ rows: unknown[] }>;
}

/**
 * pg-boss's statements on the connection of `em`'s transaction. Kysely (under MikroORM) hands a
 * query with its parameters to `pg` as it is, so pg-boss's `$1` placeholders work unchanged.
 */
function transactionDb(em: EntityManager): Db {
  const transaction = em.getTransactionContext<TransactionContext>();
  if (!transaction) throw new Error('a job is sent inside a transaction: pass the transaction entity manager');
  return {
    executeSql: (text, values) =>
      transaction
        .getExecutor()
        .provideConnection((connection) =>
          connection.executeQuery({ sql: text, parameters: values ?? [], queryId: {} }),
        ),
  };
}

/**
 * Scheduled and retried work in our own PostgreSQL (pg-boss, in its own schema): jobs survive
 * restarts, every instance on the database shares them (a job is taken by one worker), failures are
 * retried with growing waits, and cron schedules fire once per occurrence across all instances.
 * Handlers read the application clock themselves; pg-boss's timing (cron, retries) runs on real time.
 */
export class JobQueue {
  private readonly boss: PgBoss;
  private readonly definitions = new Map<string, QueueDefinition<object>>();
  private readonly schedules = new Map<string, { cron: string; atStart: boolean }>();
  private started = false;
  private booting: Promise<void> | undefined;
  private stopping: Promise<void> | undefined;

  constructor(private readonly options: JobQueueOptions) {
    this.boss = new PgBoss({
      connectionString: options.databaseUrl,
      schema: JOBS_SCHEMA,
      max: 4,
      application_name: 'tijdvak-jobs',
      connectionTimeoutMillis: 5_000,
      // The instance registry and statistics are for pg-boss's dashboard, which we do not run.
      registerInstance: false,
      persistQueueStats: false,
    });
    // Without a listener an 'error' event would end the process; pg-boss retries its own work.
    this.boss.on('error', (error) => options.logger.error({ err: error }, 'job queue error'));
    this.boss.on('warning', (warning) => options.logger.warn({ data: warning.data }, warning.message));
  }

  /** A queue and its handler; queues defined after start are created and worked at once. */
  async define<TData extends object>(definition: QueueDefinition<TData>): Promise<void> {
    if (this.definitions.has(definition.name)) throw new Error(`job queue ${definition.name} is defined twice`);
    if (!definition.handler === !definition.batchHandler) {
      throw new Error(`job queue ${definition.name} needs exactly one of handler and batchHandler`);
    }
    this.definitions.set(definition.name, definition as unknown as QueueDefinition<object>);
    if (this.started) await this.open(definition as unknown as QueueDefinition<object>, undefined);
  }

  /**
   * Runs the queue's job on the cron expression (UTC), once per occurrence across every instance;
   * with `atStart` also once when the instance starts (work that should not wait for the next occurrence).
   */
  async every(name: string, cron: string, options: { atStart?: boolean } = {}): Promise<void> {
    this.schedules.set(name, { cron, atStart: options.atStart ?? false });
    if (this.started) await this.boss.schedule(name, cron, {}, { tz: 'UTC' });
  }

  /**
   * Starts pg-boss itself (its schema on a first start, its maintenance): a dozen round trips that need nothing of
   * ours, so they may run while the rest of the server starts. `start` waits for it.
   */
  boot(): Promise<void> {
    this.booting ??= this.boss.start().then(() => undefined);
    return this.booting;
  }

  /**
   * Creates the schema (first start) and the queues, and starts working them. What the database already holds as the
   * code says (every queue and schedule after the first start, until a definition changes) is read in one statement
   * each and left as it is: writing it again was four round trips per queue on every start.
   */
  async start(): Promise<void> {
    await this.boot();
    this.started = true;
    const [storedQueues, storedSchedules] = await Promise.all([
      this.boss.getQueues([...this.definitions.keys()]),
      this.schedules.size > 0 ? this.boss.getSchedules() : [],
    ]);
    const queues = new Map(storedQueues.map((queue) => [queue.name, queue]));
    // Each queue (and then each schedule) is a few round trips of its own: side by side, not one after another.
    await Promise.all(
      [...this.definitions.values()].map((definition) => this.open(definition, queues.get(definition.name))),
    );
    await Promise.all(
      [...this.schedules].map(async ([name, { cron, atStart }]) => {
        const stored = storedSchedules.find((schedule) => schedule.name === name && schedule.key === '');
        if (stored?.cron !== cron || stored.timezone !== 'UTC') await this.boss.schedule(name, cron, {}, { tz: 'UTC' });
        if (atStart) await this.boss.send(name, {});
      }),
    );
  }

  /**
   * Stops fetching, lets running jobs finish (up to `stopTimeoutMs`; what is still running then is
   * failed and retried later by any instance), and closes the connections.
   */
  stop(): Promise<void> {
    this.started = false;
    this.stopping ??= this.boss.stop({ graceful: true, timeout: this.options.stopTimeoutMs, close: true });
    return this.stopping;
  }

  /** Queues a job; resolves to its id, or null when an `exclusive` queue already holds its singleton key. */
  async send(name: string, data: object, options: SendOptions = {}): Promise<string | null> {
    if (!this.definitions.has(name)) throw new Error(`no job queue ${name}`);
    return this.boss.send(name, data, {
      singletonKey: options.singletonKey,
      startAfter: options.startAfter,
      db: options.em ? transactionDb(options.em) : undefined,
    });
  }

  /** Queues many jobs in one statement (a singleton key per job, as with `send`); inside `em`'s transaction when given. */
  async sendMany(name: string, jobs: { data: object; singletonKey?: string }[], em?: EntityManager): Promise<void> {
    if (!this.definitions.has(name)) throw new Error(`no job queue ${name}`);
    if (jobs.length === 0) return;
    await this.boss.insert(
      name,
      jobs.map((job) => ({ data: job.data, singletonKey: job.singletonKey })),
      { db: em ? transactionDb(em) : undefined },
    );
  }

  /**
   * Up to `limit` jobs of these queues being worked (fetched, not yet settled), oldest first, each with how long ago
   * it was fetched by the database's clock. A job whose worker died stays so until pg-boss's supervisor finds it
   * expired, which may be minutes; a handler that can tell a dead worker's job from a live one acts on it sooner.
   */
  async activeJobs(names: readonly string[], limit: number): Promise<ActiveJob[]> {
    for (const name of names) if (!this.definitions.has(name)) throw new Error(`no job queue ${name}`);
    const { rows } = await this.boss.getDb().executeSql(
      `select id, data, (extract(epoch from clock_timestamp() - started_on) * 1000)::bigint as active_ms
         from ${JOBS_SCHEMA}.job
        where name = any($1::text[]) and state = 'active'
        order by started_on
        limit $2`,
      [names, limit],
    );
    return (rows as { id: string; data: unknown; active_ms: string }[]).map((row) => ({
      id: row.id,
      data: row.data,
      activeMs: Number(row.active_ms),
    }));
  }

  /** Each defined queue's jobs by state, as pg-boss's monitor last counted them (no count of our own). */
  async counts(): Promise<JobQueueCounts[]> {
    if (!this.started) return [];
    const queues = await this.boss.getQueues([...this.definitions.keys()]);
    return queues.map((queue) => ({
      queue: queue.name,
      ready: queue.readyCount,
      deferred: queue.deferredCount,
      active: queue.activeCount,
      failed: queue.failedCount,
    }));
  }

  /** Creates or updates the queue unless `stored` (the database's, when it has one) already holds its options. */
  private async open(definition: QueueDefinition<object>, stored: Queue | undefined): Promise<void> {
    const queueOptions = {
      policy: definition.policy,
      retryLimit: definition.retryLimit,
      retryDelay: definition.retryDelaySeconds,
      retryBackoff: definition.retryDelaySeconds > 0,
      ...(definition.retryDelaySeconds > 0 && definition.retryDelayMaxSeconds !== undefined
        ? { retryDelayMax: definition.retryDelayMaxSeconds }
        : {}),
      expireInSeconds: definition.expireInSeconds,
    };
    const { policy: _policy, ...changeable } = queueOptions;
    const current =
      stored?.policy === queueOptions.policy &&
      Object.entries(changeable).every(([option, value]) => stored[option as keyof typeof changeable] === value);
    if (!current) {
      // Creating is idempotent (another instance may have done it); the options follow the code that starts last.
      await this.boss.createQueue(definition.name, queueOptions);
      await this.boss.updateQueue(definition.name, changeable);
    }
    const log = this.options.logger.child({ queue: definition.name });
    const batchSize = definition.batchSize ?? 1;
    await this.boss.work<object>(
      definition.name,
      {
        pollingIntervalSeconds: this.options.pollingIntervalSeconds,
        localConcurrency: definition.concurrency ?? 1,
        batchSize,
        // A backlog (a publication's thousands of messages) is worked without a poll's wait between batches.
        burstWhenBatchFull: true,
        perJobResults: true,
      },
      async (jobs: Job<object>[]): Promise<JobResult[]> => {
        const attemptOf = (job: Job<object>): JobAttempt => ({
          id: job.id,
          retryCount: job.retryCount,
          last: job.retryCount >= definition.retryLimit,
        });
        const failed = (job: Job<object>, error: unknown): JobResult => {
          log.warn({ err: error, jobId: job.id, retryCount: job.retryCount }, 'job failed');
          this.options.onFailure?.(definition.name, attemptOf(job).last);
          // Kept by the queue as the job's output: the handler's own message, never more.
          const message = error instanceof Error ? error.message : String(error);
          return { id: job.id, status: 'failed', output: { message } };
        };
        const { batchHandler, handler } = definition;
        if (batchHandler) {
          let failures: Map<string, Error>;
          try {
            failures = await batchHandler(jobs.map((job) => ({ data: job.data, attempt: attemptOf(job) })));
          } catch (error) {
            return jobs.map((job) => failed(job, error));
          }
          return jobs.map((job): JobResult => {
            const failure = failures.get(job.id);
            return failure ? failed(job, failure) : { id: job.id, status: 'completed' };
          });
        }
        if (!handler) throw new Error(`job queue ${definition.name} has no handler`);
        return Promise.all(
          jobs.map(async (job): Promise<JobResult> => {
            try {
              await handler(job.data, attemptOf(job));
              return { id: job.id, status: 'completed' };
            } catch (error) {
              return failed(job, error);
            }
          }),
        );
      },
    );
  }
}
