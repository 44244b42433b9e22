import { readlinkSync } from 'node:fs';
import { parentPort, workerData } from 'node:worker_threads';
import pg from 'pg';
import { Clock } from '../common/clock.js';
import { lowerThreadsToIdle } from '../common/idle-threads.js';
import type { WebhookConfig } from '../config.js';
import { closeWebhookConnections, dispatchAndSendWebhooks, type SendRun } from './webhook-sender.js';

/*
 * The webhook sender's worker thread (started by webhook-thread.ts): turns the outbox into deliveries, claims, signs
 * and sends the due ones and records their outcomes on a pool of its own, so the events' bodies, signatures, sockets
 * and their garbage never hold the API's event loop. It imports nothing but the sender, its thread's priority, the
 * clock, `pg` and Node's own modules: the tests load it from source, type-stripped.
 */

/** What the thread is started with: a copy of the ORM's connection settings and the webhooks' configuration. */
export interface SenderThreadData {
  connection: Record<string, string | number | boolean>;
  config: WebhookConfig;
  /** Connections of its pool: one a round is used, a second for the next claim while the last records. */
  poolSize: number;
  /** The application's clock offset (`Clock.shared`): the thread reads the time as the API does, moved or not. */
  clock: SharedArrayBuffer;
}

/** A request: send what is due, or stop. */
export type SenderRequest = { type: 'send'; id: number } | { type: 'stop' };

/** An answer to a `send`. */
export type SenderAnswer = { type: 'sent'; id: number; run: SendRun } | { type: 'failed'; id: number; error: string };

const port = parentPort;
if (!port) throw new Error('webhook-worker.ts runs as a worker thread');
const data = workerData as SenderThreadData;

// This thread runs on what the API's thread and the database leave (SCHED_IDLE, lowerThreadsToIdle says why), unless
// the configuration keeps it at the normal priority.
if (process.platform === 'linux' && data.config.threadAtIdle) {
  // This thread's id: `/proc/thread-self` links to `<pid>/task/<tid>`.
  await lowerThreadsToIdle([readlinkSync('/proc/thread-self').split('/').at(-1) ?? '']);
}
const clock = Clock.following(data.clock);
/** Its connections' name in `pg_stat_activity`. */
const APPLICATION_NAME = 'tijdvak-webhooks';
const pool = new pg.Pool({
  ...data.connection,
  application_name: APPLICATION_NAME,
  max: data.poolSize,
  idleTimeoutMillis: 30_000,
});
// An idle connection PostgreSQL ended (a restart) is dropped by the pool; the next statement opens another.
pool.on('error', () => undefined);

let stopping = false;
let current: Promise<void> = Promise.resolve();

port.on('message', (request: SenderRequest) => {
  if (request.type === 'send') {
    current = (async () => {
      const answer: SenderAnswer = await dispatchAndSendWebhooks(
        pool,
        data.config,
        () => clock.now(),
        () => stopping,
      ).then(
        (run): SenderAnswer => ({ type: 'sent', id: request.id, run }),
        (error: unknown): SenderAnswer => ({ type: 'failed', id: request.id, error: String(error) }),
      );
      port.postMessage(answer);
    })();
  } else {
    // The round under way ends (its outcomes recorded), then the pool and the kept connections close.
    stopping = true;
    void current.finally(async () => {
      closeWebhookConnections();
      await pool.end().catch(() => undefined);
      port.close();
    });
  }
});
