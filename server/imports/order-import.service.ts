import { randomUUID } from 'node:crypto';
import { assertCountryAllowed } from '../api-clients/index.js';
import type { Readable } from 'node:stream';
import type { FileUpload } from 'graphql-upload/processRequest.mjs';
import type { EntityManager } from '@mikro-orm/postgresql';
import { importActorOf, type AuditActor } from '../audit/order-audit.js';
import { UPLOAD_LIMITS } from '../config.js';
import type { AppContext } from '../context.js';
import { AppError } from '../common/errors/app-error.js';
import { CommonError } from '../common/errors/common.errors.js';
import { isTooLarge } from '../common/http/uploads.js';
import { translate } from '../common/i18n/translate.js';
import { TIME_ZONE, type Country } from '../common/locale.js';
import { Technician } from '../technicians/index.js';
import { CsvSyntaxError, readCsvRecords } from './csv-reader.js';
import { CSV_COLUMNS } from './csv-format.js';
import { ImportError } from './import.errors.js';
import { claimImport, type ImportClaim } from './import-claim.js';
import { ImportJob, ImportJobStatus } from './import-job.entity.js';
import { ImportProgress } from './import-progress.js';
import { loadImportWindowRules } from './import-setting.service.js';
import { ImportSpool } from './import-spool.js';
import { ImportStaging, type MergeCounts } from './import-staging.js';
import { ImportOrdersSuccess, ImportRowError, ImportRowErrors, type OrderCsvColumns } from './order-import.types.js';
import type { PendingUpload } from './upload.scalar.js';
import { checkOrderRow, readHeader, rowMemo, type ImportTechnician, type RowContext } from './order-row.js';
import { prepareRowRules, type RowProblem } from './order-row-rules.js';
import { officeViewerOf, readableCountries } from '../common/auth/viewer.js';

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

/** What reading the file gave: every data row checked and spooled, or a stop at a header or line no row after can be trusted. */
type ReadOutcome = { kind: 'read'; rows: number; columns: OrderCsvColumns } | { kind: 'stopped'; rows: number };

/** How an import ended when the file could be read: written, or refused with the report. */
type ImportOutcome = { kind: 'written'; rows: number; counts: MergeCounts } | { kind: 'refused'; rows: number };

/** Technicians by personal number: exactly as written, else ignoring case when that is unambiguous. */
async function technicianLookup(em: EntityManager): Promise<(personalNumber: string) => ImportTechnician | undefined> {
  const exact = new Map<string, ImportTechnician>();
  const folded = new Map<string, ImportTechnician | null>();
  const rows = await em.find(
    Technician,
    {},
    { fields: ['id', 'personalNumber', 'firstname', 'lastname', 'country'], disableIdentityMap: true },
  );
  for (const { id, personalNumber, firstname, lastname, country } of rows) {
    const technician = { id, firstname, lastname, country };
    exact.set(personalNumber, technician);
    const key = personalNumber.toUpperCase();
    folded.set(key, folded.has(key) ? null : technician);
  }
  return (personalNumber) => exact.get(personalNumber) ?? folded.get(personalNumber.toUpperCase()) ?? undefined;
}

/**
 * An upload stream's own failure (too large, cut off, client gone), told apart from what reading
 * it raised. A stream may fail before anyone listens: then only `errored` knows.
 */
function watchUpload(source: Readable): () => unknown {
  let failure: unknown;
  source.on('error', (error) => (failure ??= error));
  return () => failure ?? source.errored ?? undefined;
}

export class OrderImportService {
  constructor(private readonly ctx: AppContext) {}

  /**
   * Imports a CSV file of orders for one country, all rows or none, in three steps: claim the one
   * import slot (IMPORT_IN_PROGRESS at once when taken); read the upload to its end, checking every
   * row and spooling it to a temporary file, with no transaction open; then one short transaction
   * that copies the spooled rows in, finds the problems across rows and stored orders, and writes
   * the rows when there are none. The outcome is a value: written, or refused with the report.
   */
  async importOrders(
    country: Country,
    pending: PendingUpload,
    requestedJobId?: string | null,
  ): Promise<ImportOrdersSuccess | ImportRowErrors> {
    assertCountryAllowed(this.ctx, country);
    const jobId = requestedJobId?.trim() || randomUUID();
    if (!UUID.test(jobId)) throw new AppError(ImportError.IMPORT_JOB_ID_INVALID);
    const upload = await this.fileOf(pending);
    const { orm, clock, metrics } = this.ctx.services;
    const viewer = this.ctx.viewer;
    const claim = await claimImport(
      orm,
      {
        id: jobId,
        country,
        fileName: upload.filename,
        adminId: officeViewerOf(viewer)?.adminId ?? null,
        startedAt: clock.now(),
      },
      this.ctx.log,
    );
    metrics.importStarted();
    const progress = new ImportProgress(orm, jobId, this.ctx.log);
    const report = new RowReport();
    let outcome: ImportOutcome;
    try {
      outcome = await this.run(claim, country, upload, report, progress);
    } catch (error) {
      await progress.settle();
      metrics.importFinished('failed', progress.rowsChecked);
      await claim.finish(ImportJobStatus.FAILED, { rowsChecked: progress.rowsChecked }, clock.now());
      throw error;
    }
    await progress.settle();
    if (outcome.kind === 'refused') {
      metrics.importFinished('rejected', outcome.rows);
      await claim.finish(
        ImportJobStatus.REJECTED,
        { rowsChecked: outcome.rows, errorCount: report.count },
        clock.now(),
      );
      return this.refusal(jobId, outcome.rows, report);
    }
    const { rows, counts } = outcome;
    metrics.importFinished('succeeded', rows);
    await claim.finish(ImportJobStatus.SUCCEEDED, { ...counts, rowsChecked: rows, rowsWritten: rows }, clock.now());
    return Object.assign(new ImportOrdersSuccess(), { jobId, rows, ...counts });
  }

  /** An import's progress and outcome, for the screen that polls it. */
  findJob(id: string): Promise<ImportJob | null> {
    // An application's key finds the imports of its own countries only.
    const countries = readableCountries(this.ctx.viewer);
    const where = countries ? { id, country: { $in: [...countries] } } : { id };
    return UUID.test(id) ? this.ctx.em.findOne(ImportJob, where) : Promise.resolve(null);
  }

  private async run(
    claim: ImportClaim,
    country: Country,
    upload: FileUpload,
    report: RowReport,
    progress: ImportProgress,
  ): Promise<ImportOutcome> {
    const { em } = this.ctx;
    const context: RowContext = {
      country,
      zone: TIME_ZONE[country],
      windows: await loadImportWindowRules(em),
      technician: await technicianLookup(em),
      rules: await prepareRowRules(em, country),
      memo: rowMemo(),
    };
    const actor = await importActorOf(this.ctx, em, claim.jobId);
    const spool = await ImportSpool.create();
    try {
      const read = await this.readInto(spool, upload, context, report, progress);
      if (read.kind === 'stopped') return { kind: 'refused', rows: read.rows };
      return await this.write(spool, read, report, progress, actor);
    } finally {
      await spool.remove();
    }
  }

  /** Reads, checks and spools every row of the upload; no database work but the progress. */
  private async readInto(
    spool: ImportSpool,
    upload: FileUpload,
    context: RowContext,
    report: RowReport,
    progress: ImportProgress,
  ): Promise<ReadOutcome> {
    const source = this.openUpload(upload);
    const uploadFailure = watchUpload(source);
    const records = readCsvRecords(source);
    let rows = 0;
    try {
      const first = await records.next();
      if (first.done) throw new AppError(ImportError.IMPORT_FILE_EMPTY);
      const { header, problems } = readHeader(first.value, this.ctx.services.config.brand);
      report.add(problems);
      // Without a usable header no row can be read: the report names the columns to fix.
      if (!header) return { kind: 'stopped', rows };
      for await (const record of records) {
        rows++;
        const { order, reference, problems: rowProblems } = checkOrderRow(record, header, context);
        report.add(rowProblems);
        const staged = order ?? reference;
        const writing = staged && spool.add(staged);
        if (writing) await writing;
        progress.checked(rows);
      }
      if (rows === 0) throw new AppError(ImportError.IMPORT_NO_ROWS);
      await spool.finish();
      return { kind: 'read', rows, columns: new Set(header.columns.keys()) };
    } catch (error) {
      if (error instanceof CsvSyntaxError) {
        report.add([{ line: error.line, column: null, message: error.reason }]);
        return { kind: 'stopped', rows };
      }
      if (error instanceof AppError) throw error;
      const failure = uploadFailure();
      throw failure === undefined ? error : this.uploadFailure(failure);
    } finally {
      await records.return(undefined);
    }
  }

  /**
   * The one transaction of an import, begun once the whole file is checked and on disk: it lasts as
   * long as PostgreSQL takes to copy and merge the rows, whatever the speed of the upload.
   */
  private write(
    spool: ImportSpool,
    read: Extract<ReadOutcome, { kind: 'read' }>,
    report: RowReport,
    progress: ImportProgress,
    actor: AuditActor,
  ): Promise<ImportOutcome> {
    const { em, services, log } = this.ctx;
    const started = performance.now();
    return em.fork().transactional(async (tem): Promise<ImportOutcome> => {
      const staging = new ImportStaging(tem);
      await staging.open();
      await staging.load(spool.open(), spool.rows);
      const conflicts = await staging.conflicts(ROW_REPORT_LIMIT);
      report.add(conflicts.problems, conflicts.total);
      // Only the temporary table was written, and it goes with the transaction.
      if (report.count > 0) return { kind: 'refused', rows: read.rows };
      const counts = await staging.merge(read.columns, services.clock.now(), actor, (written) =>
        progress.written(written),
      );
      log.info({ rows: read.rows, ms: Math.round(performance.now() - started) }, 'import transaction');
      return { kind: 'written', rows: read.rows, counts };
    });
  }

  private async fileOf(pending: PendingUpload): Promise<FileUpload> {
    try {
      return await pending.file;
    } catch (error) {
      throw this.uploadFailure(error);
    }
  }

  private openUpload(upload: FileUpload): Readable {
    try {
      return upload.createReadStream();
    } catch (error) {
      // graphql-upload throws here when the file already failed (cut off, too large).
      throw this.uploadFailure(error);
    }
  }

  /**
   * The file did not arrive whole: none was sent (the uploaders' 400), it was too large (413), or the
   * request broke its framing or was cut off (the multipart parser's own errors carry no status).
   */
  private uploadFailure(error: unknown): AppError {
    if (isTooLarge(error)) {
      return new AppError(ImportError.IMPORT_FILE_TOO_LARGE, {
        params: { max: Math.round(UPLOAD_LIMITS.maxFileSize / (1024 * 1024)) },
      });
    }
    const { status, code } = (error as { status?: unknown; code?: unknown } | null) ?? {};
    if (status === 400 && code !== CommonError.UPLOAD_MALFORMED.code)
      return new AppError(ImportError.IMPORT_FILE_MISSING);
    // A broken request is the HTTP answer's status too (400), as when the framing is refused up front.
    return new AppError(CommonError.UPLOAD_MALFORMED, { data: { http: { status: 400 } } });
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
}
