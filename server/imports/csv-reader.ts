import { Readable } from 'node:stream';
// Loaded with the server, unlike the larger packages few calls need: it is small, and loaded at a first import its
// code counted in what that import held (import-export-volume.test.ts).
import { CsvError, parse } from 'csv-parse';
import { AppError } from '../common/errors/app-error.js';
import type { MessageKey } from '../common/i18n/translate.js';
import { ImportError } from './import.errors.js';

/** One CSV record and the line of the file it starts on (1 = the header). */
export interface CsvRecord {
  line: number;
  cells: string[];
}

/** The bytes of a file as they arrive (an upload stream), or all at once. */
export type CsvSource = AsyncIterable<Buffer | string> | Iterable<Buffer | string>;

/** The file stops being readable as CSV at `line`; records after it cannot be trusted. */
export class CsvSyntaxError extends Error {
  constructor(
    readonly line: number,
    readonly reason: MessageKey,
  ) {
    super(`CSV syntax error at line ${line}`);
  }
}

/** Control characters never found in a text file (tab, LF and CR are allowed): the mark of binary content. */
// eslint-disable-next-line no-control-regex
const BINARY_BYTES = /[\x00-\x08\x0B\x0C\x0E-\x1F]/;
const MAX_HEADER_CHARS = 64 * 1024;
const MAX_RECORD_CHARS = 64 * 1024;

function countNewlines(text: string): number {
  let count = 0;
  for (let at = text.indexOf('\n'); at !== -1; at = text.indexOf('\n', at + 1)) count++;
  return count;
}

function lineOfInvalidUtf8(bytes: Buffer, lineBefore: number): number {
  const lenient = new TextDecoder('utf-8').decode(bytes);
  const bad = lenient.indexOf('\uFFFD');
  return lineBefore + countNewlines(lenient.slice(0, bad < 0 ? lenient.length : bad).replace(/\r\n?/g, '\n'));
}

/**
 * Bytes to text, chunk by chunk: refuses binary content and text that is not UTF-8 (the byte-order
 * mark is dropped), and turns CRLF and CR line ends into LF so line numbers count one per line.
 */
export async function* decodeCsvText(source: CsvSource): AsyncGenerator<string> {
  const decoder = new TextDecoder('utf-8', { fatal: true });
  let line = 1;
  let pendingCarriageReturn = false;
  for await (const chunk of source) {
    const bytes = typeof chunk === 'string' ? Buffer.from(chunk, 'utf8') : chunk;
    if (BINARY_BYTES.test(bytes.toString('latin1'))) throw new AppError(ImportError.IMPORT_NOT_TEXT);
    let text: string;
    try {
      text = decoder.decode(bytes, { stream: true });
    } catch {
      throw new AppError(ImportError.IMPORT_NOT_UTF8, { params: { line: lineOfInvalidUtf8(bytes, line) } });
    }
    if (pendingCarriageReturn) text = `\r${text}`;
    // A CR at the end of a chunk may be the first half of a CRLF: decide with the next chunk.
    pendingCarriageReturn = text.endsWith('\r');
    if (pendingCarriageReturn) text = text.slice(0, -1);
    text = text.replace(/\r\n?/g, '\n');
    line += countNewlines(text);
    if (text) yield text;
  }
  try {
    decoder.decode();
  } catch {
    throw new AppError(ImportError.IMPORT_NOT_UTF8, { params: { line } });
  }
  if (pendingCarriageReturn) yield '\n';
}

/**
 * Dutch Excel writes `;`, most other tools `,`: the header line decides. `;` wins when the header
 * has at least as many semicolons as commas outside quotes.
 */
export function detectDelimiter(headerLine: string): ';' | ',' {
  let semicolons = 0;
  let commas = 0;
  let quoted = false;
  for (const char of headerLine) {
    if (char === '"') quoted = !quoted;
    else if (!quoted && char === ';') semicolons++;
    else if (!quoted && char === ',') commas++;
  }
  return semicolons > 0 && semicolons >= commas ? ';' : ',';
}

function syntaxReason(code: string): MessageKey {
  if (code === 'CSV_MAX_RECORD_SIZE') return 'IMPORT_CSV_RECORD_TOO_LONG';
  if (code.includes('QUOTE')) return 'IMPORT_CSV_QUOTES';
  return 'IMPORT_CSV_MALFORMED';
}

/** csv-parse's syntax errors; their codes are not all prefixed CSV_ (e.g. INVALID_OPENING_QUOTE). */
function isCsvError(error: unknown): error is CsvError {
  return error instanceof CsvError;
}

/**
 * The parser turns all it is given into records at once, and they wait in its buffer until read:
 * small pieces keep that to about a hundred records (memory the garbage collector has to carry).
 */
const PARSER_PIECE_CHARS = 8 * 1024;

function* piecesOf(text: string): Generator<string> {
  let at = 0;
  while (at < text.length) {
    let end = Math.min(at + PARSER_PIECE_CHARS, text.length);
    // Never between the two halves of a surrogate pair: each piece is encoded as UTF-8 on its own.
    const last = text.charCodeAt(end - 1);
    if (end < text.length && last >= 0xd800 && last <= 0xdbff) end--;
    yield text.slice(at, end);
    at = end;
  }
}

/**
 * Streams the records of a CSV file with a real parser (quotes, separators and line breaks inside
 * quotes): the file is never held in memory whole. Lines without any value are skipped.
 */
export async function* readCsvRecords(source: CsvSource): AsyncGenerator<CsvRecord> {
  const text = decodeCsvText(source);
  const head: string[] = [];
  let headLength = 0;
  let step = await text.next();
  while (!step.done) {
    head.push(step.value);
    headLength += step.value.length;
    if (step.value.includes('\n') || headLength > MAX_HEADER_CHARS) break;
    step = await text.next();
  }
  const headText = head.join('');
  async function* everything(): AsyncGenerator<string> {
    yield* piecesOf(headText);
    if (!step.done) for await (const chunk of text) yield* piecesOf(chunk);
  }

  const parser = parse({
    delimiter: detectDelimiter(headText.split('\n')[0]),
    record_delimiter: '\n',
    info: true,
    relax_column_count: true,
    max_record_size: MAX_RECORD_CHARS,
  });
  const input = Readable.from(everything(), { objectMode: false });
  input.on('error', (error) => parser.destroy(error));
  input.pipe(parser);
  let nextLine = 1;
  try {
    for await (const { record, info } of parser as AsyncIterable<{ record: string[]; info: { lines: number } }>) {
      const line = nextLine;
      nextLine = info.lines + 1;
      if (record.every((cell) => cell.trim() === '')) continue;
      yield { line, cells: record };
    }
  } catch (error) {
    if (isCsvError(error)) {
      throw new CsvSyntaxError(typeof error.lines === 'number' ? error.lines : nextLine, syntaxReason(error.code));
    }
    throw error;
  } finally {
    input.destroy();
  }
}
