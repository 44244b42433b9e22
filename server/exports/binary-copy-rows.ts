/**
 * The rows of PostgreSQL's binary COPY format (PostgreSQL docs, COPY, "Binary Format"), read from the chunks
 * `COPY ... TO STDOUT (FORMAT binary)` sends: a header, then per row a 16-bit field count and per field a 32-bit
 * length (-1: NULL) and that many bytes, then -1 as the count. No escaping: a text field is its UTF-8 bytes as
 * they are, which is what makes this format the cheap one to read.
 */

/** `PGCOPY\n\377\r\n\0`, then a 32-bit flags field and the 32-bit length of a header extension. */
const SIGNATURE = Buffer.from('PGCOPY\n\xff\r\n\0', 'latin1');
const HEADER_BYTES = SIGNATURE.length + 8;
const END_OF_DATA = -1;

/** PostgreSQL's epoch, 2000-01-01 UTC, in Unix milliseconds. */
const POSTGRES_EPOCH_MS = Date.UTC(2000, 0, 1);

/** One row: where each field's bytes are in `buffer` (valid only during the callback). */
export class BinaryCopyRow {
  buffer: Buffer = Buffer.alloc(0);
  /** Start of field i's bytes, -1 for NULL. */
  readonly starts: Int32Array;
  readonly ends: Int32Array;

  constructor(fieldCount: number) {
    this.starts = new Int32Array(fieldCount);
    this.ends = new Int32Array(fieldCount);
  }

  isNull(field: number): boolean {
    return this.starts[field] < 0;
  }

  /** An `int4` field. */
  int4(field: number): number {
    return this.buffer.readInt32BE(this.starts[field]);
  }

  /** A `bool` field. */
  bool(field: number): boolean {
    return this.buffer[this.starts[field]] !== 0;
  }

  /** A `timestamptz` field (microseconds since 2000) as Unix milliseconds, the microseconds dropped as a Date does. */
  timestampMs(field: number): number {
    const at = this.starts[field];
    const micros = this.buffer.readInt32BE(at) * 2 ** 32 + this.buffer.readUInt32BE(at + 4);
    return POSTGRES_EPOCH_MS + Math.floor(micros / 1000);
  }
}

/** The data is not binary COPY of the expected shape. */
export class BinaryCopyFormatError extends Error {}

/**
 * Hands each complete row to `onRow` as chunks arrive; a row split across chunks waits for the rest. Every row must
 * have `fieldCount` fields.
 */
export class BinaryCopyReader {
  private pending: Buffer | null = null;
  private headerRead = false;
  private ended = false;
  private readonly row: BinaryCopyRow;

  constructor(
    private readonly fieldCount: number,
    private readonly onRow: (row: BinaryCopyRow) => void,
  ) {
    this.row = new BinaryCopyRow(fieldCount);
  }

  push(chunk: Buffer): void {
    const buffer = this.pending ? Buffer.concat([this.pending, chunk]) : chunk;
    let at = this.headerRead ? 0 : this.readHeader(buffer);
    if (at < 0) {
      this.pending = buffer;
      return;
    }
    const { starts, ends } = this.row;
    this.row.buffer = buffer;
    while (!this.ended && at + 2 <= buffer.length) {
      const count = buffer.readInt16BE(at);
      if (count === END_OF_DATA) {
        this.ended = true;
        at += 2;
        break;
      }
      if (count !== this.fieldCount)
        throw new BinaryCopyFormatError(`A row of ${count} fields, not ${this.fieldCount}`);
      let next = at + 2;
      let field = 0;
      for (; field < count; field++) {
        if (next + 4 > buffer.length) break;
        const length = buffer.readInt32BE(next);
        next += 4;
        if (length < 0) {
          starts[field] = -1;
          ends[field] = -1;
        } else {
          if (next + length > buffer.length) break;
          starts[field] = next;
          ends[field] = next + length;
          next += length;
        }
      }
      if (field < count) break;
      this.onRow(this.row);
      at = next;
    }
    this.pending = at < buffer.length ? buffer.subarray(at) : null;
  }

  /** Whether the data ended as it should: the end marker and nothing after it. */
  get complete(): boolean {
    return this.ended && this.pending === null;
  }

  /** Where the rows begin, or -1 while the header has not fully arrived. */
  private readHeader(buffer: Buffer): number {
    if (buffer.length < HEADER_BYTES) return -1;
    if (!buffer.subarray(0, SIGNATURE.length).equals(SIGNATURE)) {
      throw new BinaryCopyFormatError('Not the binary COPY format');
    }
    const rowsAt = HEADER_BYTES + buffer.readInt32BE(SIGNATURE.length + 4);
    if (buffer.length < rowsAt) return -1;
    this.headerRead = true;
    return rowsAt;
  }
}
