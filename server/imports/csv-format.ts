import { isLocalDate, type LocalDate } from '../../shared/zoned-time.js';

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
  'street',
  'house_number',
  'house_number_addition',
  'city',
  'country',
  'date',
  'time',
  'technician',
  'flag',
  'external',
  'language',
] as const;

export type CsvColumn = (typeof CSV_COLUMNS)[number];

/**
 * Columns a file may leave out: without `country` the import's country applies; without `street`,
 * `house_number_addition`, `technician`, `flag` or `external` new orders get none / 0 / none and existing
 * orders keep theirs; without `language` new orders get their postcode's (an empty cell says so too).
 */
export const OPTIONAL_COLUMNS: ReadonlySet<CsvColumn> = new Set([
  'country',
  'street',
  'house_number_addition',
  'technician',
  'flag',
  'external',
  'language',
]);

/**
 * Columns the import reads and the export never writes: the consumer's language may be the consumer's own choice on
 * our pages, which a file written back would state as the office's; and the export stays as it was, byte for byte.
 */
export const IMPORT_ONLY_COLUMNS: ReadonlySet<CsvColumn> = new Set(['language']);

/**
 * The columns of full addresses, newer than the rest: the export writes them only when an exported order has a
 * street or an addition, so the export of orders imported without them stays what it was, byte for byte.
 */
export const ADDRESS_DETAIL_COLUMNS: ReadonlySet<CsvColumn> = new Set(['street', 'house_number_addition']);

/** The checkOrderFields field each customer column feeds. */
export const FIELD_COLUMNS = {
  referenceNumber: 'reference_number',
  name: 'name',
  email: 'email',
  phone: 'phone',
  zipcode: 'zipcode',
  houseNumber: 'house_number',
  street: 'street',
  houseNumberAddition: 'house_number_addition',
  city: 'city',
} as const satisfies Record<string, CsvColumn>;

/** A header cell as a column name: case, surrounding spaces and `-`/space versus `_` do not matter. */
export function normalizeHeader(cell: string): string {
  return cell
    .trim()
    .toLowerCase()
    .replace(/[\s-]+/g, '_');
}

/** Spreadsheets run a cell starting with one of these as a formula (OWASP "CSV injection"). */
const FORMULA_TRIGGERS = new Set(['=', '+', '-', '@', '\t', '\r']);
/**
 * Characters a spreadsheet may split a line at when it ignores our quotes or uses another list
 * separator (Excel with English settings splits at `,`): after each, a new cell may begin.
 */
export const CELL_SEPARATORS: ReadonlySet<string> = new Set([',', ';', '\t', '|', '\r', '\n']);

/** Where a cell may begin as a spreadsheet reads it: at the start, or after a separator. */
function beginsCell(text: string, at: number): boolean {
  return at === 0 || CELL_SEPARATORS.has(text[at - 1]);
}

/** Whether the text from `at` would run as a formula once its escaping quotes are removed: `'*` then a trigger. */
function isFormulaAfterQuotes(text: string, at: number): boolean {
  let index = at;
  while (text[index] === "'") index++;
  return FORMULA_TRIGGERS.has(text[index]);
}

/**
 * Export: wherever a cell may begin (the start, or after any separator a spreadsheet might split at),
 * text that would run as a formula gets a `'`, which shows it as text. A `'` already there before a
 * trigger gets one more, so that the import can remove exactly one and read back the original.
 */
export function escapeFormula(cell: string): string {
  let escaped = '';
  for (let at = 0; at < cell.length; at++) {
    if (beginsCell(cell, at) && isFormulaAfterQuotes(cell, at)) escaped += "'";
    escaped += cell[at];
  }
  return escaped;
}

/**
 * What makes the export quote a cell: the quote, our delimiter `;`, the list separators a spreadsheet with other
 * settings splits at (`,`, tab, `|`), and a line break: CR and LF each end a line for the import and for most
 * readers, so a lone one unquoted would split the order's row. Order fields refuse control characters, so only data
 * from before that check can hold one.
 */
export const QUOTED_CELL = /[";,\t|\r\n]/;

/**
 * Export: one cell as the file holds it. Formulas are escaped (escapeFormula); a cell holding a character of
 * QUOTED_CELL is put in double quotes, a quote inside doubled (RFC 4180).
 */
export function csvCell(text: string): string {
  const escaped = escapeFormula(text);
  return QUOTED_CELL.test(escaped) ? `"${escaped.replaceAll('"', '""')}"` : escaped;
}

/** Import: undoes escapeFormula, so an exported `'+31 6 …` reads back as `+31 6 …`. */
export function unescapeFormula(cell: string): string {
  let text = '';
  for (let at = 0; at < cell.length; at++) {
    if (cell[at] === "'" && beginsCell(cell, at) && isFormulaAfterQuotes(cell, at + 1)) continue;
    text += cell[at];
  }
  return text;
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
