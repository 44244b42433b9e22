import { isLocalDate, type LocalDate } from '../common/time/zoned-time.js';

/**
 * THE order CSV format, one for import and export (docs/csv-format.md): UTF-8, a header row, `;`
 * between cells (`,` accepted on import). An exported file imports unchanged.
 */
export const CSV_COLUMNS = [
  'reference_number',
  'name',
  'email',
  'phone',
  'zipcode',
  'house_number',
  'city',
  'country',
  'date',
  'time',
  'technician',
  'flag',
  'external',
] as const;

export type CsvColumn = (typeof CSV_COLUMNS)[number];

/**
 * Columns a file may leave out: without `country` the import's country applies; without
 * `technician`, `flag` or `external` new orders get none / 0 / none and existing orders keep theirs.
 */
export const OPTIONAL_COLUMNS: ReadonlySet<CsvColumn> = new Set(['country', 'technician', 'flag', 'external']);

/** The checkOrderFields field each customer column feeds. */
export const FIELD_COLUMNS = {
  referenceNumber: 'reference_number',
  name: 'name',
  email: 'email',
  phone: 'phone',
  zipcode: 'zipcode',
  houseNumber: 'house_number',
  city: 'city',
} as const satisfies Record<string, CsvColumn>;

/** A header cell as a column name: case, surrounding spaces and `-`/space versus `_` do not matter. */
export function normalizeHeader(cell: string): string {
  return cell
    .trim()
    .toLowerCase()
    .replace(/[\s-]+/g, '_');
}

/** Spreadsheets run cells starting with these as formulas (OWASP "CSV injection"). */
const FORMULA_START = /^[=+\-@\t\r]/;

/** Export: a cell a spreadsheet would run as a formula gets a leading `'`, which shows it as text. */
export function escapeFormula(cell: string): string {
  return FORMULA_START.test(cell) ? `'${cell}` : cell;
}

/** Import: undoes escapeFormula, so an exported `'+31 6 …` reads back as `+31 6 …`. */
export function unescapeFormula(cell: string): string {
  return cell.startsWith("'") && FORMULA_START.test(cell.slice(1)) ? cell.slice(1) : cell;
}

/** `2026-11-23` → `23-11-2026`, the day-month-year of the export (and of its file name). */
export function formatCsvDate(date: LocalDate): string {
  const [year, month, day] = date.split('-');
  return `${day}-${month}-${year}`;
}

const DAY_MONTH_YEAR = /^(\d{1,2})[-/.](\d{1,2})[-/.](\d{4})$/;
const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** `23-11-2026`, `3-1-2026`, `23/11/2026` or `2026-11-23`; null when not a calendar date. */
export function parseCsvDate(text: string): LocalDate | null {
  const value = text.trim();
  const iso = ISO_DATE.exec(value);
  const dmy = DAY_MONTH_YEAR.exec(value);
  let date: string | null = null;
  if (iso) date = value;
  else if (dmy) date = `${dmy[3]}-${dmy[2].padStart(2, '0')}-${dmy[1].padStart(2, '0')}`;
  return date && isLocalDate(date) ? date : null;
}
