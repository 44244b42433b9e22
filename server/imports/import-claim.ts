import type { MikroORM } from '@mikro-orm/postgresql';
import type { Logger } from 'pino';
import { AppError } from '../common/errors/app-error.js';
import type { Country } from '../common/locale.js';
import { ImportError } from './import.errors.js';
import { ImportJob, type ImportJobStatus } from './import-job.entity.js';

/** A running import renews its heartbeat this often... */
const HEARTBEAT_MS = 10_000;
/** ...and one whose heartbeat is older than this has lost its process, so another import may take over. */
export const CLAIM_LEASE_SECONDS = 30;

export interface NewImportJob {
  id: string;
  country: Country;
  fileName: string;
  adminId: number | null;
  startedAt: Date;
}

/** A running import's hold on the one import slot; ended by `finish`. */
export interface ImportClaim {
  readonly jobId: string;
  finish(status: ImportJobStatus, values: Partial<ImportJob>, finishedAt: Date): Promise<void>;
}

function violated(error: unknown, constraint: string): boolean {
  return (error as { constraint?: unknown } | null)?.constraint === constraint;
}

/**
 * Starts an import's job as the one running import, at once: a second import while one runs is
 * IMPORT_IN_PROGRESS before a byte of its file is read, and a reused job id is IMPORT_JOB_ID_TAKEN.
 * The hold is a row (status RUNNING, unique), not a database lock or transaction: nothing stays open
 * while the file uploads. Its heartbeat (database clock) is renewed until `finish`; the job of a
 * process that died is failed and taken over once its heartbeat is CLAIM_LEASE_SECONDS old.
 */
export async function claimImport(orm: MikroORM, job: NewImportJob, log: Logger): Promise<ImportClaim> {
  const connection = orm.em.getConnection();
  await connection.execute(
    `update import_jobs set status = 'FAILED', finished_at = ?
     where status = 'RUNNING' and (heartbeat_at is null or heartbeat_at < clock_timestamp() - make_interval(secs => ?))`,
    [job.startedAt, CLAIM_LEASE_SECONDS],
  );
  try {
    await connection.execute(
      `insert into import_jobs (id, admin_id, country, file_name, status, started_at, heartbeat_at)
       values (?, ?, ?, ?, 'RUNNING', ?, clock_timestamp())`,
      [job.id, job.adminId, job.country, (job.fileName || 'upload.csv').slice(0, 255), job.startedAt],
    );
  } catch (error) {
    if (violated(error, 'import_jobs_one_running')) throw new AppError(ImportError.IMPORT_IN_PROGRESS);
    if (violated(error, 'import_jobs_pkey')) throw new AppError(ImportError.IMPORT_JOB_ID_TAKEN);
    throw error;
  }

  let timer: NodeJS.Timeout | undefined;
  let beating = Promise.resolve();
  const beat = () => {
    beating = connection
      .execute(`update import_jobs set heartbeat_at = clock_timestamp() where id = ? and status = 'RUNNING'`, [job.id])
      .then(
        () => undefined,
        (error: unknown) => log.warn({ err: error }, 'import heartbeat not stored'),
      )
      .finally(() => {
        if (timer) timer = setTimeout(beat, HEARTBEAT_MS).unref();
      });
  };
  timer = setTimeout(beat, HEARTBEAT_MS).unref();

  return {
    jobId: job.id,
    async finish(status, values, finishedAt) {
      clearTimeout(timer);
      timer = undefined;
      await beating;
      await orm.em.fork().nativeUpdate(ImportJob, { id: job.id }, { ...values, status, finishedAt });
    },
  };
}
