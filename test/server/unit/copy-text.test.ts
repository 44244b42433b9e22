import { describe, expect, it } from 'vitest';
import { copyTextField, copyTextRow } from '../../../server/common/db/copy-text.js';

describe('COPY text format', () => {
  it('escapes the backslash, the tab separator and line ends, and nothing else', () => {
    expect(copyTextField('plain text')).toBe('plain text');
    expect(copyTextField('a\tb')).toBe('a\\tb');
    expect(copyTextField('line 1\nline 2\r\nline 3\r')).toBe('line 1\\nline 2\\r\\nline 3\\r');
    expect(copyTextField('C:\\new\\table')).toBe('C:\\\\new\\\\table');
    expect(copyTextField('\\\t\\n')).toBe('\\\\\\t\\\\n');
    expect(copyTextField('=SUM(A1:A3);"quoted",\'x\'')).toBe('=SUM(A1:A3);"quoted",\'x\'');
    expect(copyTextField('Ærø — Zürich 中文 🔧')).toBe('Ærø — Zürich 中文 🔧');
  });

  it('writes NULL as \\N, and the text \\N so that it stays text', () => {
    expect(copyTextField(null)).toBe('\\N');
    expect(copyTextField('\\N')).toBe('\\\\N');
    expect(copyTextField('')).toBe('');
  });

  it('writes numbers and booleans as PostgreSQL reads them', () => {
    expect(copyTextField(42)).toBe('42');
    expect(copyTextField(-7)).toBe('-7');
    expect(copyTextField(true)).toBe('t');
    expect(copyTextField(false)).toBe('f');
  });

  it('joins a row with tabs and ends it with a newline', () => {
    expect(copyTextRow([1, 'a\tb', null, true, ''])).toBe('1\ta\\tb\t\\N\tt\t\n');
  });
});
