import { Readable, pipeline } from 'node:stream';
import { IsolationLevel } from '@mikro-orm/core';
import { stringify } from 'csv-stringify';
import type { AppContext } from '../context.js';
import { TIME_ZONE, type Country } from '../common/locale.js';
import { formatLocalDate, localDateOf, localPartsOf } from '../common/time/zoned-time.js';
import { CSV_COLUMNS, escapeFormula, formatCsvDate } from '../imports/csv-format.js';
import { formatVisitWindow } from '../imports/import-window.js';
import { OrdersExport } from './orders-export.type.js';

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
  city: string;
  country: string;
  appointment: Date;
  duration: number;
  personal_number: string | null;
  special: boolean;
  external_company: number | null;
}

const EXPORT_SQL = `
  select o.reference_number, o.name, o.email, o.phone, o.zipcode, o.house_number, o.city, o.country,
         o.appointment, o.duration, t.personal_number, o.special, o.external_company
  from orders o left join technicians t on t.id = o.technician_id
  where o.country = ? and o.deleted_at is null
  order by o.appointment, o.reference_number`;

/** One order as a CSV record: the window as `HH:MM/HH:MM` in the country's zone, so it imports unchanged. */
function toRecord(row: ExportRow, zone: string): string[] {
  const start = localPartsOf(new Date(row.appointment), zone);
  const startMinutes = start.hour * 60 + start.minute;
  return [
    row.reference_number,
    row.name,
    row.email,
    row.phone,
    row.zipcode,
    String(row.house_number),
    row.city,
    row.country,
    formatCsvDate(formatLocalDate(start)),
    formatVisitWindow({ start: startMinutes, end: startMinutes + Math.round(row.duration / 60) }),
    row.personal_number ?? '',
    row.special ? '1' : '0',
    row.external_company === null ? '' : String(row.external_company),
  ].map(escapeFormula);
}

export class OrdersExportService {
  constructor(private readonly ctx: AppContext) {}

  /** The file name and download path of today's export of a country (the site's when not given). */
  describe(country?: Country | null): OrdersExport {
    const { services } = this.ctx;
    const chosen = country ?? this.ctx.country;
    const today = localDateOf(services.clock.now(), TIME_ZONE[chosen]);
    return Object.assign(new OrdersExport(), {
      country: chosen,
      fileName: `${services.config.brand}-export.${formatCsvDate(today)}.csv`,
      url: `${EXPORT_PATH}?country=${chosen}`,
    });
  }

  /**
   * The orders of a country as CSV (UTF-8 with BOM, `;`, CRLF: what a Dutch spreadsheet opens),
   * read through a database cursor inside one read-only snapshot and streamed as it is read.
   */
  csv(country: Country): Readable {
    const records = Readable.from(this.records(country));
    const csv = stringify({
      delimiter: ';',
      bom: true,
      header: true,
      columns: [...CSV_COLUMNS],
      record_delimiter: 'windows',
    });
    return pipeline(records, csv, (error) => {
      if (error && error.code !== 'ERR_STREAM_PREMATURE_CLOSE') this.ctx.log.error({ err: error }, 'export failed');
    });
  }

  private async *records(country: Country): AsyncGenerator<string[]> {
    const em = this.ctx.em.fork();
    const zone = TIME_ZONE[country];
    await em.begin({ isolationLevel: IsolationLevel.REPEATABLE_READ, readOnly: true });
    let open = true;
    try {
      // A slow download keeps the cursor open longer than one request's usual statement limit.
      await em.execute(`set local statement_timeout = '30min'`);
      const rows = em
        .getConnection()
        .stream<ExportRow>(EXPORT_SQL, [country], em.getTransactionContext(), undefined, CURSOR_CHUNK_ROWS);
      for await (const row of rows) yield toRecord(row, zone);
      await em.commit();
      open = false;
    } finally {
      if (open) await em.rollback().catch(() => undefined);
    }
  }
}
