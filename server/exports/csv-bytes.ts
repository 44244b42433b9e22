import { CELL_SEPARATORS, csvCell, escapeFormula } from '../imports/csv-format.js';

const APOSTROPHE = 0x27;
const SEMICOLON = 0x3b;
const CR = 0x0d;
const LF = 0x0a;
const ASCII = 128;

/** A table of the ASCII characters `test` holds for; every other byte (UTF-8's multi-byte sequences) is 0. */
function asciiTable(test: (char: string) => boolean): Uint8Array {
  const table = new Uint8Array(256);
  for (let code = 0; code < ASCII; code++) table[code] = test(String.fromCharCode(code)) ? 1 : 0;
  return table;
}

/**
 * Characters after which csvCell may do more than put a `'` in front: the quote and the separators, at which a cell
 * may be quoted and a formula may begin mid-text. Every character of QUOTED_CELL is one of them.
 */
const CAREFUL = asciiTable((char) => char === '"' || CELL_SEPARATORS.has(char));
/** Characters that escapeFormula gives a `'` when a cell begins with them (after any `'`). */
const FORMULA_START = asciiTable((char) => escapeFormula(char) !== char);

/**
 * The export's CSV written straight into byte blocks, handed on as each fills. A cell comes as the UTF-8 bytes
 * PostgreSQL sent or as text, and is written exactly as csvCell writes it: the common cell that needs neither
 * quotes nor a formula escape is copied byte by byte without ever becoming a string; any other goes through
 * csvCell itself. The shortcut holds because no character of the rules is outside ASCII (a UTF-8 multi-byte
 * sequence has no ASCII byte) and, with none of CAREFUL's characters in it, a cell is not quoted and a formula can
 * only begin at its start.
 */
export class CsvBytes {
  private block: Buffer;
  private at = 0;

  constructor(
    private readonly blockBytes: number,
    private readonly onBlock: (block: Buffer) => void,
  ) {
    this.block = Buffer.allocUnsafe(blockBytes);
  }

  /** A cell whose text is the UTF-8 bytes `source[start, end)`. */
  cellBytes(source: Buffer, start: number, end: number): void {
    this.reserve(end - start + 1);
    const block = this.block;
    let at = this.at;
    let first = start;
    while (first < end && source[first] === APOSTROPHE) first++;
    if (first < end && FORMULA_START[source[first]] === 1) block[at++] = APOSTROPHE;
    for (let index = start; index < end; index++) {
      const byte = source[index];
      if (CAREFUL[byte] === 1) return this.write(csvCell(source.toString('utf8', start, end)));
      block[at++] = byte;
    }
    this.at = at;
  }

  /** A cell given as text. */
  cell(text: string): void {
    this.reserve(text.length + 1);
    const block = this.block;
    let at = this.at;
    let first = 0;
    while (first < text.length && text.charCodeAt(first) === APOSTROPHE) first++;
    if (first < text.length && FORMULA_START[text.charCodeAt(first)] === 1) block[at++] = APOSTROPHE;
    for (let index = 0; index < text.length; index++) {
      const code = text.charCodeAt(index);
      if (code >= ASCII || CAREFUL[code] === 1) return this.write(csvCell(text));
      block[at++] = code;
    }
    this.at = at;
  }

  /** The `;` between two cells. */
  delimiter(): void {
    this.reserve(1);
    this.block[this.at++] = SEMICOLON;
  }

  /** The end of a record: CRLF, as a spreadsheet on Windows writes it. */
  recordEnd(): void {
    this.reserve(2);
    this.block[this.at++] = CR;
    this.block[this.at++] = LF;
  }

  /** Bytes written as they are (the byte order mark). */
  bytes(bytes: Uint8Array): void {
    this.reserve(bytes.length);
    this.block.set(bytes, this.at);
    this.at += bytes.length;
  }

  /** Hands on what was written since the last block, if anything. */
  flush(): void {
    if (this.at === 0) return;
    const full = this.block.subarray(0, this.at);
    this.block = Buffer.allocUnsafe(this.blockBytes);
    this.at = 0;
    this.onBlock(full);
  }

  private write(text: string): void {
    const length = Buffer.byteLength(text);
    this.reserve(length);
    this.at += this.block.write(text, this.at, length, 'utf8');
  }

  /** Room for `length` more bytes: the block is handed on first if they would not fit. */
  private reserve(length: number): void {
    if (this.at + length <= this.block.length) return;
    this.flush();
    if (length > this.block.length) this.block = Buffer.allocUnsafe(length);
  }
}
