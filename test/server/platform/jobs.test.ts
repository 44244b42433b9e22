import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import pg from 'pg';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { JobQueue } from '../../../server/common/jobs/job-queue.js';
import { createTestDatabase, type TestDatabase } from '../../utils/test-database.js';
import { startTestServer, type TestServer } from '../../utils/test-server.js';

const FAST = { JOB_POLL_INTERVAL_MS: '500' };

async function waitFor(what: string, condition: () => boolean | Promise<boolean>, timeoutMs = 15_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The job queue: pg-boss in our own PostgreSQL (server/common/jobs/job-queue.ts). */
describe('job queue', () => {
  let database: TestDatabase;

  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(() => database?.drop());

  it('keeps its tables in a schema of its own, ready in a cloned test database', async () => {
    const server = await startTestServer({ database, env: FAST });
    try {
      const rows = await server
        .em()
        .getConnection()
        .execute<{ version: number }[]>('select version from pgboss.version');
      expect(rows).toHaveLength(1);
      const schedules = await server
        .em()
        .getConnection()
        .execute<{ name: string; cron: string }[]>('select name, cron from pgboss.schedule order by name');
      expect(schedules).toContainEqual({ name: 'rate-limit-buckets.cleanup', cron: '*/10 * * * *' });
      expect(schedules).toContainEqual({ name: 'visit-request-ids.cleanup', cron: '5 * * * *' });
      expect(schedules).toContainEqual({ name: 'visit-files.retention', cron: '25 * * * *' });
      expect(schedules).toContainEqual({ name: 'consumer-messages.publish', cron: '* * * * *' });
    } finally {
      await server.stop();
    }
  });

  it('shares the jobs of two instances on one database: each job runs once', async () => {
    const [first, second] = await Promise.all([
      startTestServer({ database, env: FAST }),
      startTestServer({ database, env: FAST }),
    ]);
    try {
      const done: { instance: string; job: number }[] = [];
      for (const [instance, server] of [
        ['first', first],
        ['second', second],
      ] as const) {
        await server.services.jobs.define<{ job: number }>({
          name: 'test.shared',
          policy: 'standard',
          retryLimit: 0,
          retryDelaySeconds: 0,
          expireInSeconds: 60,
          handler: async ({ job }) => {
            await sleep(300);
            done.push({ instance, job });
          },
        });
      }
      for (let job = 0; job < 10; job++) await first.services.jobs.send('test.shared', { job });
      await waitFor('ten jobs', () => done.length >= 10);
      await sleep(600);
      expect(done.map((entry) => entry.job).sort((a, b) => a - b)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
      expect(new Set(done.map((entry) => entry.instance))).toEqual(new Set(['first', 'second']));
    } finally {
      await Promise.all([first.stop(), second.stop()]);
    }
  });

  it('lets a running job finish before the server stops', async () => {
    const server = await startTestServer({ database, env: FAST });
    let started = false;
    let finished = false;
    await server.services.jobs.define({
      name: 'test.slow',
      policy: 'standard',
      retryLimit: 0,
      retryDelaySeconds: 0,
      expireInSeconds: 60,
      handler: async () => {
        started = true;
        await sleep(1_500);
        finished = true;
      },
    });
    await server.services.jobs.send('test.slow', {});
    await waitFor('the job to start', () => started);
    await server.stop();
    expect(finished).toBe(true);
  });

  it('keeps a job over a restart: the next instance runs it', async () => {
    const first = await startTestServer({ database, env: FAST });
    const define = (server: TestServer, ran: string[]) =>
      server.services.jobs.define<{ note: string }>({
        name: 'test.later',
        policy: 'standard',
        retryLimit: 0,
        retryDelaySeconds: 0,
        expireInSeconds: 60,
        handler: ({ note }) => {
          ran.push(note);
          return Promise.resolve();
        },
      });
    const ranBefore: string[] = [];
    await define(first, ranBefore);
    await first.services.jobs.send(
      'test.later',
      { note: 'after the restart' },
      { startAfter: new Date(Date.now() + 1_500) },
    );
    await first.stop();
    expect(ranBefore).toEqual([]);

    const second = await startTestServer({ database, env: FAST });
    try {
      const ranAfter: string[] = [];
      await define(second, ranAfter);
      await waitFor('the job after the restart', () => ranAfter.length > 0);
      expect(ranAfter).toEqual(['after the restart']);
    } finally {
      await second.stop();
    }
  });

  it('retries a failed job with a wait, and gives up after the last try', async () => {
    const server = await startTestServer({ database, env: FAST });
    try {
      const tries: { at: number; last: boolean }[] = [];
      await server.services.jobs.define({
        name: 'test.failing',
        policy: 'standard',
        retryLimit: 2,
        retryDelaySeconds: 1,
        expireInSeconds: 60,
        handler: (_data, attempt) => {
          tries.push({ at: Date.now(), last: attempt.last });
          return Promise.reject(new Error('the far side is down'));
        },
      });
      await server.services.jobs.send('test.failing', {});
      await waitFor('three tries', () => tries.length >= 3, 20_000);
      await sleep(2_500);
      expect(tries.map((entry) => entry.last)).toEqual([false, false, true]);
      expect(tries[1].at - tries[0].at).toBeGreaterThanOrEqual(500);
      // The metrics an alert reads: two tries followed by a retry, one after which none follows; the queue's counts.
      const { body } = await server.services.metrics.scrape();
      expect(body).toContain('tijdvak_job_failures_total{queue="test.failing",final="false"} 2');
      expect(body).toContain('tijdvak_job_failures_total{queue="test.failing",final="true"} 1');
      expect(body).toMatch(/^tijdvak_jobs\{queue="test\.failing",state="ready"\} \d+$/m);
    } finally {
      await server.stop();
    }
  });

  it('writes a queue or a schedule at its start only when the database does not hold it as defined', async () => {
    const startQueue = async (retryLimit: number, cron: string) => {
      const jobs = new JobQueue({
        databaseUrl: database.url,
        logger: pino({ level: 'silent' }),
        pollingIntervalSeconds: 1,
        stopTimeoutMs: 1_000,
      });
      await jobs.define({
        name: 'test.defined',
        policy: 'exclusive',
        retryLimit,
        retryDelaySeconds: 2,
        expireInSeconds: 60,
        handler: () => Promise.resolve(),
      });
      await jobs.every('test.defined', cron);
      await jobs.start();
      await jobs.stop();
    };
    const client = new pg.Client({ connectionString: database.url });
    await client.connect();
    const stored = async () => {
      const queue = await client.query<{ retry_limit: number; written: Date }>(
        `select retry_limit, updated_on as written from pgboss.queue where name = 'test.defined'`,
      );
      const schedule = await client.query<{ cron: string; written: Date }>(
        `select cron, updated_on as written from pgboss.schedule where name = 'test.defined'`,
      );
      return { queue: queue.rows[0], schedule: schedule.rows[0] };
    };
    try {
      await startQueue(1, '0 3 * * *');
      const first = await stored();
      expect(first.queue.retry_limit).toBe(1);
      expect(first.schedule.cron).toBe('0 3 * * *');

      await startQueue(1, '0 3 * * *');
      expect(await stored()).toEqual(first);

      await startQueue(2, '0 4 * * *');
      const changed = await stored();
      expect(changed.queue.retry_limit).toBe(2);
      expect(changed.queue.written.getTime()).toBeGreaterThan(first.queue.written.getTime());
      expect(changed.schedule.cron).toBe('0 4 * * *');
      expect(changed.schedule.written.getTime()).toBeGreaterThan(first.schedule.written.getTime());
    } finally {
      await client.end();
    }
  });

  it('removes expired rate-limit windows in a scheduled job, and keeps the running ones', async () => {
    const server = await startTestServer({ database, env: FAST });
    try {
      const connection = server.em().getConnection();
      const now = server.services.clock.now();
      await connection.execute(
        `insert into rate_limit_buckets (key, hits, window_ends_at) values ('test:expired', 3, ?), ('test:running', 1, ?)`,
        [new Date(now.getTime() - 60_000), new Date(now.getTime() + 600_000)],
      );
      await server.services.jobs.send('rate-limit-buckets.cleanup', {});
      const left = async () =>
        (
          await connection.execute<{ key: string }[]>(
            `select key from rate_limit_buckets where key like 'test:%' order by key`,
          )
        ).map((row) => row.key);
      await waitFor('the clean-up', async () => (await left()).length === 1);
      expect(await left()).toEqual(['test:running']);
    } finally {
      await server.stop();
    }
  });
});

/** Scheduled work runs on the job queue: a timer of one process would run on every instance, and stop with it. */
describe('no timers as schedulers', () => {
  const files = (dir: string): string[] =>
    readdirSync(dir).flatMap((name) => {
      const path = join(dir, name);
      return statSync(path).isDirectory() ? files(path) : path.endsWith('.ts') ? [path] : [];
    });

  /**
   * Timers per process by nature, never scheduled work: the heartbeat that keeps this process's own connections alive,
   * the sweep that closes them as it stops, and the ticks that read its own event loop's timekeeping while background
   * work waits for room.
   */
  const connectionTimers = new Set([
    'common/http/graphql-stream.ts',
    'common/http/close-http-server.ts',
    'common/loop-headroom.ts',
  ]);

  it('has no setInterval in the server code but for its own connections and its own loop', () => {
    const server = join(import.meta.dirname, '../../../server');
    const offenders = files(server)
      .filter((file) => /\bsetInterval\s*\(/.test(readFileSync(file, 'utf8')))
      .map((file) => relative(server, file));
    expect(offenders.filter((file) => !connectionTimers.has(file))).toEqual([]);
    // The exceptions stay true: each file still holds the timer it is named for.
    expect(offenders.sort()).toEqual([...connectionTimers].sort());
  });
});
