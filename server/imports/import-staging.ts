import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { EntityManager } from '@mikro-orm/postgresql';
import { importEventsCte } from '../audit/import-audit-sql.js';
import type { AuditActor } from '../audit/order-audit.js';
import { announceOrdersChanged } from '../audit/order-changes.js';
import { OrderEventKind } from '../audit/order-event-kind.js';
import { copyFromStdin } from '../common/db/copy-from-stdin.js';
import { copyTextRow } from '../common/db/copy-text.js';
import type { OrderCsvColumns } from './order-import.types.js';
import type { StagedOrder, StagedReference } from './order-row.js';
import type { RowProblem } from './order-row-rules.js';
import { deletedOrderSql } from '../orders/index.js';

/** Rows per merge statement: few statements, bounded memory. */
export const MERGE_BATCH_ROWS = 5000;

/** Serialises imports: two files touching the same reference numbers never interleave. */
const IMPORT_LOCK_KEY = 'tijdvak:orders-import';

/**
 * The personal links sent so far end when an address they went to stops being the order's: replaced or removed, the
 * e-mail address (in any case) or the phone number (by its digits) may now be another person's (docs/rules.md,
 * Personal link). Adding an address the order lacked, another notation or a new name is the same person.
 */
const LINK_GENERATION_ON_NEW_CONTACT = `link_generation = o.link_generation
  + case when (o.email <> '' and lower(o.email) is distinct from lower(excluded.email))
           or (o.phone_normalized <> '' and o.phone_normalized is distinct from excluded.phone_normalized)
         then 1 else 0 end`;

/** Order columns an import always writes, in staging and merge order. */
const ALWAYS_WRITTEN = [
  'name',
  'email',
  'phone',
  'phone_normalized',
  'zipcode',
  'house_number',
  'city',
  'country',
  'appointment',
  'duration',
] as const;

/** Order columns fed by an optional CSV column: updated only when the file has that column. */
const OPTIONAL_WRITES = [
  { csv: 'street', column: 'street' },
  { csv: 'house_number_addition', column: 'house_number_addition' },
  { csv: 'technician', column: 'technician_id' },
  { csv: 'flag', column: 'special' },
  { csv: 'external', column: 'external_company' },
  // The row's language, its postcode's when the cell is empty: a file with the column states it for every row.
  { csv: 'language', column: 'language' },
] as const;

const STAGING_COPY = `copy import_staging (line, reference_number, complete, ${ALWAYS_WRITTEN.join(', ')},
  ${OPTIONAL_WRITES.map((write) => write.column).join(', ')}) from stdin`;

/** A row with problems: only its reference number is staged (checked against the other rows). */
const REFERENCE_ONLY = Array<null>(ALWAYS_WRITTEN.length + OPTIONAL_WRITES.length).fill(null);

/** One row of the staging table in COPY text format, columns in the order of STAGING_COPY. */
export function stagingLine(row: StagedOrder | StagedReference): string {
  if (!('name' in row)) return copyTextRow([row.line, row.referenceNumber, false, ...REFERENCE_ONLY]);
  return copyTextRow([
    row.line,
    row.referenceNumber,
    true,
    row.name,
    row.email,
    row.phone,
    row.phoneNormalized,
    row.zipcode,
    row.houseNumber,
    row.city,
    row.country,
    row.appointment,
    row.duration,
    row.street,
    row.houseNumberAddition,
    row.technicianId,
    row.special,
    row.externalCompany,
    row.language,
  ]);
}

export interface MergeCounts {
  created: number;
  updated: number;
  unchanged: number;
}

/**
 * The rows of one import, checked and spooled before (import-spool.ts), parked in a temporary table
 * inside the import's one short transaction, so that nothing reaches `orders` until every row has
 * passed; then merged in batches with one upsert statement each. The table disappears with the
 * transaction.
 */
export class ImportStaging {
  private staged = 0;

  constructor(private readonly em: EntityManager) {}

  async open(): Promise<void> {
    // Imports are also serialised by their job (one RUNNING at a time); this lock guards the
    // transaction itself should a job ever be taken over while its process still writes.
    await this.em.execute('select pg_advisory_xact_lock(hashtext(?))', [IMPORT_LOCK_KEY]);
    // 100 000 rows take seconds; a statement may take longer than a request's usual limit.
    await this.em.execute(`set local statement_timeout = '120s'`);
    await this.em.execute(`create temp table import_staging (
      seq serial primary key,
      line int not null,
      reference_number varchar(64) not null,
      complete boolean not null,
      name varchar(200),
      email varchar(254),
      phone varchar(40),
      phone_normalized varchar(20),
      zipcode varchar(16),
      house_number int,
      city varchar(100),
      country "country",
      appointment timestamptz,
      duration int,
      street varchar(200),
      house_number_addition varchar(10),
      technician_id int,
      special boolean,
      external_company smallint,
      language varchar(2)
    ) on commit drop`);
  }

  /**
   * Copies `count` rows in COPY text format (from the spool) into the staging table with one
   * COPY statement. Rows with problems come too, with their reference number only, so that
   * duplicates and clashes with stored orders are found for every row of the file.
   */
  async load(rows: Readable, count: number): Promise<void> {
    const copy = await copyFromStdin(this.em, STAGING_COPY);
    await pipeline(rows, copy);
    this.staged = count;
  }

  /**
   * Problems only visible across rows or against stored orders: a reference number twice in the
   * file, one of a deleted order, or one of an order in the other country. At most `limit` listed.
   */
  async conflicts(limit: number): Promise<{ problems: RowProblem[]; total: number }> {
    const rows = await this.em.execute<
      { line: number; reference_number: string; kind: string; detail: string; total: string }[]
    >(
      `with problems as (
         select s.line, s.reference_number, 'DUPLICATE' as kind, first.line::text as detail
         from import_staging s
         join (select reference_number, min(line) as line from import_staging group by reference_number having count(*) > 1) first
           on first.reference_number = s.reference_number and s.line > first.line
         union all
         select s.line, s.reference_number, case when ${deletedOrderSql('o')} then 'DELETED' else 'COUNTRY' end, o.country::text
         from import_staging s join orders o on o.reference_number = s.reference_number
         where ${deletedOrderSql('o')} or (s.complete and o.country <> s.country)
       )
       select line, reference_number, kind, detail, count(*) over () as total from problems order by line limit ?`,
      [limit],
    );
    const problems = rows.map((row): RowProblem => {
      const base = { line: row.line, column: 'reference_number', value: row.reference_number };
      if (row.kind === 'DUPLICATE')
        return { ...base, message: 'IMPORT_DUPLICATE_REFERENCE', params: { line: row.detail } };
      if (row.kind === 'DELETED') return { ...base, message: 'IMPORT_ORDER_DELETED' };
      return { ...base, message: 'IMPORT_ORDER_OTHER_COUNTRY', params: { country: row.detail } };
    });
    return { problems, total: rows.length > 0 ? Number(rows[0].total) : 0 };
  }

  /**
   * Upserts the staged rows on reference number, a batch per statement. A stored order whose
   * values already equal the row's is left alone (not even `updated_at` changes). The same
   * statement records an audit event for every order it creates or changes.
   */
  async merge(
    present: OrderCsvColumns,
    now: Date,
    actor: AuditActor,
    onBatch: (written: number) => void,
  ): Promise<MergeCounts> {
    const written = [
      ...ALWAYS_WRITTEN,
      ...OPTIONAL_WRITES.filter((write) => present.has(write.csv)).map((write) => write.column),
    ];
    const insertColumns = ['reference_number', ...ALWAYS_WRITTEN, ...OPTIONAL_WRITES.map((write) => write.column)];
    const events = importEventsCte('recorded', actor, now);
    const sql = `with upserted as (
        insert into orders as o (${insertColumns.join(', ')}, created_at, updated_at)
        select ${insertColumns.join(', ')}, ?::timestamptz, ?::timestamptz
        from import_staging where complete and seq > ? and seq <= ? order by seq
        on conflict (reference_number) do update set
          ${written.map((column) => `${column} = excluded.${column}`).join(', ')}, updated_at = excluded.updated_at,
          ${LINK_GENERATION_ON_NEW_CONTACT}
        where (${written.map((column) => `o.${column}`).join(', ')})
          is distinct from (${written.map((column) => `excluded.${column}`).join(', ')})
        returning o.*, (xmax = 0) as inserted
      ), ${events.sql}
      select count(*) filter (where inserted)::int as created, count(*) filter (where not inserted)::int as updated
      from upserted`;
    const counts: MergeCounts = { created: 0, updated: 0, unchanged: 0 };
    const at = now.toISOString();
    for (let from = 0; from < this.staged; from += MERGE_BATCH_ROWS) {
      const to = Math.min(from + MERGE_BATCH_ROWS, this.staged);
      const [result] = await this.em.execute<{ created: number; updated: number }[]>(sql, [
        at,
        at,
        from,
        to,
        ...events.params,
      ]);
      counts.created += result.created;
      counts.updated += result.updated;
      counts.unchanged += to - from - result.created - result.updated;
      onBatch(to);
    }
    if (counts.created + counts.updated > 0) {
      await announceOrdersChanged(this.em, {
        // A bulk change names its import; its order events tell which orders it created or changed.
        kind: counts.updated > 0 ? OrderEventKind.IMPORT_UPDATED : OrderEventKind.IMPORT_CREATED,
        orderIds: [],
        importJobId: actor.importJobId,
      });
    }
    return counts;
  }
}
