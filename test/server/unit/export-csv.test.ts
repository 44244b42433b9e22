import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { csvCell } from '../../../server/imports/csv-format.js';
import { readCsvRecords } from '../../../server/imports/csv-reader.js';
import { CsvBytes } from '../../../server/exports/csv-bytes.js';
import { BinaryCopyFormatError, BinaryCopyReader } from '../../../server/exports/binary-copy-rows.js';

/** Characters every rule of the export's cells looks at, and some it must leave alone. */
const CELL_CHARACTERS = [
  ...['a', 'Z', '0', ' ', "'", '"', ';', ',', '\t', '|', '\r', '\n', '=', '+', '-', '@'],
  ...['\u0000', '\u001f', '\u007f', 'é', 'Å', '\u00a0', '\u2028', '\uff1d', '😀'],
];
const cellText = fc.array(fc.constantFrom(...CELL_CHARACTERS), { maxLength: 12 }).map((chars) => chars.join(''));

/** What CsvBytes writes for these cells, one record, in blocks of `blockBytes`. */
function written(cells: string[], blockBytes: number, asBytes: (index: number) => boolean): string {
  const blocks: Buffer[] = [];
  const out = new CsvBytes(blockBytes, (block) => blocks.push(Buffer.from(block)));
  cells.forEach((cell, index) => {
    if (index > 0) out.delimiter();
    if (asBytes(index)) {
      const bytes = Buffer.from(`xx${cell}yy`);
      out.cellBytes(bytes, 2, bytes.length - 2);
    } else {
      out.cell(cell);
    }
  });
  out.recordEnd();
  out.flush();
  return Buffer.concat(blocks).toString('utf8');
}

describe('the export’s CSV cells', () => {
  it('quote a quote, the delimiter, list separators and line breaks, and escape formulas wherever a cell may begin', () => {
    expect(csvCell('Jansen')).toBe('Jansen');
    expect(csvCell('Zoë "de Boer"')).toBe('"Zoë ""de Boer"""');
    expect(csvCell('Jansen; Anna')).toBe('"Jansen; Anna"');
    expect(csvCell('a|b')).toBe('"a|b"');
    expect(csvCell('a\tb')).toBe('"a\tb"');
    expect(csvCell('two\r\nlines')).toBe('"two\r\nlines"');
    expect(csvCell('two\nlines')).toBe('"two\nlines"');
    expect(csvCell('two\rlines')).toBe('"two\rlines"');
    expect(csvCell('+31 6 12345678')).toBe("'+31 6 12345678");
    expect(csvCell("''=1+1")).toBe("'''=1+1");
    expect(csvCell('ok,=SUM(A1)')).toBe(`"ok,'=SUM(A1)"`);
    expect(csvCell("O'Brien")).toBe("O'Brien");
    expect(csvCell('')).toBe('');
  });

  it('read back by the import as the cells written, a line break inside a cell included', async () => {
    const cells = ['two\nlines', 'two\rlines', 'two\r\nlines', 'Jansen; Anna', 'Utrecht'];
    const file = `${cells.map((_, index) => `c${index}`).join(';')}\r\n${written(cells, 64, (index) => index % 2 === 0)}`;
    const records: string[][] = [];
    for await (const record of readCsvRecords([file])) records.push(record.cells);
    // The import reads every line end as LF (docs/csv-format.md, The file).
    expect(records).toEqual([cells.map((_, index) => `c${index}`), cells.map((cell) => cell.replace(/\r\n?/g, '\n'))]);
  });

  it('are written as bytes exactly as csvCell writes them, from UTF-8 bytes or text, across block ends', () => {
    fc.assert(
      fc.property(
        fc.array(cellText, { minLength: 1, maxLength: 4 }),
        fc.integer({ min: 1, max: 16 }),
        fc.boolean(),
        (cells, blockBytes, bytesFirst) => {
          const record = `${cells.map(csvCell).join(';')}\r\n`;
          expect(written(cells, blockBytes, (index) => index % 2 === (bytesFirst ? 0 : 1))).toBe(record);
        },
      ),
      { numRuns: 3000 },
    );
  });
});

/** A binary COPY stream as PostgreSQL writes it: signature, flags, a header extension, rows, the end marker. */
function binaryCopy(rows: (Buffer | null)[][], extension = Buffer.alloc(0)): Buffer {
  const parts = [Buffer.from('PGCOPY\n\xff\r\n\0', 'latin1'), Buffer.alloc(4), int32(extension.length), extension];
  for (const row of rows) {
    const count = Buffer.alloc(2);
    count.writeInt16BE(row.length);
    parts.push(count);
    for (const field of row) parts.push(...(field === null ? [int32(-1)] : [int32(field.length), field]));
  }
  parts.push(Buffer.from([0xff, 0xff]));
  return Buffer.concat(parts);
}

function int32(value: number): Buffer {
  const buffer = Buffer.alloc(4);
  buffer.writeInt32BE(value);
  return buffer;
}

/** A `timestamptz` as COPY sends it: microseconds since 2000-01-01 UTC, 64 bits. */
function timestamptz(instant: string, extraMicros = 0): Buffer {
  const buffer = Buffer.alloc(8);
  const micros = BigInt(Date.parse(instant) - Date.UTC(2000, 0, 1)) * 1000n + BigInt(extraMicros);
  buffer.writeBigInt64BE(micros);
  return buffer;
}

describe('reading binary COPY', () => {
  const rows = [
    [Buffer.from('R-1'), Buffer.from('Zoë 😀'), int32(12), Buffer.from([1]), timestamptz('2026-06-15T06:00:00Z', 999)],
    [Buffer.from(''), null, int32(-7), Buffer.from([0]), timestamptz('1999-12-31T23:59:59.123Z', 456)],
  ];
  const data = binaryCopy(rows, Buffer.from('ext'));

  /** The rows read when `data` arrives in these chunks. */
  function read(chunks: Buffer[]) {
    const seen: unknown[] = [];
    const reader = new BinaryCopyReader(5, (row) =>
      seen.push([
        row.buffer.toString('utf8', row.starts[0], row.ends[0]),
        row.isNull(1) ? null : row.buffer.toString('utf8', row.starts[1], row.ends[1]),
        row.int4(2),
        row.bool(3),
        row.timestampMs(4),
      ]),
    );
    for (const chunk of chunks) reader.push(chunk);
    return { seen, complete: reader.complete };
  }

  const expected = [
    ['R-1', 'Zoë 😀', 12, true, Date.parse('2026-06-15T06:00:00Z')],
    ['', null, -7, false, Date.parse('1999-12-31T23:59:59.123Z')],
  ];

  it('hands over every row with its fields, however the data is split into chunks', () => {
    expect(read([data])).toEqual({ seen: expected, complete: true });
    for (let cut = 0; cut <= data.length; cut++) {
      expect(read([data.subarray(0, cut), data.subarray(cut)])).toEqual({ seen: expected, complete: true });
    }
    const bytes = [...data].map((byte) => Buffer.from([byte]));
    expect(read(bytes)).toEqual({ seen: expected, complete: true });
  });

  it('is not complete without the end marker, and refuses other data', () => {
    expect(read([data.subarray(0, data.length - 2)])).toEqual({ seen: expected, complete: false });
    expect(() => read([Buffer.from('reference_number;name\r\n')])).toThrow(BinaryCopyFormatError);
    expect(() => read([binaryCopy([[Buffer.from('one field')]])])).toThrow(BinaryCopyFormatError);
  });
});
