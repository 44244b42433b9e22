import { clockOf } from '../../shared/clock-time.js';
import { formatDayMonthYear, localDateOf } from '../../shared/zoned-time.js';
import { isMessageKey, translate } from '../common/i18n/translate.js';
import { TIME_ZONE, type Country, type Language } from '../common/locale.js';
import type { HeldRow } from '../common/personal-data.js';
import type { SubjectOrderRow } from './repository/data-subject.repository.js';

/** Everything held about a person, as the download writes it. */
export interface HeldData {
  search: string;
  madeAt: Date;
  orders: readonly SubjectOrderRow[];
  parts: readonly { name: string; rows: readonly HeldRow[] }[];
}

/** The file name of a download: the day it was made, never the person. */
export function exportFileName(madeAt: Date, extension: 'json' | 'html'): string {
  return `gegevens-${madeAt.toISOString().slice(0, 10)}.${extension}`;
}

/** One JSON file: the orders, then every part by its key. */
export function heldDataJson(data: HeldData): string {
  const document = {
    search: data.search,
    madeAt: data.madeAt.toISOString(),
    orders: data.orders,
    ...Object.fromEntries(data.parts.map((part) => [part.name, part.rows])),
  };
  return `${JSON.stringify(document, null, 2)}\n`;
}

const escapeHtml = (text: string): string => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

/** A value as the page shows it: times in the zone of the person's country, in the reader's notation. */
function shown(value: HeldRow[string] | undefined, zone: string, language: Language): string {
  if (value === null || value === undefined || value === '') return '–';
  if (value instanceof Date) {
    return `${formatDayMonthYear(localDateOf(value, zone))} ${clockOf(value, zone, language)}`;
  }
  if (Array.isArray(value)) return value.join(', ');
  return String(value);
}

function table(rows: readonly HeldRow[], zone: string, language: Language): string {
  if (rows.length === 0) return `<p>${escapeHtml(translate(language, 'DATA_EXPORT_NONE'))}</p>`;
  const columns = Object.keys(rows[0]);
  const head = columns.map((column) => `<th scope="col">${escapeHtml(column)}</th>`).join('');
  const body = rows
    .map(
      (row) =>
        `<tr>${columns.map((column) => `<td>${escapeHtml(shown(row[column], zone, language))}</td>`).join('')}</tr>`,
    )
    .join('\n');
  return `<table>\n<thead><tr>${head}</tr></thead>\n<tbody>\n${body}\n</tbody>\n</table>`;
}

/** A part's heading: its text in the catalogue, else its key (a holder added without a text still shows). */
function partTitle(name: string, language: Language): string {
  const key = `DATA_PART_${name}`;
  return isMessageKey(key) ? translate(language, key) : name;
}

/** A readable page in the admin's language, one table per part, that prints on A4. */
export function heldDataHtml(data: HeldData, language: Language, country: Country): string {
  const zone = TIME_ZONE[data.orders[0]?.country ?? country];
  const title = translate(language, 'DATA_EXPORT_TITLE', { search: data.search });
  const madeAt = translate(language, 'DATA_EXPORT_MADE_AT', {
    date: formatDayMonthYear(localDateOf(data.madeAt, zone)),
    time: clockOf(data.madeAt, zone, language),
  });
  const orders = data.orders.map((order) => ({ ...order }) satisfies HeldRow);
  const sections = [
    `<h2>${escapeHtml(translate(language, 'DATA_EXPORT_ORDERS'))}</h2>\n${table(orders, zone, language)}`,
    ...data.parts.map(
      (part) => `<h2>${escapeHtml(partTitle(part.name, language))}</h2>\n${table(part.rows, zone, language)}`,
    ),
  ];
  return `<!doctype html>
<html lang="${language}">
<head>
<meta charset="utf-8">
<title>${escapeHtml(title)}</title>
<style>
body { font-family: system-ui, sans-serif; margin: 1.5rem; color: #1a1a1a; }
table { border-collapse: collapse; margin-bottom: 1.5rem; font-size: 0.875rem; }
th, td { border: 1px solid #767676; padding: 0.25rem 0.5rem; text-align: left; vertical-align: top; }
th { background: #f0f0f0; }
@media print { body { margin: 0; } h2 { break-after: avoid; } tr { break-inside: avoid; } }
</style>
</head>
<body>
<h1>${escapeHtml(title)}</h1>
<p>${escapeHtml(madeAt)}</p>
${sections.join('\n')}
</body>
</html>
`;
}
