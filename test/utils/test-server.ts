import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { EntityManager } from '@mikro-orm/postgresql';
import { pino, type Logger } from 'pino';
import { CACHE_LOG_CONTEXT, JOB_LOG_CONTEXT } from '../../server/common/jobs/job-log.js';
import { loadConfig } from '../../server/config.js';
import type { AppServices } from '../../server/context.js';
import { startServer } from '../../server/main.js';
import { callRest, postGraphQL, type RequestOptions, type RestOptions } from './http.js';
import { createTestDatabase, type TestDatabase } from './test-database.js';

export interface TestServer {
  url: string;
  /** The METRICS_PORT listener, when the test set one. */
  metricsUrl: string | undefined;
  services: AppServices;
  database: TestDatabase;
  dataDir: string;
  /** A fresh entity manager for arranging and checking data directly. */
  em(): EntityManager;
  graphql: <TData = Record<string, unknown>>(
    query: string,
    variables?: Record<string, unknown>,
    options?: RequestOptions,
  ) => ReturnType<typeof postGraphQL<TData>>;
  rest: <TBody = unknown>(
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    path: string,
    options?: RestOptions,
  ) => ReturnType<typeof callRest<TBody>>;
  /** SQL statements of requests run so far (only with `recordQueries`; background jobs' are left out). */
  queries: string[];
  stop(): Promise<void>;
}

export interface TestServerOptions {
  /** Extra environment, as an operator would set it. */
  env?: Record<string, string>;
  recordQueries?: boolean;
  /** Reuse a database (e.g. a second instance on one database). */
  database?: TestDatabase;
  /** The server's logger (default: at LOG_LEVEL, silent), e.g. one writing into the test to read its lines. */
  logger?: Logger;
}

/** The real application on a free port, against its own fresh PostgreSQL database. */
export async function startTestServer(options: TestServerOptions = {}): Promise<TestServer> {
  const database = options.database ?? (await createTestDatabase());
  const dataDir = mkdtempSync(join(tmpdir(), 'tijdvak-test-data-'));
  const config = loadConfig({
    NODE_ENV: 'test',
    PORT: '0',
    HOST: '127.0.0.1',
    DATABASE_URL: database.url,
    DATA_DIR: dataDir,
    DEMO_DATA: '0',
    LOG_LEVEL: 'silent',
    CLIENT_DIR: join(dataDir, 'no-client'),
    ...options.env,
  });
  const queries: string[] = [];
  const server = await startServer(config, {
    logger: options.logger ?? pino({ level: config.logLevel }),
    // A request's statements only: those of background jobs and of process-wide caches carry their log labels.
    onQuery: options.recordQueries
      ? (sql) => {
          if (!sql.includes(`(${JOB_LOG_CONTEXT.label}) `) && !sql.includes(`(${CACHE_LOG_CONTEXT.label}) `)) {
            queries.push(sql);
          }
        }
      : undefined,
  });
  return {
    url: server.url,
    metricsUrl: server.metricsUrl,
    services: server.services,
    database,
    dataDir,
    em: () => server.services.orm.em.fork(),
    graphql: (query, variables, requestOptions) => postGraphQL(server.url, query, variables, requestOptions),
    rest: (method, path, restOptions) => callRest(server.url, method, path, restOptions),
    queries,
    stop: async () => {
      await server.stop();
      if (!options.database) await database.drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
