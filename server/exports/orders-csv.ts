import { Readable } from 'node:stream';
import { finished } from 'node:stream/promises';
import { IsolationLevel } from '@mikro-orm/core';
import type { AppContext } from '../context.js';
import { TIME_ZONE, type Country } from '../common/locale.js';
import { copyToStdout } from '../common/db/copy-to-stdout.js';
import { formatLocalDate, localPartsOf } from '../../shared/zoned-time.js';
import {
  ADDRESS_DETAIL_COLUMNS,
  CSV_COLUMNS,
  formatCsvDate,
  IMPORT_ONLY_COLUMNS,
  type CsvColumn,
} from '../imports/csv-format.js';
import { formatVisitWindow } from '../imports/import-window.js';
import type { ExportOutcomeLabel } from '../common/metrics/app-metrics.js';
import { AppError } from '../common/errors/app-error.js';
import { ExportError } from './export.errors.js';
import { OrderRepository, activeOrderSql, checkedOrderFilter, type OrderFilterInput } from '../orders/index.js';
import { BinaryCopyFormatError, BinaryCopyReader, type BinaryCopyRow } from './binary-copy-rows.js';
import { CsvBytes } from './csv-bytes.js';

export const EXPORT_CONTENT_TYPE = 'text/csv; charset=utf-8';
export const EXPORT_PATH = '/api/admin/export';
/** The download of a selection: `?filter=` is the order list's filter as JSON (OrderFilterInput). */
export const EXPORT_SELECTION_PATH = '/api/admin/export/selection';

/**
 * The most orders one export of a selection holds. The selection's ids travel inside the COPY's text (it takes no
 * parameters), so they are bounded; a whole country has its own export, which has no such bound.
 */
export const EXPORT_SELECTION_MAX = 10_000;

/** What an export holds: the active orders of a country, or the orders the order list's filter matches. */
type ExportScope = { kind: 'country'; country: Country } | { kind: 'selection'; filter: OrderFilterInput };

/** Bytes of CSV handed to the answer at once: one socket write each, not one per order. */
const ANSWER_CHUNK_BYTES = 64 * 1024;

/** What a spreadsheet needs to read the file as UTF-8. */
const BYTE_ORDER_MARK = new Uint8Array([0xef, 0xbb, 0xbf]);

/** The fields of the export's COPY, in its select list's order. */
const Field = {
  referenceNumber: 0,
  name: 1,
  email: 2,
  phone: 3,
  zipcode: 4,
  street: 5,
  houseNumber: 6,
  houseNumberAddition: 7,
  city: 8,
  country: 9,
  appointment: 10,
  duration: 11,
  personalNumber: 12,
  special: 13,
  externalCompany: 14,
} as const;
const FIELD_COUNT = Object.keys(Field).length;

/**
 * The orders `where` holds as PostgreSQL's binary COPY: it streams the rows as fast as they are read, without
 * a round trip per batch, and sends text as its bytes and numbers and instants as binary, so nothing is parsed
 * or escaped on the way. COPY takes no parameters: `where` holds a country that is one of the enum's values, or
 * ids the database gave, never caller text.
 */
const exportSql = (where: string) => `
  copy (
    select o.reference_number, o.name, o.email, o.phone, o.zipcode, o.street, o.house_number::int4,
           o.house_number_addition, o.city, o.country::text, o.appointment, o.duration::int4, t.personal_number,
           o.special, o.external_company::int4
    from orders o left join technicians t on t.id = o.technician_id
    where ${where}
    order by o.appointment, o.reference_number, o.id
  ) to stdout (format binary)`;

/**
 * Before the rows: whether any exported order has a street or an addition (only then does the export carry those
 * columns), and the connection's backend, which an export stopped early cancels.
 */
const exportStartSql = (where: string) => `
  select pg_backend_pid() as pid, exists (
    select 1 from orders o
    where ${where} and (o.street is not null or o.house_number_addition is not null)
  ) as present`;

const CANCEL_SQL = 'select pg_cancel_backend(?)';

/** The window as `HH:MM/HH:MM` in the country's zone, so it imports unchanged; the date day-month-year. */
interface Appointment {
  date: string;
  window: string;
}

/**
 * Writes one cell of the order in `row`. The date and window come worked out: rows come in the order of their
 * appointments, so most follow one with the same appointment and reuse its text.
 */
type CellWriter = (out: CsvBytes, row: BinaryCopyRow, appointment: Appointment) => void;

const textCell =
  (field: number): CellWriter =>
  (out, row) => {
    if (!row.isNull(field)) out.cellBytes(row.buffer, row.starts[field], row.ends[field]);
  };

const CELL_WRITERS: Record<Exclude<CsvColumn, 'language'>, CellWriter> = {
  reference_number: textCell(Field.referenceNumber),
  name: textCell(Field.name),
  email: textCell(Field.email),
  phone: textCell(Field.phone),
  zipcode: textCell(Field.zipcode),
  street: textCell(Field.street),
  house_number: (out, row) => out.cell(String(row.int4(Field.houseNumber))),
  house_number_addition: textCell(Field.houseNumberAddition),
  city: textCell(Field.city),
  country: textCell(Field.country),
  date: (out, _row, appointment) => out.cell(appointment.date),
  time: (out, _row, appointment) => out.cell(appointment.window),
  technician: textCell(Field.personalNumber),
  flag: (out, row) => out.cell(row.bool(Field.special) ? '1' : '0'),
  external: (out, row) => {
    if (!row.isNull(Field.externalCompany)) out.cell(String(row.int4(Field.externalCompany)));
  },
};

/** The columns an export may write: all but those only an import reads. */
type ExportedColumn = keyof typeof CELL_WRITERS;

const isExported = (column: CsvColumn): column is ExportedColumn => !IMPORT_ONLY_COLUMNS.has(column);

/** The zone of a row's order: its country's (a selection may hold both countries). */
const zoneOfRow = (row: BinaryCopyRow): string =>
  TIME_ZONE[row.buffer.toString('latin1', row.starts[Field.country], row.ends[Field.country]) as Country];

/** Writes each order as a CSV record of `columns`; the window in `zone`, or in each order's own when null. */
function orderRecords(
  out: CsvBytes,
  columns: readonly ExportedColumn[],
  zone: string | null,
): (row: BinaryCopyRow) => void {
  const writers = columns.map((column) => CELL_WRITERS[column]);
  let lastStartMs = Number.NaN;
  let lastDuration = Number.NaN;
  let lastZone = '';
  let appointment: Appointment = { date: '', window: '' };
  return (row) => {
    const startMs = row.timestampMs(Field.appointment);
    const duration = row.int4(Field.duration);
    const rowZone = zone ?? zoneOfRow(row);
    if (startMs !== lastStartMs || duration !== lastDuration || rowZone !== lastZone) {
      const start = localPartsOf(new Date(startMs), rowZone);
      const startMinutes = start.hour * 60 + start.minute;
      appointment = {
        date: formatCsvDate(formatLocalDate(start)),
        window: formatVisitWindow({ start: startMinutes, end: startMinutes + Math.round(duration / 60) }),
      };
      lastStartMs = startMs;
      lastDuration = duration;
      lastZone = rowZone;
    }
    for (let index = 0; index < writers.length; index++) {
      if (index > 0) out.delimiter();
      writers[index](out, row, appointment);
    }
    out.recordEnd();
  };
}

/** How long a refused export is told to wait before trying again (Retry-After). */
const RETRY_AFTER_SECONDS = 30;

/** How long after the export's deadline PostgreSQL ends its statement or transaction itself. */
const DATABASE_BACKSTOP_MS = 30_000;

/** The export ran into its deadline (`EXPORT_DEADLINE_MS`): the download is cut off. */
class ExportDeadlineError extends Error {
  constructor(deadlineMs: number) {
    super(`The export took longer than its deadline of ${deadlineMs} ms and was cut off`);
  }
}

/**
 * One export on its way: its transaction, its COPY and the answer it writes into. It ends in one of three ways:
 * the last row is sent and the transaction committed; the answer is destroyed (the client went away, or the
 * deadline), and the COPY is cancelled and what it still sends is dropped; or something fails, and the answer is
 * destroyed with the error. The answer closes only once the connection is given back.
 */
class OrdersExportRun {
  readonly answer: Readable;
  private readonly done: Promise<void>;
  private copy: Readable | undefined;
  private backendPid: number | undefined;
  /** Set once the export is to end early: rows still coming are dropped. */
  private stopping = false;
  private cancelling: Promise<void> | undefined;
  /** Set once the COPY has ended: its connection may then run other statements, which no cancel may reach. */
  private copyEnded = false;
  /** What stopped the export from inside (a row it could not read), if anything. */
  private failure: Error | undefined;
  private timedOut = false;
  private sent = 0;

  constructor(
    private readonly ctx: AppContext,
    private readonly scope: ExportScope,
    private readonly deadlineMs: number,
  ) {
    this.answer = new Readable({
      read: () => {
        this.copy?.resume();
      },
      destroy: (error, callback) => {
        this.stop();
        this.done.then(
          () => callback(error),
          (failure: unknown) => callback(error ?? (failure as Error)),
        );
      },
    });
    this.done = this.run();
    this.done.catch((error: unknown) => {
      ctx.log.error({ err: error }, 'export failed');
      this.answer.destroy(error as Error);
    });
    const deadline = setTimeout(() => {
      this.timedOut = true;
      ctx.log.warn({ deadlineMs }, 'export cut off at its deadline');
      this.answer.destroy(new ExportDeadlineError(deadlineMs));
    }, deadlineMs);
    this.answer.once('close', () => clearTimeout(deadline));
  }

  /**
   * The header, then the orders of the scope, from one COPY inside one read-only snapshot (a selection's ids are
   * read in the same snapshot). The columns of full addresses come only when an order has one (ADDRESS_DETAIL_COLUMNS).
   */
  private async run(): Promise<void> {
    const { metrics } = this.ctx.services;
    const em = this.ctx.em.fork();
    await em.begin({ isolationLevel: IsolationLevel.REPEATABLE_READ, readOnly: true });
    metrics.exportStarted();
    let open = true;
    // Left as `aborted` when the download goes away before its end.
    let outcome: ExportOutcomeLabel = 'aborted';
    try {
      // The COPY waits while the client does not read: longer than a request's usual statement limit, so
      // the export's own deadline bounds it. PostgreSQL ends the statement, or a transaction left idle,
      // only some time after that deadline: a backstop should this process fail to end the export
      // itself, never a race with it.
      const backstopMs = this.deadlineMs + DATABASE_BACKSTOP_MS;
      await em.execute(`set local statement_timeout = ${backstopMs}`);
      await em.execute(`set local idle_in_transaction_session_timeout = ${backstopMs}`);
      const where = await this.whereOfScope(em);
      if (this.stopping) return;
      const [start] = await em.execute<{ pid: number; present: boolean }[]>(exportStartSql(where));
      if (this.stopping) return;
      this.backendPid = start.pid;
      const columns = CSV_COLUMNS.filter(isExported).filter(
        (column) => start.present || !ADDRESS_DETAIL_COLUMNS.has(column),
      );
      const out = new CsvBytes(ANSWER_CHUNK_BYTES, (block) => {
        if (!this.answer.push(block)) this.copy?.pause();
      });
      out.bytes(BYTE_ORDER_MARK);
      columns.forEach((column, index) => {
        if (index > 0) out.delimiter();
        out.cell(column);
      });
      out.recordEnd();
      out.flush();
      const writeOrder = orderRecords(
        out,
        columns,
        this.scope.kind === 'country' ? TIME_ZONE[this.scope.country] : null,
      );
      const reader = new BinaryCopyReader(FIELD_COUNT, (row) => {
        writeOrder(row);
        this.sent++;
      });
      this.copy = await copyToStdout(em, exportSql(where));
      const copyError = await this.readCopy(this.copy, reader);
      if (this.stopping && this.failure === undefined) return;
      const failure =
        this.failure ??
        copyError ??
        (reader.complete ? undefined : new BinaryCopyFormatError("The export's COPY ended before its end marker"));
      if (failure) throw failure;
      out.flush();
      await em.commit();
      open = false;
      outcome = 'completed';
      this.answer.push(null);
    } catch (error) {
      outcome = 'failed';
      throw error;
    } finally {
      if (open) await em.rollback().catch(() => undefined);
      this.ctx.services.metrics.exportFinished(this.timedOut ? 'timed_out' : outcome, this.sent);
    }
  }

  /**
   * The scope as the COPY's condition: a country's active orders; or the ids the filter matches now, in this
   * snapshot, up to EXPORT_SELECTION_MAX (the question before the download refused a larger selection).
   */
  private async whereOfScope(em: AppContext['em']): Promise<string> {
    if (this.scope.kind === 'country') return `o.country = '${this.scope.country}' and ${activeOrderSql('o')}`;
    const technicianId = await checkedOrderFilter(em, this.scope.filter);
    const ids = await new OrderRepository(em).selectionIds(this.scope.filter, technicianId, EXPORT_SELECTION_MAX);
    // Integers from the database: nothing of the caller's text reaches the COPY.
    return `o.id = any('{${ids.map((id) => String(Math.trunc(id))).join(',')}}'::int4[])`;
  }

  /** Hands the COPY's chunks to `reader` until the COPY has ended; the error it ended with, if any. */
  private async readCopy(copy: Readable, reader: BinaryCopyReader): Promise<Error | undefined> {
    copy.on('data', (chunk: Buffer) => {
      if (this.stopping) return;
      try {
        reader.push(chunk);
      } catch (error) {
        this.failure = error instanceof Error ? error : new Error(String(error));
        this.stop();
      }
    });
    // The export may have been stopped while the COPY was being started.
    if (this.stopping) this.stop();
    const copyError = await finished(copy).then(
      () => undefined,
      (error: Error) => error,
    );
    this.copyEnded = true;
    await this.cancelling;
    return copyError;
  }

  /**
   * Ends the export early: a COPY under way is cancelled (from another connection: this one is busy with it)
   * and read on, its rows dropped, until it ends with the cancel's error; only then can its transaction end.
   */
  private stop(): void {
    this.stopping = true;
    const { copy, backendPid } = this;
    if (!copy || backendPid === undefined || this.copyEnded || this.cancelling) return;
    this.cancelling = this.ctx.em
      .fork()
      .execute(CANCEL_SQL, [backendPid])
      .then(
        () => undefined,
        (error: unknown) =>
          this.ctx.log.warn({ err: error }, 'export: its COPY could not be cancelled; it is read to its end'),
      );
    copy.resume();
  }
}

/**
 * The CSV export of a country's orders (UTF-8 with BOM, `;`, CRLF: what a Dutch spreadsheet opens),
 * streamed as it is read; deleted orders are left out. Used by the REST row of `GET /api/admin/export`.
 *
 * An export holds a database connection until its client has read the last row, so it takes one of
 * this process's export places first (`EXPORT_MAX_CONCURRENT`; none free: `EXPORTS_BUSY`, before any
 * byte is sent) and is cut off at its deadline (`EXPORT_DEADLINE_MS`) however slowly its client reads.
 * The place is given back once the connection is.
 */
export function ordersCsv(ctx: AppContext, country: Country): Readable {
  return openExport(ctx, { kind: 'country', country });
}

/**
 * The CSV export of the orders the order list's filter matches (deleted ones too when the filter asks for them), in
 * the same format, with the same export places and deadline as a country's. The filter was checked by the question
 * that gave the download's path (OrdersExportService.describeSelection); it is read again in the export's snapshot.
 */
export function ordersSelectionCsv(ctx: AppContext, filter: OrderFilterInput): Readable {
  return openExport(ctx, { kind: 'selection', filter });
}

function openExport(ctx: AppContext, scope: ExportScope): Readable {
  const { exportSlots, config } = ctx.services;
  const release = exportSlots.tryTake();
  if (!release) {
    throw new AppError(ExportError.EXPORTS_BUSY, {
      params: { max: exportSlots.size, seconds: RETRY_AFTER_SECONDS },
      data: { retryAfterSeconds: RETRY_AFTER_SECONDS },
    });
  }
  const { answer } = new OrdersExportRun(ctx, scope, config.exports.deadlineMs);
  // 'close' comes once the export's transaction has ended and its connection is back in the pool.
  answer.once('close', release);
  return answer;
}
