/** A value as PostgreSQL's COPY text format takes it; null is SQL NULL. */
export type CopyValue = string | number | boolean | null;

const SPECIAL = /[\\\t\n\r]/;
const SPECIALS = /[\\\t\n\r]/g;
const ESCAPES: Readonly<Record<string, string>> = { '\\': '\\\\', '\t': '\\t', '\n': '\\n', '\r': '\\r' };

/**
 * One field of COPY's text format: backslash is the escape character, so it is doubled, and the
 * column separator (tab) and line ends are written as escapes; `\N` is NULL.
 */
export function copyTextField(value: CopyValue): string {
  if (value === null) return '\\N';
  if (typeof value === 'boolean') return value ? 't' : 'f';
  if (typeof value === 'number') return String(value);
  return SPECIAL.test(value) ? value.replace(SPECIALS, (char) => ESCAPES[char]) : value;
}

/** One row of COPY's text format (tab-separated, ending in a newline). */
export function copyTextRow(values: readonly CopyValue[]): string {
  let row = '';
  for (let index = 0; index < values.length; index++) {
    row += (index === 0 ? '' : '\t') + copyTextField(values[index]);
  }
  return `${row}\n`;
}
