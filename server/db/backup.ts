import { createHash, type Hash } from 'node:crypto';
import { once } from 'node:events';
import { createReadStream, createWriteStream, renameSync, rmSync } from 'node:fs';
import { createInterface } from 'node:readline';
import type { Writable } from 'node:stream';
import { finished, pipeline } from 'node:stream/promises';
import { createGunzip, createGzip } from 'node:zlib';
import pg from 'pg';
import { getConstructionPlans } from 'pg-boss';
import { from as copyFrom, to as copyTo } from 'pg-copy-streams';
import type { Logger } from 'pino';
import { JOBS_SCHEMA } from '../common/jobs/job-queue.js';
import { MIGRATIONS } from './migrations/index.js';
import { migrate, MIGRATIONS_TABLE, openOrm } from './orm.js';

/**
 * `npm run backup` / `npm run restore` without pg_dump: the rows of every table of the app's schema and the job
 * queue's state, read in one snapshot with COPY and written as one gzip stream, with the migration level they
 * belong to. Restoring migrates an empty database to that level and loads the rows in one transaction.
 *
 * The file (after gunzip) is lines: the first line below, a header (JSON), per table a `TABLE {json}` line, its
 * rows in COPY's text format and a `\.` line (no row can be that line: COPY writes a backslash as two), then a
 * `SEQUENCE {json}` line per sequence, and last `END {json}` with the row count and the SHA-256 of every byte
 * before it. A file that does not end so is refused before anything is written.
 */
const FIRST_LINE = '-- Tijdvak backup, format 1';
const APP_SCHEMA = 'public';
/**
 * The job queue's tables that hold its state (queues, schedules, jobs). Its version, statistics, instance registry,
 * warnings and own migration records belong to the job queue version that makes the schema, not to the data.
 */
const JOB_TABLES = ['queue', 'schedule', 'subscription', 'job', 'job_dependency'];
/** Rows are handed to COPY in blocks of about this size. */
const BLOCK_BYTES = 64 * 1024;

export interface BackupHeader {
  format: 1;
  /** The last migration applied to the database the rows come from. */
  migration: string;
  /** The job queue's schema version, or null when the database had no job queue yet. */
  jobsVersion: number | null;
  createdAt: string;
}

interface TableLine {
  schema: string;
  name: string;
  columns: string[];
}

interface SequenceLine {
  schema: string;
  name: string;
  value: string;
  called: boolean;
}

interface EndLine {
  tables: number;
  rows: number;
  sha256: string;
}

export interface BackupSummary {
  migration: string;
  tables: number;
  rows: number;
}

/** A backup file that is not whole or not a backup; a restore refuses it before it changes anything. */
export class BackupFileError extends Error {}

/** A database the restore will not write into, or a backup this build cannot restore. */
export class RestoreRefusedError extends Error {}

const quote = (name: string) => `"${name.replaceAll('"', '""')}"`;
const qualified = (table: { schema: string; name: string }) => `${quote(table.schema)}.${quote(table.name)}`;

interface TableInfo extends TableLine {
  /** Primary key columns, to write a table that references itself parents first. */
  orderBy: string[] | undefined;
}

/** The tables to save, each after the tables its foreign keys point to, so COPY FROM meets every parent first. */
async function tablesToSave(client: pg.Client, withJobs: boolean): Promise<TableInfo[]> {
  const { rows } = await client.query<{ oid: number; schema: string; name: string }>(
    `select c.oid, n.nspname as schema, c.relname as name
       from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where c.relkind in ('r', 'p') and not c.relispartition
        and ((n.nspname = $1 and c.relname <> $2) or (n.nspname = $3 and c.relname = any($4)))
      order by n.nspname desc, c.relname`,
    [APP_SCHEMA, MIGRATIONS_TABLE, JOBS_SCHEMA, withJobs ? JOB_TABLES : []],
  );
  const { rows: references } = await client.query<{ child: number; parent: number }>(
    // A partition's key counts as its partitioned table's (the job queue's jobs are partitioned by queue).
    `select coalesce(pg_partition_root(conrelid)::oid, conrelid) as child,
            coalesce(pg_partition_root(confrelid)::oid, confrelid) as parent
       from pg_constraint where contype = 'f'`,
  );
  const oids = new Set(rows.map((row) => row.oid));
  const selfReferencing = new Set(references.filter((ref) => ref.child === ref.parent).map((ref) => ref.child));
  const parentsOf = new Map<number, number[]>();
  for (const { child, parent } of references) {
    if (child !== parent && oids.has(child) && oids.has(parent)) {
      parentsOf.set(child, [...(parentsOf.get(child) ?? []), parent]);
    }
  }
  const ordered: typeof rows = [];
  const placed = new Set<number>();
  const place = (row: (typeof rows)[number], path: Set<number>) => {
    if (placed.has(row.oid)) return;
    if (path.has(row.oid)) throw new Error(`the foreign keys of ${row.schema}.${row.name} form a cycle`);
    path.add(row.oid);
    for (const parent of parentsOf.get(row.oid) ?? [])
      place(
        rows.find((candidate) => candidate.oid === parent)!,
        path,
      );
    placed.add(row.oid);
    ordered.push(row);
  };
  for (const row of rows) place(row, new Set());

  const tables: TableInfo[] = [];
  for (const row of ordered) {
    // Generated columns are computed again on load; COPY cannot write them.
    const { rows: columns } = await client.query<{ name: string }>(
      `select attname as name from pg_attribute
        where attrelid = $1 and attnum > 0 and not attisdropped and attgenerated = '' order by attnum`,
      [row.oid],
    );
    const { rows: key } = await client.query<{ name: string }>(
      `select a.attname as name from pg_index i
         join pg_attribute a on a.attrelid = i.indrelid and a.attnum = any(i.indkey)
        where i.indrelid = $1 and i.indisprimary order by array_position(i.indkey, a.attnum)`,
      [row.oid],
    );
    tables.push({
      schema: row.schema,
      name: row.name,
      columns: columns.map((column) => column.name),
      orderBy: selfReferencing.has(row.oid) && key.length > 0 ? key.map((column) => column.name) : undefined,
    });
  }
  return tables;
}

/** The last migration of this build applied to the database; refuses one applied by a newer build. */
async function migrationLevel(client: pg.Client): Promise<string | undefined> {
  const { rows } = await client.query<{ present: boolean }>(`select to_regclass($1) is not null as present`, [
    `${APP_SCHEMA}.${MIGRATIONS_TABLE}`,
  ]);
  if (!rows[0].present) return undefined;
  const applied = new Set(
    (await client.query<{ name: string }>(`select name from ${quote(APP_SCHEMA)}.${MIGRATIONS_TABLE}`)).rows.map(
      (row) => row.name.replace(/\.(?:js|ts)$/, ''),
    ),
  );
  const known = MIGRATIONS.map((migration) => migration.name);
  const unknown = [...applied].filter((name) => !known.includes(name));
  if (unknown.length > 0) {
    throw new RestoreRefusedError(
      `the database has migrations this release does not know (${unknown.join(', ')}): use the release that made them`,
    );
  }
  return known.filter((name) => applied.has(name)).at(-1);
}

async function jobsVersion(client: pg.Client): Promise<number | null> {
  const { rows } = await client.query<{ present: boolean }>(`select to_regclass($1) is not null as present`, [
    `${JOBS_SCHEMA}.version`,
  ]);
  if (!rows[0].present) return null;
  const version = await client.query<{ version: number }>(`select version from ${quote(JOBS_SCHEMA)}.version`);
  return version.rows[0]?.version ?? null;
}

/** Writes to a stream, waiting while it is full: memory stays bounded whatever the size of the database. */
async function writeTo(stream: Writable, chunk: string | Buffer): Promise<void> {
  if (!stream.write(chunk)) await once(stream, 'drain');
}

/**
 * Saves the database at `databaseUrl` into `file` (gzip). Everything is read in one REPEATABLE READ, READ ONLY
 * transaction, so the file is one consistent moment even while the instances keep writing. The file appears
 * under its name only when complete.
 */
export async function writeBackup(databaseUrl: string, file: string): Promise<BackupSummary> {
  const partial = `${file}.partial`;
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  const gzip = createGzip();
  const written = pipeline(gzip, createWriteStream(partial, { mode: 0o600 }));
  // Surfaced by the writes below or by the final await; kept from being an unhandled rejection meanwhile.
  written.catch(() => undefined);
  const hash = createHash('sha256');
  const write = (chunk: string | Buffer) => {
    hash.update(chunk);
    return writeTo(gzip, chunk);
  };
  try {
    await client.query('begin isolation level repeatable read read only');
    const migration = await migrationLevel(client);
    if (migration === undefined)
      throw new RestoreRefusedError('the database has no migrations applied: nothing to save');
    const header: BackupHeader = {
      format: 1,
      migration,
      jobsVersion: await jobsVersion(client),
      createdAt: new Date().toISOString(),
    };
    await write(`${FIRST_LINE}\n${JSON.stringify(header)}\n`);
    const tables = await tablesToSave(client, header.jobsVersion !== null);
    let rows = 0;
    for (const table of tables) {
      const line: TableLine = { schema: table.schema, name: table.name, columns: table.columns };
      await write(`TABLE ${JSON.stringify(line)}\n`);
      const columns = table.columns.map(quote).join(', ');
      const order = table.orderBy ? ` order by ${table.orderBy.map(quote).join(', ')}` : '';
      const copy = client.query(copyTo(`copy (select ${columns} from ${qualified(table)}${order}) to stdout`));
      for await (const chunk of copy as AsyncIterable<Buffer>) {
        for (let at = chunk.indexOf(0x0a); at !== -1; at = chunk.indexOf(0x0a, at + 1)) rows++;
        await write(chunk);
      }
      await write('\\.\n');
    }
    const { rows: sequences } = await client.query<{ schema: string; name: string }>(
      `select n.nspname as schema, c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
        where c.relkind = 'S' and n.nspname in ($1, $2) and c.relname <> $3 order by 1, 2`,
      [APP_SCHEMA, JOBS_SCHEMA, `${MIGRATIONS_TABLE}_id_seq`],
    );
    for (const sequence of sequences) {
      const { rows: state } = await client.query<{ value: string; called: boolean }>(
        `select last_value::text as value, is_called as called from ${qualified(sequence)}`,
      );
      const line: SequenceLine = { ...sequence, value: state[0].value, called: state[0].called };
      await write(`SEQUENCE ${JSON.stringify(line)}\n`);
    }
    await client.query('commit');
    const end: EndLine = { tables: tables.length, rows, sha256: hash.copy().digest('hex') };
    await writeTo(gzip, `END ${JSON.stringify(end)}\n`);
    gzip.end();
    await written;
    renameSync(partial, file);
    return { migration, tables: tables.length, rows };
  } catch (error) {
    gzip.destroy();
    await written.catch(() => undefined);
    rmSync(partial, { force: true });
    throw error;
  } finally {
    await client.end();
  }
}

type Section =
  | { kind: 'table'; table: TableLine }
  | { kind: 'rows'; block: string }
  | { kind: 'end-of-table' }
  | { kind: 'sequence'; sequence: SequenceLine };

function parseJson<T>(text: string, what: string): T {
  try {
    return JSON.parse(text) as T;
  } catch {
    throw new BackupFileError(`a ${what} line cannot be read`);
  }
}

/**
 * Reads a backup file line by line, checking its shape as it goes, and hands over its parts: rows in blocks. Gzip's
 * own check refuses a damaged or cut file; the END line's count and hash refuse one cut at a line's end.
 */
async function* readBackup(file: string): AsyncGenerator<Section, BackupHeader & EndLine> {
  const input = createGunzip();
  // A file that cannot be read fails the gunzip stream, which fails the reading of lines below.
  pipeline(createReadStream(file), input).catch((error: unknown) => input.destroy(error as Error));
  const lines = createInterface({ input, crlfDelay: Infinity });
  const hash: Hash = createHash('sha256');
  let header: BackupHeader | undefined;
  let end: EndLine | undefined;
  let inTable = false;
  let tables = 0;
  let rows = 0;
  let block = '';
  let lineNumber = 0;
  try {
    for await (const line of lines) {
      lineNumber++;
      if (end) throw new BackupFileError('there is more after its END line');
      if (line.startsWith('END ') && !inTable) {
        end = parseJson<EndLine>(line.slice(4), 'END');
        continue;
      }
      hash.update(`${line}\n`);
      if (lineNumber === 1) {
        if (line !== FIRST_LINE) throw new BackupFileError('it is not a Tijdvak backup');
      } else if (lineNumber === 2) {
        header = parseJson<BackupHeader>(line, 'header');
        if (header.format !== 1 || typeof header.migration !== 'string') {
          throw new BackupFileError('its header is not one of a Tijdvak backup');
        }
      } else if (inTable) {
        if (line === '\\.') {
          inTable = false;
          if (block) yield { kind: 'rows', block };
          block = '';
          yield { kind: 'end-of-table' };
        } else {
          rows++;
          block += `${line}\n`;
          if (block.length >= BLOCK_BYTES) {
            yield { kind: 'rows', block };
            block = '';
          }
        }
      } else if (line.startsWith('TABLE ')) {
        const table = parseJson<TableLine>(line.slice(6), 'TABLE');
        if (![APP_SCHEMA, JOBS_SCHEMA].includes(table.schema) || !Array.isArray(table.columns)) {
          throw new BackupFileError(`it names a table outside the app's schemas (${table.schema}.${table.name})`);
        }
        tables++;
        inTable = true;
        yield { kind: 'table', table };
      } else if (line.startsWith('SEQUENCE ')) {
        yield { kind: 'sequence', sequence: parseJson<SequenceLine>(line.slice(9), 'SEQUENCE') };
      } else {
        throw new BackupFileError(`line ${lineNumber} is not part of a Tijdvak backup`);
      }
    }
  } catch (error) {
    if (error instanceof BackupFileError) throw error;
    throw new BackupFileError(
      `it cannot be read to its end (${error instanceof Error ? error.message : String(error)})`,
    );
  } finally {
    lines.close();
    input.destroy();
  }
  if (!header || !end) throw new BackupFileError('it ends before its END line: the file is incomplete');
  if (end.tables !== tables || end.rows !== rows || end.sha256 !== hash.digest('hex')) {
    throw new BackupFileError('its content does not match its END line: the file is damaged');
  }
  return { ...header, ...end };
}

/** Reads the whole file, checking every part, and returns its header: nothing is written. */
export async function checkBackup(file: string): Promise<BackupHeader & EndLine> {
  const reader = readBackup(file);
  for (;;) {
    const next = await reader.next();
    if (next.done) return next.value;
  }
}

export interface RestoreOptions {
  logger: Logger;
  /** Replace the data of a database that already holds tables (at the backup's migration level or below). */
  replace?: boolean;
}

async function appTableCount(client: pg.Client): Promise<number> {
  const { rows } = await client.query<{ count: string }>(
    `select count(*) from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where c.relkind in ('r', 'p') and n.nspname in ($1, $2)`,
    [APP_SCHEMA, JOBS_SCHEMA],
  );
  return Number(rows[0].count);
}

/**
 * Restores `file` into the database at `databaseUrl`: the whole file is checked first; then the database is
 * migrated to the backup's level, and in one transaction every saved table is emptied and loaded and the sequences
 * set. A database that holds tables already is refused unless `replace` is set.
 */
export async function restoreBackup(
  databaseUrl: string,
  file: string,
  options: RestoreOptions,
): Promise<BackupSummary> {
  const header = await checkBackup(file);
  if (!MIGRATIONS.some((migration) => migration.name === header.migration)) {
    throw new RestoreRefusedError(
      `the backup was made at migration ${header.migration}, which this release does not know: restore it with a release that does`,
    );
  }
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    if ((await appTableCount(client)) > 0) {
      if (!options.replace) {
        throw new RestoreRefusedError(
          'the database already holds tables: restore into an empty database, or pass --replace to replace its data',
        );
      }
      const level = await migrationLevel(client);
      const known = MIGRATIONS.map((migration) => migration.name);
      if (level !== undefined && known.indexOf(level) > known.indexOf(header.migration)) {
        throw new RestoreRefusedError(
          `the database is at migration ${level}, past the backup's ${header.migration}: restore into an empty database`,
        );
      }
    }
    const orm = await openOrm({ databaseUrl, logger: options.logger });
    try {
      await migrate(orm, header.migration);
    } finally {
      await orm.close(true);
    }
    await client.query('begin');
    try {
      const summary = await loadRows(client, file, header);
      await client.query('commit');
      return summary;
    } catch (error) {
      await client.query('rollback');
      throw error;
    }
  } finally {
    await client.end();
  }
}

async function loadRows(client: pg.Client, file: string, header: BackupHeader): Promise<BackupSummary> {
  if (header.jobsVersion !== null) {
    if ((await jobsVersion(client)) === null) await client.query(getConstructionPlans(JOBS_SCHEMA));
    const version = await jobsVersion(client);
    if (version !== header.jobsVersion) {
      throw new RestoreRefusedError(
        `the backup's job queue is at schema version ${header.jobsVersion}, this release's at ${version}: restore it with the release that made it`,
      );
    }
  }
  const reader = readBackup(file);
  let copy: Writable | undefined;
  let loading = '';
  let tables = 0;
  let rows = 0;
  const emptied = new Set<string>();
  try {
    for (;;) {
      const next = await reader.next();
      if (next.done) break;
      const section = next.value;
      if (section.kind === 'table') {
        const target = qualified(section.table);
        // Rows the migrations seed (settings) give way to the saved ones.
        if (!emptied.has(target)) await client.query(`truncate ${target} cascade`);
        emptied.add(target);
        // The saved rows already hold what triggers derive (an order's first lookup): loaded as they were.
        await client.query(`alter table ${target} disable trigger user`);
        loading = target;
        const columns = section.table.columns.map(quote).join(', ');
        copy = client.query(copyFrom(`copy ${target} (${columns}) from stdin`));
        tables++;
      } else if (section.kind === 'rows') {
        rows += section.block.split('\n').length - 1;
        await writeTo(copy!, section.block);
      } else if (section.kind === 'end-of-table') {
        copy!.end();
        await finished(copy!);
        copy = undefined;
        await client.query(`alter table ${loading} enable trigger user`);
      } else {
        const { sequence } = section;
        await client.query('select setval($1::regclass, $2::bigint, $3)', [
          qualified(sequence),
          sequence.value,
          sequence.called,
        ]);
      }
    }
  } catch (error) {
    // A COPY left open would hold the connection: end it with the error (COPY's own fail message), then roll back.
    if (copy) {
      copy.destroy(error as Error);
      await finished(copy).catch(() => undefined);
    }
    throw error;
  }
  return { migration: header.migration, tables, rows };
}
