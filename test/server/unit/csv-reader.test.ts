import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { AppError } from '../../../server/common/errors/app-error.js';
import { CsvSyntaxError, detectDelimiter, readCsvRecords } from '../../../server/imports/csv-reader.js';
import { escapeFormula, parseCsvDate, unescapeFormula } from '../../../server/imports/csv-format.js';

async function read(...chunks: (string | Buffer)[]) {
  const records = [];
  for await (const record of readCsvRecords(chunks)) records.push(record);
  return records;
}

describe('CSV reading', () => {
  it('drops the BOM, handles CRLF (even split across chunks) and quoted separators and line breaks', async () => {
    const records = await read('\uFEFFa;b;c\r', '\n1;"x;y";3\r\n\r\n;;\r\n4;"two\r\nlines";6\r\n7;8;9');
    expect(records).toEqual([
      { line: 1, cells: ['a', 'b', 'c'] },
      { line: 2, cells: ['1', 'x;y', '3'] },
      { line: 5, cells: ['4', 'two\nlines', '6'] },
      { line: 7, cells: ['7', '8', '9'] },
    ]);
  });

  it('detects the separator from the header line', async () => {
    expect(detectDelimiter('a;b;c')).toBe(';');
    expect(detectDelimiter('a,b,c')).toBe(',');
    expect(detectDelimiter('"a;b",c,d')).toBe(',');
    expect(await read('a,b\n"Smit, Els",2;3\n')).toEqual([
      { line: 1, cells: ['a', 'b'] },
      { line: 2, cells: ['Smit, Els', '2;3'] },
    ]);
  });

  it('reads multi-byte characters split across chunks', async () => {
    const bytes = Buffer.from('a;b\nRené;Zoë\n', 'utf8');
    const records = await read(bytes.subarray(0, 10), bytes.subarray(10));
    expect(records[1].cells).toEqual(['René', 'Zoë']);
  });

  it('keeps characters outside the BMP whole wherever the text is cut into pieces for the parser', async () => {
    // Emoji take two UTF-16 code units; one lies on every possible cut around 8 K and 16 K characters.
    const name = 'x'.repeat(8180) + '🔧'.repeat(20) + 'y'.repeat(8150) + '中文🔧Ærø';
    const lines = ['a;b', `"${name}";2`, ...Array.from({ length: 30 }, (_, i) => `${'🔧'.repeat(i)}é;${i}`)];
    const records = await read(Buffer.from(`${lines.join('\n')}\n`, 'utf8'));
    expect(records[1].cells).toEqual([name, '2']);
    expect(records.slice(2).map((record) => record.cells[0])).toEqual(
      Array.from({ length: 30 }, (_, i) => `${'🔧'.repeat(i)}é`),
    );
  });

  it('refuses binary content and text that is not UTF-8', async () => {
    await expect(read(Buffer.from([0x50, 0x4b, 0x03, 0x04, 0x00, 0x00]))).rejects.toMatchObject({
      definition: { code: 'IMPORT_NOT_TEXT' },
    });
    const error = await read(Buffer.from('a;b\nok;ok\nRen\xe9;x\n', 'latin1')).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(AppError);
    expect(error).toMatchObject({ definition: { code: 'IMPORT_NOT_UTF8' }, params: { line: 3 } });
  });

  it('stops at a broken quote with its line', async () => {
    const error = await read('a;b\n1;2\n3;"x"y\n').catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(CsvSyntaxError);
    expect(error).toMatchObject({ line: 3, reason: 'IMPORT_CSV_QUOTES' });
  });
});

describe('CSV cells', () => {
  it('escape cells a spreadsheet would run as formulas, and read them back', () => {
    for (const cell of ['=1+1', '+31 6 12345678', '-5', '@SUM(A1)', '\tx']) {
      expect(escapeFormula(cell)).toBe(`'${cell}`);
      expect(unescapeFormula(escapeFormula(cell))).toBe(cell);
    }
    expect(escapeFormula('Anna')).toBe('Anna');
    expect(unescapeFormula("'t Hoekje")).toBe("'t Hoekje");
  });

  it('escape formulas after every separator a spreadsheet might split at', () => {
    expect(escapeFormula('a,=2+2,')).toBe("a,'=2+2,");
    expect(escapeFormula('x;@y|-z\t+w')).toBe("x;'@y|'-z\t'+w");
    expect(escapeFormula('Jansen-de Vries, Utrecht')).toBe('Jansen-de Vries, Utrecht');
    // A quote the text already had before a trigger is kept: one more is added, and removed on import.
    expect(escapeFormula("'=1")).toBe("''=1");
    expect(unescapeFormula("''=1")).toBe("'=1");
  });

  it('read back exactly what they escaped, and leave no formula at any cell start', () => {
    const text = fc.string({
      unit: fc.constantFrom('a', ' ', "'", '=', '+', '-', '@', ',', ';', '|', '\t', '\r', '\n'),
    });
    fc.assert(
      fc.property(text, (cell) => {
        const escaped = escapeFormula(cell);
        expect(unescapeFormula(escaped)).toBe(cell);
        for (const piece of escaped.split(/[,;|\t\r\n]/)) expect(piece).not.toMatch(/^[=+\-@]/);
      }),
      { numRuns: 2000 },
    );
  });

  it('read dates as day-month-year or ISO', () => {
    expect(parseCsvDate('23-11-2026')).toBe('2026-11-23');
    expect(parseCsvDate('3-1-2026')).toBe('2026-01-03');
    expect(parseCsvDate('23/11/2026')).toBe('2026-11-23');
    expect(parseCsvDate('2026-11-23')).toBe('2026-11-23');
    expect(parseCsvDate('31-11-2026')).toBeNull();
    expect(parseCsvDate('11-23-2026')).toBeNull();
    expect(parseCsvDate('tomorrow')).toBeNull();
  });
});
