import type { MikroORM } from '@mikro-orm/postgresql';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { RateLimitName } from '../../config.js';

const PREFIX = 'tijdvak_';

/** The route label of a request no route of ours answered (static files, unknown paths). */
export const OTHER_ROUTE = 'other';

/** Latency buckets in seconds: most answers take milliseconds, an import or export runs for seconds. */
const HTTP_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30];

/**
 * Methods the route label may carry. Node's parser accepts a few dozen; the rest collapse, so the
 * label's values are a fixed set whatever a client sends.
 */
const METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']);

export type ImportOutcomeLabel = 'succeeded' | 'rejected' | 'failed';
export type ExportOutcomeLabel = 'completed' | 'failed' | 'aborted' | 'timed_out';

/**
 * The process's Prometheus metrics, in a registry of its own (not prom-client's global one), so
 * several apps in one process (the tests) each count their own. Every label value comes from a fixed
 * set: route patterns of the code, root fields of the schema, error codes, limit names. Nothing a
 * caller types becomes a label value, and nothing personal is ever one.
 */
export class AppMetrics {
  readonly registry = new Registry();

  private readonly httpRequests = new Counter({
    name: `${PREFIX}http_requests_total`,
    help: 'HTTP requests answered, by route pattern (GraphQL: graphql:<root field>), method and status code.',
    labelNames: ['route', 'method', 'status'] as const,
    registers: [this.registry],
  });

  private readonly httpDuration = new Histogram({
    name: `${PREFIX}http_request_duration_seconds`,
    help: 'Time from a request arriving to its answer being sent, by route pattern, method and status code.',
    labelNames: ['route', 'method', 'status'] as const,
    buckets: HTTP_BUCKETS,
    registers: [this.registry],
  });

  private readonly graphqlOperations = new Counter({
    name: `${PREFIX}graphql_operations_total`,
    help: 'GraphQL operations (the REST shim included) by first root field and outcome (ok or the error code).',
    labelNames: ['operation', 'outcome'] as const,
    registers: [this.registry],
  });

  private readonly rateLimitRefusals = new Counter({
    name: `${PREFIX}rate_limit_refusals_total`,
    help: 'Attempts refused with RATE_LIMITED, by the limit that refused them.',
    labelNames: ['limiter'] as const,
    registers: [this.registry],
  });

  private readonly importsStarted = new Counter({
    name: `${PREFIX}import_runs_started_total`,
    help: 'CSV imports that claimed the import slot.',
    registers: [this.registry],
  });

  private readonly importsFinished = new Counter({
    name: `${PREFIX}import_runs_finished_total`,
    help: 'CSV imports finished, by outcome: succeeded (written), rejected (row report), failed.',
    labelNames: ['outcome'] as const,
    registers: [this.registry],
  });

  private readonly importRows = new Counter({
    name: `${PREFIX}import_rows_total`,
    help: 'Rows checked by finished CSV imports, by the outcome of their import.',
    labelNames: ['outcome'] as const,
    registers: [this.registry],
  });

  private readonly exportsStarted = new Counter({
    name: `${PREFIX}export_runs_started_total`,
    help: 'CSV exports that began reading orders.',
    registers: [this.registry],
  });

  private readonly exportsFinished = new Counter({
    name: `${PREFIX}export_runs_finished_total`,
    help: 'CSV exports finished, by outcome: completed, failed, aborted (the download went away), or timed_out (cut off at the deadline).',
    labelNames: ['outcome'] as const,
    registers: [this.registry],
  });

  private readonly exportRows = new Counter({
    name: `${PREFIX}export_rows_total`,
    help: 'Order rows sent by finished CSV exports.',
    registers: [this.registry],
  });

  private readonly jobFailures = new Counter({
    name: `${PREFIX}job_failures_total`,
    help: 'Job tries that failed, by queue and whether it was the last (final="true": no retry follows).',
    labelNames: ['queue', 'final'] as const,
    registers: [this.registry],
  });

  private readonly messagesFinished = new Counter({
    name: `${PREFIX}messages_total`,
    help: 'Consumer messages that ended, by channel (EMAIL, SMS) and outcome: sent (handed over) or failed (every try).',
    labelNames: ['channel', 'outcome'] as const,
    registers: [this.registry],
  });

  private readonly webhookRequests = new Counter({
    name: `${PREFIX}webhook_requests_total`,
    help: 'Webhook requests sent, by outcome: delivered (a 2xx answer) or failed (retried later, or given up).',
    labelNames: ['outcome'] as const,
    registers: [this.registry],
  });

  constructor() {
    // Event-loop lag, memory, CPU, handles and garbage collection of this process.
    collectDefaultMetrics({ register: this.registry, prefix: PREFIX });
  }

  /** Gauges of the ORM's pg pool, read when Prometheus scrapes (no timer keeps them fresh). */
  watchPool(orm: MikroORM): void {
    const connection = orm.em.getConnection();
    const gauge = (name: string, help: string, read: (pool: PoolCounts) => number) =>
      new Gauge({
        name: `${PREFIX}db_pool_${name}`,
        help,
        registers: [this.registry],
        async collect() {
          this.set(read(await connection.getNativeClient()));
        },
      });
    gauge('connections_in_use', 'Database connections checked out of the pool.', (p) => p.totalCount - p.idleCount);
    gauge('connections_idle', 'Open database connections waiting in the pool.', (p) => p.idleCount);
    gauge('waiting_clients', 'Queries waiting for a free database connection.', (p) => p.waitingCount);
    new Gauge({
      name: `${PREFIX}db_pool_connections_max`,
      help: 'Most connections the pool opens.',
      registers: [this.registry],
    }).set(orm.config.get('pool')?.max ?? 0);
  }

  /**
   * The job queue's counts per queue and state (ready to run, deferred to later, active, failed and still kept), as
   * the queue's monitor last counted them (about once a minute): read when Prometheus scrapes, no query of our own.
   */
  watchJobs(read: () => Promise<JobQueueCounts[]>): void {
    new Gauge({
      name: `${PREFIX}jobs`,
      help: 'Jobs by queue and state: ready (waiting for a worker), deferred (to run later), active, failed (kept).',
      labelNames: ['queue', 'state'] as const,
      registers: [this.registry],
      async collect() {
        this.reset();
        for (const counts of await read()) {
          for (const state of ['ready', 'deferred', 'active', 'failed'] as const) {
            this.set({ queue: counts.queue, state }, counts[state]);
          }
        }
      },
    });
  }

  /**
   * The webhooks' backlog, counted when Prometheus scrapes (one short statement): deliveries due now, and how long
   * the oldest of them has waited since it was recorded (the lag behind the changes).
   */
  watchWebhooks(read: () => Promise<WebhookBacklog>): void {
    let last: { at: number; backlog: Promise<WebhookBacklog> } | null = null;
    // Both gauges from one count per scrape.
    const backlog = () => {
      if (!last || Date.now() - last.at > 1_000) last = { at: Date.now(), backlog: read() };
      return last.backlog;
    };
    new Gauge({
      name: `${PREFIX}webhook_due_deliveries`,
      help: 'Webhook deliveries due now (first tries and retries that came due), not yet delivered.',
      registers: [this.registry],
      async collect() {
        this.set((await backlog()).due);
      },
    });
    new Gauge({
      name: `${PREFIX}webhook_lag_seconds`,
      help: 'How long the oldest webhook delivery due now has waited since its change was recorded (0: none due).',
      registers: [this.registry],
      async collect() {
        this.set((await backlog()).oldestDueSeconds);
      },
    });
  }

  webhooksSent(delivered: number, failed: number): void {
    if (delivered > 0) this.webhookRequests.inc({ outcome: 'delivered' }, delivered);
    if (failed > 0) this.webhookRequests.inc({ outcome: 'failed' }, failed);
  }

  jobFailed(queue: string, final: boolean): void {
    this.jobFailures.inc({ queue, final: String(final) });
  }

  messageFinished(channel: string, status: string): void {
    this.messagesFinished.inc({ channel, outcome: status === 'SENT' ? 'sent' : 'failed' });
  }

  httpRequestAnswered(route: string, method: string, status: number, seconds: number): void {
    const labels = { route, method: METHODS.has(method) ? method : 'OTHER', status: String(status) };
    this.httpRequests.inc(labels);
    this.httpDuration.observe(labels, seconds);
  }

  graphqlOperation(operation: string, outcome: string): void {
    this.graphqlOperations.inc({ operation, outcome });
  }

  rateLimitRefused(limiter: RateLimitName): void {
    this.rateLimitRefusals.inc({ limiter });
  }

  importStarted(): void {
    this.importsStarted.inc();
  }

  importFinished(outcome: ImportOutcomeLabel, rowsChecked: number): void {
    this.importsFinished.inc({ outcome });
    this.importRows.inc({ outcome }, rowsChecked);
  }

  exportStarted(): void {
    this.exportsStarted.inc();
  }

  /** Rows are counted once per export, not per row: an export streams up to a million of them. */
  exportFinished(outcome: ExportOutcomeLabel, rows: number): void {
    this.exportsFinished.inc({ outcome });
    this.exportRows.inc(rows);
  }

  /** The exposition text and its content type. */
  async scrape(): Promise<{ contentType: string; body: string }> {
    return { contentType: this.registry.contentType, body: await this.registry.metrics() };
  }
}

/** The webhooks' deliveries due now, and the age of the oldest in seconds. */
export interface WebhookBacklog {
  due: number;
  oldestDueSeconds: number;
}

/** One queue's jobs by state. */
export interface JobQueueCounts {
  queue: string;
  ready: number;
  deferred: number;
  active: number;
  failed: number;
}

interface PoolCounts {
  totalCount: number;
  idleCount: number;
  waitingCount: number;
}
