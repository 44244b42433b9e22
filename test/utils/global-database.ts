import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { getConstructionPlans } from 'pg-boss';
import { pino } from 'pino';
import type { TestProject } from 'vitest/node';
import { startEmbeddedPostgres } from '../../server/db/embedded-postgres.js';
import { migrate, openOrm } from '../../server/db/orm.js';
import { JOBS_SCHEMA } from '../../server/common/jobs/job-queue.js';
import { enablePostgresTls, makeCertificate } from './tls.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /** `certificate`: the one PostgreSQL shows TLS clients (PEM, self-signed for 127.0.0.1 and localhost). */
    database: { adminUrl: string; template: string; certificate: string };
  }
}

export const TEMPLATE_DATABASE = 'tijdvak_template';

/**
 * One real PostgreSQL for the whole run. The schema (and the job queue's) is made once in a template database;
 * every test file clones it (CREATE DATABASE ... TEMPLATE), which takes milliseconds.
 */
export default async function setup(project: TestProject) {
  const dir = mkdtempSync(join(tmpdir(), 'tijdvak-test-pg-'));
  const logger = pino({ level: 'warn' });
  // Tests run without fsync (nothing to keep); benchmarks set DURABLE_TEST_POSTGRES=1 (vitest.bench.config.ts)
  // and measure with fsync and synchronous commit on, as in production.
  const ephemeral = process.env.DURABLE_TEST_POSTGRES !== '1';
  const cluster = await startEmbeddedPostgres({ dir, logger, databaseName: TEMPLATE_DATABASE, ephemeral });
  // TLS on, as a production database has it: PgBouncer (deploy/pgbouncer.ini) reaches it only with verify-full.
  // Clients that do not ask for TLS still connect without.
  const certificate = makeCertificate();
  await enablePostgresTls(cluster.adminUrl, cluster.clusterDir, certificate);
  certificate.remove();
  const orm = await openOrm({ databaseUrl: cluster.url, logger });
  await migrate(orm);
  await orm.close(true);
  // The job queue's own schema too (the server creates it at its first start otherwise): every clone has it.
  const template = new pg.Client({ connectionString: cluster.url });
  await template.connect();
  await template.query(getConstructionPlans(JOBS_SCHEMA));
  await template.end();
  const client = new pg.Client({ connectionString: cluster.adminUrl });
  await client.connect();
  await client.query(`alter database ${TEMPLATE_DATABASE} with is_template true`);
  await client.end();
  project.provide('database', {
    adminUrl: cluster.adminUrl,
    template: TEMPLATE_DATABASE,
    certificate: certificate.certificate,
  });
  return async () => {
    await cluster.stop();
    rmSync(dir, { recursive: true, force: true });
  };
}
