import { Readable, pipeline } from 'node:stream';
import { IsolationLevel } from '@mikro-orm/core';
import { stringify } from 'csv-stringify';
import type { AppContext } from '../context.js';
import { TIME_ZONE, type Country } from '../common/locale.js';
import { formatLocalDate, localPartsOf } from '../../shared/zoned-time.js';
import {
  ADDRESS_DETAIL_COLUMNS,
  CSV_COLUMNS,
  escapeFormula,
  formatCsvDate,
  type CsvColumn,
} from '../imports/csv-format.js';
import { formatVisitWindow } from '../imports/import-window.js';
import type { ExportOutcomeLabel } from '../common/metrics/app-metrics.js';
import { AppError } from '../common/errors/app-error.js';
import { ExportError } from './export.errors.js';
import { activeOrderSql } from '../orders/repository/active-orders.js';

export const EXPORT_CONTENT_TYPE = 'text/csv; charset=utf-8';
export const EXPORT_PATH = '/api/admin/export';

/** Rows fetched per round trip of the cursor: memory stays flat whatever the number of orders. */
const CURSOR_CHUNK_ROWS = 500;

interface ExportRow {
  reference_number: string;
  name: string;
  email: string;
  phone: string;
  zipcode: string;
  house_number: number;
  street: string | null;
  house_number_addition: string | null;
  city: string;
  country: string;
  appointment: Date;
  duration: number;
  personal_number: string | null;
  special: boolean;
  external_company: number | null;
}

const EXPORT_SQL = `
  select o.reference_number, o.name, o.email, o.phone, o.zipcode, o.house_number, o.street, o.house_number_addition,
         o.city, o.country,
         o.appointment, o.duration, t.personal_number, o.special, o.external_company
  from orders o left join technicians t on t.id = o.technician_id
  where o.country = ? and ${activeOrderSql('o')}
  order by o.appointment, o.reference_number`;

/** Whether any exported order has a street or an addition: only then does the export carry those columns. */
const ADDRESS_DETAILS_SQL = `
  select exists (
    select 1 from orders o
    where o.country = ? and ${activeOrderSql('o')} and (o.street is not null or o.house_number_addition is not null)
  ) as present`;

/** One order as a CSV record: the window as `HH:MM/HH:MM` in the country's zone, so it imports unchanged. */
function toRecord(row: ExportRow, zone: string, columns: readonly CsvColumn[]): string[] {
  const start = localPartsOf(new Date(row.appointment), zone);
  const startMinutes = start.hour * 60 + start.minute;
  const cells: Record<CsvColumn, string> = {
    reference_number: row.reference_number,
    name: row.name,
    email: row.email,
    phone: row.phone,
    zipcode: row.zipcode,
    street: row.street ?? '',
    house_number: String(row.house_number),
    house_number_addition: row.house_number_addition ?? '',
    city: row.city,
    country: row.country,
    date: formatCsvDate(formatLocalDate(start)),
    time: formatVisitWindow({ start: startMinutes, end: startMinutes + Math.round(row.duration / 60) }),
    technician: row.personal_number ?? '',
    flag: row.special ? '1' : '0',
    external: row.external_company === null ? '' : String(row.external_company),
  };
  return columns.map((column) => escapeFormula(cells[column]));
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
 * The header, then the orders of a country, read through a database cursor inside one read-only snapshot. The
 * columns of full addresses come only when an order has one (ADDRESS_DETAIL_COLUMNS).
 */
async function* exportRecords(
  ctx: AppContext,
  country: Country,
  run: { deadlineMs: number; timedOut: boolean },
): AsyncGenerator<string[]> {
  const em = ctx.em.fork();
  const zone = TIME_ZONE[country];
  const { metrics } = ctx.services;
  await em.begin({ isolationLevel: IsolationLevel.REPEATABLE_READ, readOnly: true });
  metrics.exportStarted();
  let open = true;
  let sent = 0;
  // Left as `aborted` when the download goes away: the stream then ends this generator without an error.
  let outcome: ExportOutcomeLabel = 'aborted';
  try {
    // The rows stream from one statement that waits while the client does not read: longer than a
    // request's usual statement limit, so the export's own deadline bounds it. PostgreSQL ends the
    // statement, or a transaction left idle, only some time after that deadline: a backstop should this
    // process fail to end the export itself, never a race with it.
    const backstopMs = run.deadlineMs + DATABASE_BACKSTOP_MS;
    await em.execute(`set local statement_timeout = ${backstopMs}`);
    await em.execute(`set local idle_in_transaction_session_timeout = ${backstopMs}`);
    const [details] = await em.execute<{ present: boolean }[]>(ADDRESS_DETAILS_SQL, [country]);
    const columns = CSV_COLUMNS.filter((column) => details.present || !ADDRESS_DETAIL_COLUMNS.has(column));
    yield [...columns];
    const rows = em
      .getConnection()
      .stream<ExportRow>(EXPORT_SQL, [country], em.getTransactionContext(), undefined, CURSOR_CHUNK_ROWS);
    for await (const row of rows) {
      yield toRecord(row, zone, columns);
      sent++;
    }
    await em.commit();
    open = false;
    outcome = 'completed';
  } catch (error) {
    outcome = 'failed';
    throw error;
  } finally {
    if (open) await em.rollback().catch(() => undefined);
    metrics.exportFinished(run.timedOut ? 'timed_out' : outcome, sent);
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
  const { exportSlots, config } = ctx.services;
  const release = exportSlots.tryTake();
  if (!release) {
    throw new AppError(ExportError.EXPORTS_BUSY, {
      params: { max: exportSlots.size, seconds: RETRY_AFTER_SECONDS },
      data: { retryAfterSeconds: RETRY_AFTER_SECONDS },
    });
  }
  const run = { deadlineMs: config.exports.deadlineMs, timedOut: false };
  const records = Readable.from(exportRecords(ctx, country, run));
  // 'close' comes once the generator has finished, its transaction rolled back or committed.
  records.once('close', release);
  const csv = stringify({
    delimiter: ';',
    // Quoted too: a cell holding `,` (a list separator elsewhere) or `;`; quotes and line breaks already are.
    quoted_match: /[,;\t|]/,
    bom: true,
    // The first record is the header: its columns depend on the data (exportRecords).
    record_delimiter: 'windows',
  });
  const deadline = setTimeout(() => {
    run.timedOut = true;
    csv.destroy(new ExportDeadlineError(run.deadlineMs));
  }, run.deadlineMs);
  csv.once('close', () => clearTimeout(deadline));
  return pipeline(records, csv, (error) => {
    if (!error || error.code === 'ERR_STREAM_PREMATURE_CLOSE') return;
    if (error instanceof ExportDeadlineError)
      ctx.log.warn({ deadlineMs: run.deadlineMs }, 'export cut off at its deadline');
    else ctx.log.error({ err: error }, 'export failed');
  });
}
