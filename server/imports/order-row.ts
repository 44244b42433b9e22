import { Language, parseCountry, type Country } from '../common/locale.js';
import { instantOf, type LocalDate } from '../../shared/zoned-time.js';
import { checkOrderFields, type OrderFields, regionLanguageOf, technicianCountryProblem } from '../orders/index.js';
import type { Technician } from '../technicians/index.js';
import type { CsvRecord } from './csv-reader.js';
import {
  CSV_COLUMNS,
  FIELD_COLUMNS,
  normalizeHeader,
  OPTIONAL_COLUMNS,
  parseCsvDate,
  unescapeFormula,
  type CsvColumn,
} from './csv-format.js';
import {
  formatClock,
  parseClock,
  parseVisitWindow,
  windowForPlannedTime,
  type ImportWindowRule,
  type VisitWindow,
} from './import-window.js';
import type { RowProblem, RowRule } from './order-row-rules.js';

/** A `language` cell as the import reads it: the code, in any case. */
const LANGUAGES = new Map<string, Language>([
  ['nl', Language.NL],
  ['fr', Language.FR],
]);

/** Which column sits where in the file. */
export interface CsvHeader {
  columns: ReadonlyMap<CsvColumn, number>;
  width: number;
}

/** A valid row, ready to be staged and merged into the orders. */
export interface StagedOrder extends OrderFields {
  line: number;
  /** ISO instant of the window start. */
  appointment: string;
  duration: number;
  technicianId: number | null;
  special: boolean;
  externalCompany: number | null;
  /** The row's language, else the postcode's region; null: the country's. */
  language: Language | null;
}

/** A technician a row may name, with what the country rule needs. */
export type ImportTechnician = Pick<Technician, 'id' | 'firstname' | 'lastname' | 'country'>;

/** A row with problems whose reference number is readable: still checked against the others. */
export interface StagedReference {
  line: number;
  referenceNumber: string;
}

export interface RowContext {
  country: Country;
  zone: string;
  windows: readonly ImportWindowRule[];
  technician: (personalNumber: string) => ImportTechnician | undefined;
  rules: readonly RowRule[];
  /** Answers for values a file repeats on most rows: create one per import with rowMemo(). */
  memo: RowMemo;
}

/**
 * A file has a few dates and times on thousands of rows: each distinct date, time and appointment
 * is worked out once per import (no regular expressions, Intl or ISO strings per row).
 */
export interface RowMemo {
  dates: Map<string, LocalDate | null>;
  visitWindows: Map<string, ReturnType<typeof visitWindowOf>>;
  /** ISO instant by date, then by window start (minutes after midnight). */
  appointments: Map<LocalDate, Map<number, string>>;
}

/** Distinct values remembered per kind; past it the memo starts again (a file of all-different values). */
const MEMO_LIMIT = 5000;

export function rowMemo(): RowMemo {
  return { dates: new Map(), visitWindows: new Map(), appointments: new Map() };
}

function remembered<K, V>(memo: Map<K, V>, key: K, compute: (key: K) => V): V {
  let value = memo.get(key);
  if (value === undefined && !memo.has(key)) {
    value = compute(key);
    if (memo.size >= MEMO_LIMIT) memo.clear();
    memo.set(key, value);
  }
  return value as V;
}

function appointmentOf(memo: RowMemo, date: LocalDate, start: number, zone: string): string {
  let byStart = memo.appointments.get(date);
  if (!byStart) {
    if (memo.appointments.size >= MEMO_LIMIT) memo.appointments.clear();
    byStart = new Map();
    memo.appointments.set(date, byStart);
  }
  let iso = byStart.get(start);
  if (iso === undefined) {
    iso = instantOf(date, Math.floor(start / 60), start % 60, zone).toISOString();
    byStart.set(start, iso);
  }
  return iso;
}

const MAX_SHOWN_VALUE = 100;

/** Reads the header row; `<brand>_identifier`, the legacy name of the personal number, means `technician`. */
export function readHeader(record: CsvRecord, brand: string): { header?: CsvHeader; problems: RowProblem[] } {
  const known = new Set<string>(CSV_COLUMNS);
  const alias = new Map<string, CsvColumn>([[`${brand}_identifier`, 'technician']]);
  const columns = new Map<CsvColumn, number>();
  const problems: RowProblem[] = [];
  record.cells.forEach((cell, index) => {
    const name = normalizeHeader(cell);
    const column = (known.has(name) ? name : alias.get(name)) as CsvColumn | undefined;
    if (!column) {
      if (name === '') return;
      problems.push({
        line: record.line,
        column: cell.trim(),
        message: 'IMPORT_COLUMN_UNKNOWN',
        params: { column: cell.trim(), columns: CSV_COLUMNS.join(', ') },
      });
    } else if (columns.has(column)) {
      problems.push({ line: record.line, column, message: 'IMPORT_COLUMN_DUPLICATE', params: { column } });
    } else {
      columns.set(column, index);
    }
  });
  for (const column of CSV_COLUMNS) {
    if (!OPTIONAL_COLUMNS.has(column) && !columns.has(column)) {
      problems.push({ line: record.line, column, message: 'IMPORT_COLUMN_MISSING', params: { column } });
    }
  }
  return problems.length > 0 ? { problems } : { header: { columns, width: record.cells.length }, problems };
}

/** A planned time `HH:MM` (seconds, as spreadsheets add them, ignored) mapped through the import windows, or an explicit window kept as is. */
function visitWindowOf(
  text: string,
  windows: readonly ImportWindowRule[],
): { window: VisitWindow } | { problem: Pick<RowProblem, 'message' | 'params'> } {
  const value = text.trim();
  if (value.includes('/')) {
    const window = parseVisitWindow(value);
    return window ? { window } : { problem: { message: 'IMPORT_INVALID_TIME' } };
  }
  const planned = parseClock(value.replace(/^(\d{1,2}:\d{2}):00$/, '$1'));
  if (planned === null) return { problem: { message: 'IMPORT_INVALID_TIME' } };
  const window = windowForPlannedTime(planned, windows);
  return window ? { window } : { problem: { message: 'IMPORT_NO_WINDOW', params: { time: formatClock(planned) } } };
}

function zeroOrOne(text: string): 0 | 1 | null | undefined {
  const value = text.trim();
  if (value === '') return null;
  if (value === '0' || value === '1') return Number(value) as 0 | 1;
  return undefined;
}

/**
 * Checks one data row and reports every problem it has, each with its column. The customer fields
 * follow the same rules as an order created by hand (checkOrderFields).
 */
export function checkOrderRow(
  record: CsvRecord,
  header: CsvHeader,
  context: RowContext,
): { order?: StagedOrder; reference?: StagedReference; problems: RowProblem[] } {
  const { line } = record;
  if (record.cells.length !== header.width) {
    return {
      problems: [
        {
          line,
          column: null,
          message: 'IMPORT_ROW_COLUMN_COUNT',
          params: { found: record.cells.length, expected: header.width },
        },
      ],
    };
  }
  const cell = (column: CsvColumn): string => {
    const index = header.columns.get(column);
    return index === undefined ? '' : unescapeFormula(record.cells[index]);
  };
  const problems: RowProblem[] = [];
  const report = (column: CsvColumn, problem: Pick<RowProblem, 'message' | 'params'>) =>
    problems.push({ line, column, value: cell(column).slice(0, MAX_SHOWN_VALUE), ...problem });

  const countryText = cell('country').trim();
  let country = context.country;
  if (countryText !== '') {
    const named = parseCountry(countryText);
    if (!named) report('country', { message: 'IMPORT_INVALID_COUNTRY' });
    else if (named !== context.country) {
      report('country', {
        message: 'IMPORT_WRONG_COUNTRY',
        params: { foundCountry: named, expectedCountry: context.country },
      });
    } else country = named;
  }

  const { fields, problems: fieldProblems } = checkOrderFields({
    referenceNumber: cell('reference_number'),
    name: cell('name'),
    email: cell('email'),
    phone: cell('phone'),
    zipcode: cell('zipcode'),
    houseNumber: cell('house_number'),
    street: cell('street'),
    houseNumberAddition: cell('house_number_addition'),
    city: cell('city'),
    country,
  });
  for (const problem of fieldProblems) {
    const column = FIELD_COLUMNS[problem.field as keyof typeof FIELD_COLUMNS] ?? 'reference_number';
    report(column, { message: problem.message, params: problem.params });
  }
  const reference: StagedReference | undefined = fieldProblems.some((problem) => problem.field === 'referenceNumber')
    ? undefined
    : { line, referenceNumber: cell('reference_number').trim() };

  const date: LocalDate | null = remembered(context.memo.dates, cell('date'), parseCsvDate);
  if (!date) report('date', { message: 'IMPORT_INVALID_DATE' });

  const timed = remembered(context.memo.visitWindows, cell('time'), (text) => visitWindowOf(text, context.windows));
  if ('problem' in timed) report('time', timed.problem);

  const personalNumber = cell('technician').trim();
  const technician = personalNumber === '' ? null : context.technician(personalNumber);
  const technicianId = technician === null ? null : technician?.id;
  if (technician === undefined) {
    report('technician', { message: 'IMPORT_UNKNOWN_TECHNICIAN', params: { value: personalNumber } });
  } else if (technician) {
    const otherCountry = technicianCountryProblem(country, technician);
    if (otherCountry) report('technician', { message: otherCountry.message, params: otherCountry.params });
  }

  const flag = zeroOrOne(cell('flag'));
  if (flag === undefined) report('flag', { message: 'IMPORT_INVALID_FLAG' });
  const external = zeroOrOne(cell('external'));
  if (external === undefined) report('external', { message: 'IMPORT_INVALID_EXTERNAL' });
  const languageText = cell('language').trim().toLowerCase();
  const language = languageText === '' ? null : LANGUAGES.get(languageText);
  if (language === undefined) report('language', { message: 'IMPORT_INVALID_LANGUAGE' });

  if (
    problems.length > 0 ||
    !fields ||
    !date ||
    'problem' in timed ||
    technicianId === undefined ||
    language === undefined
  ) {
    return { reference, problems };
  }
  const visit = { line, referenceNumber: fields.referenceNumber, country, date, window: timed.window, technicianId };
  for (const rule of context.rules) {
    const problem = rule(visit);
    if (problem) problems.push({ ...problem, value: problem.column ? cell(problem.column as CsvColumn) : undefined });
  }
  if (problems.length > 0) return { reference, problems };

  const start = timed.window.start;
  return {
    problems,
    order: {
      line,
      ...fields,
      country,
      appointment: appointmentOf(context.memo, date, start, context.zone),
      duration: (timed.window.end - start) * 60,
      technicianId,
      special: flag === 1,
      externalCompany: external ?? null,
      language: language ?? regionLanguageOf(country, fields.zipcode),
    },
  };
}
