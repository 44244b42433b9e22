import { randomUUID } from 'node:crypto';
import type { Readable } from 'node:stream';
import type { FileUpload } from 'graphql-upload/processRequest.mjs';
import type { EntityManager } from '@mikro-orm/postgresql';
import { Admin } from '../admins/admin.entity.js';
import { importActorOf } from '../audit/order-audit.js';
import { UPLOAD_LIMITS } from '../config.js';
import type { AppContext } from '../context.js';
import { Role } from '../common/auth/role.js';
import { AppError } from '../common/errors/app-error.js';
import { CommonError } from '../common/errors/common.errors.js';
import { isTooLarge } from '../common/http/uploads.js';
import { translate } from '../common/i18n/translate.js';
import { TIME_ZONE, type Country } from '../common/locale.js';
import { Technician } from '../technicians/technician.entity.js';
import { CsvSyntaxError, readCsvRecords } from './csv-reader.js';
import { CSV_COLUMNS } from './csv-format.js';
import { ImportError } from './import.errors.js';
import { ImportJob, ImportJobStatus } from './import-job.entity.js';
import { ImportProgress } from './import-progress.js';
import { loadImportWindowRules } from './import-setting.service.js';
import { ImportStaging, type MergeCounts } from './import-staging.js';
import { ImportOrdersSuccess, ImportRowError, ImportRowErrors } from './order-import.types.js';
import type { PendingUpload } from './upload.scalar.js';
import { checkOrderRow, readHeader, rowMemo, type CsvHeader, type RowContext } from './order-row.js';
import { prepareRowRules, type RowProblem } from './order-row-rules.js';

/** The report lists at most this many problems (it counts them all). */
export const ROW_REPORT_LIMIT = 200;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const COLUMN_ORDER = new Map<string, number>(CSV_COLUMNS.map((column, index) => [column, index]));

/** Problems of one import: all counted, the first ROW_REPORT_LIMIT (by line) kept. */
class RowReport {
  private problems: RowProblem[] = [];
  count = 0;

  add(problems: readonly RowProblem[], total = problems.length): void {
    this.count += total;
    if (this.problems.length < ROW_REPORT_LIMIT) this.problems.push(...problems);
  }

  listed(): RowProblem[] {
    return this.problems
      .sort(
        (a, b) =>
          a.line - b.line || (COLUMN_ORDER.get(a.column ?? '') ?? -1) - (COLUMN_ORDER.get(b.column ?? '') ?? -1),
      )
      .slice(0, ROW_REPORT_LIMIT);
  }
}

/** Thrown inside the transaction to roll it back when the report is not empty. */
class RowsRefused extends Error {
  constructor(readonly rows: number) {
    super('rows refused');
  }
}

/** Technicians by personal number: exactly as written, else ignoring case when that is unambiguous. */
async function technicianLookup(em: EntityManager): Promise<(personalNumber: string) => number | undefined> {
  const exact = new Map<string, number>();
  const folded = new Map<string, number | null>();
  const rows = await em.find(Technician, {}, { fields: ['id', 'personalNumber'], disableIdentityMap: true });
  for (const { id, personalNumber } of rows) {
    exact.set(personalNumber, id);
    const key = personalNumber.toUpperCase();
    folded.set(key, folded.has(key) ? null : id);
  }
  return (personalNumber) => exact.get(personalNumber) ?? folded.get(personalNumber.toUpperCase()) ?? undefined;
}

export class OrderImportService {
  constructor(private readonly ctx: AppContext) {}

  /**
   * Imports a CSV file of orders for one country. Every row is checked first (while the file
   * streams in); if any is bad nothing is written and the report lists the problems; otherwise
   * the rows are upserted on reference number in the same transaction.
   */
  async importOrders(
    country: Country,
    pending: PendingUpload,
    requestedJobId?: string | null,
  ): Promise<ImportOrdersSuccess | ImportRowErrors> {
    const jobId = requestedJobId?.trim() || randomUUID();
    if (!UUID.test(jobId)) throw new AppError(ImportError.IMPORT_JOB_ID_INVALID);
    let upload: FileUpload;
    try {
      upload = await pending.file;
    } catch (error) {
      throw this.uploadFailure(error);
    }
    const job = await this.startJob(jobId, country, upload.filename);
    const progress = new ImportProgress(this.ctx.services.orm, jobId, this.ctx.log);
    const report = new RowReport();
    let rows = 0;
    let source: Readable;
    try {
      source = upload.createReadStream();
    } catch (error) {
      await this.finishJob(job, ImportJobStatus.FAILED, {});
      throw this.uploadFailure(error);
    }
    // The upload may fail (too large, cut off) while the import still prepares and nobody reads the
    // stream yet: without a listener that 'error' event would crash the process. The reader still
    // gets the error, from the errored stream, when it starts.
    let uploadError: unknown;
    source.on('error', (error) => (uploadError ??= error));
    try {
      const counts = await this.run(jobId, country, source, report, progress, (checked) => (rows = checked));
      await progress.settle();
      await this.finishJob(job, ImportJobStatus.SUCCEEDED, { ...counts, rowsChecked: rows, rowsWritten: rows });
      return Object.assign(new ImportOrdersSuccess(), { jobId, rows, ...counts });
    } catch (error) {
      await progress.settle();
      if (error instanceof RowsRefused) {
        await this.finishJob(job, ImportJobStatus.REJECTED, { rowsChecked: error.rows, errorCount: report.count });
        return this.refusal(jobId, error.rows, report);
      }
      await this.finishJob(job, ImportJobStatus.FAILED, { rowsChecked: rows });
      if (error instanceof AppError) throw error;
      // The stream may have failed before anyone listened (then only `errored` knows).
      uploadError ??= source.errored ?? undefined;
      if (uploadError !== undefined) throw this.uploadFailure(uploadError);
      throw error;
    }
  }

  /** An import's progress and outcome, for the screen that polls it. */
  findJob(id: string): Promise<ImportJob | null> {
    return UUID.test(id) ? this.ctx.em.findOne(ImportJob, { id }) : Promise.resolve(null);
  }

  private async run(
    jobId: string,
    country: Country,
    source: Readable,
    report: RowReport,
    progress: ImportProgress,
    onChecked: (rows: number) => void,
  ): Promise<MergeCounts> {
    const { em, services } = this.ctx;
    const context: RowContext = {
      country,
      zone: TIME_ZONE[country],
      windows: await loadImportWindowRules(em),
      technicianId: await technicianLookup(em),
      rules: await prepareRowRules(em, country),
      memo: rowMemo(),
    };
    const actor = await importActorOf(this.ctx, em, jobId);
    return em.fork().transactional(async (tem) => {
      const staging = new ImportStaging(tem);
      await staging.open();
      const header = await this.stage(source, context, staging, report, progress, onChecked);
      const conflicts = await staging.conflicts(ROW_REPORT_LIMIT);
      report.add(conflicts.problems, conflicts.total);
      if (report.count > 0) throw new RowsRefused(header.rows);
      return staging.merge(header.columns, services.clock.now(), actor, (written) => progress.written(written));
    });
  }

  /** Reads, checks and stages every row; returns the header's columns and the number of data rows. */
  private async stage(
    source: Readable,
    context: RowContext,
    staging: ImportStaging,
    report: RowReport,
    progress: ImportProgress,
    onChecked: (rows: number) => void,
  ): Promise<{ columns: Set<string>; rows: number }> {
    let header: CsvHeader | undefined;
    let headerSeen = false;
    let rows = 0;
    try {
      for await (const record of readCsvRecords(source)) {
        if (!headerSeen) {
          headerSeen = true;
          const read = readHeader(record, this.ctx.services.config.brand);
          report.add(read.problems);
          // Without a usable header no row can be read: the report names the columns to fix.
          if (!read.header) throw new RowsRefused(0);
          header = read.header;
          continue;
        }
        rows++;
        const { order, reference, problems } = checkOrderRow(record, header!, context);
        report.add(problems);
        const staged = order ?? reference;
        const sending = staged && staging.add(staged);
        if (sending) await sending;
        onChecked(rows);
        progress.checked(rows);
      }
    } catch (error) {
      if (!(error instanceof CsvSyntaxError)) throw error;
      report.add([{ line: error.line, column: null, message: error.reason }]);
      throw new RowsRefused(rows);
    }
    await staging.flush();
    if (!headerSeen) throw new AppError(ImportError.IMPORT_FILE_EMPTY);
    if (rows === 0) throw new AppError(ImportError.IMPORT_NO_ROWS);
    return { columns: new Set(header!.columns.keys()), rows };
  }

  private refusal(jobId: string, rows: number, report: RowReport): ImportRowErrors {
    const { language } = this.ctx;
    return Object.assign(new ImportRowErrors(), {
      jobId,
      rowsChecked: rows,
      errorCount: report.count,
      errors: report.listed().map((problem) =>
        Object.assign(new ImportRowError(), {
          line: problem.line,
          column: problem.column,
          value: problem.value ?? null,
          message: translate(language, problem.message, problem.params),
        }),
      ),
    });
  }

  /**
   * The file did not arrive whole: none was sent (the uploaders' 400), it was too large (413), or the
   * request broke its framing or was cut off (the multipart parser's own errors carry no status).
   */
  private uploadFailure(error: unknown): AppError {
    if (isTooLarge(error)) return this.tooLarge();
    const { status, code } = (error as { status?: unknown; code?: unknown } | null) ?? {};
    if (status === 400 && code !== CommonError.UPLOAD_MALFORMED.code)
      return new AppError(ImportError.IMPORT_FILE_MISSING);
    return new AppError(CommonError.UPLOAD_MALFORMED);
  }

  private tooLarge(): AppError {
    return new AppError(ImportError.IMPORT_FILE_TOO_LARGE, {
      params: { max: Math.round(UPLOAD_LIMITS.maxFileSize / (1024 * 1024)) },
    });
  }

  private async startJob(id: string, country: Country, fileName: string): Promise<ImportJob> {
    const em = this.ctx.em.fork();
    if (await em.count(ImportJob, { id })) throw new AppError(ImportError.IMPORT_JOB_ID_TAKEN);
    const viewer = this.ctx.viewer;
    const job = em.create(ImportJob, {
      id,
      country,
      fileName: (fileName || 'upload.csv').slice(0, 255),
      admin: viewer?.role === Role.ADMIN ? em.getReference(Admin, viewer.adminId) : null,
      startedAt: this.ctx.services.clock.now(),
    });
    await em.flush();
    return job;
  }

  private async finishJob(job: ImportJob, status: ImportJobStatus, values: Partial<ImportJob>): Promise<void> {
    await this.ctx.em
      .fork()
      .nativeUpdate(ImportJob, { id: job.id }, { ...values, status, finishedAt: this.ctx.services.clock.now() });
  }
}
