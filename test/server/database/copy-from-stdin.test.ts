import { finished } from 'node:stream/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { copyFromStdin } from '../../../server/common/db/copy-from-stdin.js';
import { copyTextRow, type CopyValue } from '../../../server/common/db/copy-text.js';
import { startTestServer, type TestServer } from '../../utils/test-server.js';

/** Values that break naive tab-separated text: each must come back exactly as sent. */
const HOSTILE: string[] = [
  'tab\tinside',
  'line\nbreak',
  'carriage\r\nreturn\r',
  'back\\slash\\',
  '\\N',
  '\\t is not a tab',
  '\\',
  '=HYPERLINK("http://x.test";"klik")',
  '+31 6 1234 5678',
  '-1',
  '@SUM(1;2)',
  '"quoted", \'single\'; semi',
  'Ærø — Zürich 中文 🔧 \u00a0\u200b',
  '',
  ' leading and trailing ',
];

describe('COPY FROM STDIN on the transaction of an entity manager', () => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server.stop());

  const copyRows = (rows: CopyValue[][]) =>
    server
      .em()
      .fork()
      .transactional(async (em) => {
        await em.execute('create temp table copied (n int, text_value text, flag boolean) on commit drop');
        const copy = await copyFromStdin(em, 'copy copied (n, text_value, flag) from stdin');
        copy.end(rows.map(copyTextRow).join(''));
        await finished(copy);
        return em.execute<{ n: number; text_value: string | null; flag: boolean | null }[]>(
          'select n, text_value, flag from copied order by n',
        );
      });

  it('stores hostile text, NULL and booleans exactly as written', async () => {
    const rows: CopyValue[][] = HOSTILE.map((value, index) => [index, value, index % 2 === 0]);
    rows.push([HOSTILE.length, null, null]);
    const stored = await copyRows(rows);
    expect(stored.map((row) => row.text_value)).toEqual([...HOSTILE, null]);
    expect(stored.map((row) => row.flag)).toEqual([...HOSTILE.map((_, index) => index % 2 === 0), null]);
  });

  it('rolls the copied rows back with the transaction', async () => {
    const em = server.em().fork();
    await em.execute('create table copy_rollback (n int)');
    await expect(
      em.transactional(async (tem) => {
        const copy = await copyFromStdin(tem, 'copy copy_rollback (n) from stdin');
        copy.end(copyTextRow([1]) + copyTextRow([2]));
        await finished(copy);
        expect(await tem.execute('select count(*)::int as n from copy_rollback')).toEqual([{ n: 2 }]);
        throw new Error('changed my mind');
      }),
    ).rejects.toThrow('changed my mind');
    expect(await em.execute('select count(*)::int as n from copy_rollback')).toEqual([{ n: 0 }]);
  });

  it('reports data PostgreSQL refuses as an error of the stream, and the transaction can still roll back', async () => {
    await expect(
      copyRows([
        [1, 'fine', true],
        [2, 'fine', 'maybe'],
      ]),
    ).rejects.toThrow(/boolean/);
    // The pooled connection is usable again afterwards.
    expect(await copyRows([[1, 'again', false]])).toEqual([{ n: 1, text_value: 'again', flag: false }]);
  });

  it('refuses to run outside a transaction', async () => {
    await expect(copyFromStdin(server.em().fork(), 'copy copied (n) from stdin')).rejects.toThrow(/transaction/);
  });
});
