import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Country } from '../../../server/common/locale.js';
import { Order } from '../../../server/orders/order.entity.js';
import { createAdmin, createOrder, createTechnician, tokensFor } from '../../utils/factories.js';
import { startTestServer, type TestServer } from '../../utils/test-server.js';
import { postRestUpload } from '../../utils/upload.js';
import { INCLUDING_DELETED } from '../../../server/orders/repository/active-orders.js';

const HEADER = 'reference_number;name;email;phone;zipcode;house_number;city;country;date;time;technician;flag;external';

describe('CSV export of orders', () => {
  let server: TestServer;
  let token: string;

  beforeAll(async () => {
    server = await startTestServer({ env: { BRAND: 'acme' } });
    server.services.clock.travelTo(new Date('2026-11-23T22:30:00Z')); // 23:30 in Amsterdam
    const em = server.em();
    token = tokensFor(server).admin(await createAdmin(em));
    const technician = await createTechnician(em, { personalNumber: 'N100' });
    await createOrder(em, {
      referenceNumber: 'R-2',
      name: 'Jansen; Anna',
      phone: '+31 6 12345678',
      zipcode: '1234 AB',
      houseNumber: '12',
      city: 'Utrecht',
      email: 'anna@example.test',
      appointment: new Date('2026-11-24T07:00:00Z'),
      technician,
      special: true,
    });
    await createOrder(em, {
      referenceNumber: 'R-1',
      name: '=HYPERLINK("http://evil.example","klik")',
      phone: '06 12345678',
      zipcode: '3511CD',
      houseNumber: '4',
      city: '@Utrecht',
      email: 'b@example.test',
      appointment: new Date('2026-06-15T06:00:00Z'), // 08:00 in summer time
      duration: 7200,
      externalCompany: 1,
    });
    await createOrder(em, { referenceNumber: 'R-DELETED', appointment: new Date(), deletedAt: new Date() });
    await createOrder(em, { referenceNumber: 'R-BE', country: Country.BE, zipcode: '1000', appointment: new Date() });
  });
  afterAll(() => server.stop());

  const download = (path = '/api/admin/export?country=NL', headers: Record<string, string> = {}) =>
    fetch(`${server.url}${path}`, { headers: { authorization: `Bearer ${token}`, ...headers } });

  it('gives the file name and download path through GraphQL', async () => {
    const { body } = await server.graphql<{ ordersExport: { fileName: string; url: string; country: string } }>(
      '{ ordersExport { fileName url country } }',
      {},
      { token },
    );
    expect(body.data!.ordersExport).toEqual({
      fileName: 'acme-export.23-11-2026.csv',
      url: '/api/admin/export?country=NL',
      country: 'NL',
    });
  });

  it('streams the orders of a country in the import format, opening correctly in a spreadsheet', async () => {
    const response = await download();
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(response.headers.get('content-disposition')).toMatch(
      /^attachment; filename="?acme-export\.23-11-2026\.csv"?$/,
    );
    const bytes = new Uint8Array(await response.arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = new TextDecoder().decode(bytes.slice(3));
    expect(text.split('\r\n')).toEqual([
      HEADER,
      // Cells a spreadsheet would run as formulas start with ' (escaped), quotes are doubled.
      `R-1;"'=HYPERLINK(""http://evil.example"",""klik"")";b@example.test;06 12345678;3511CD;4;'@Utrecht;NL;15-06-2026;08:00/10:00;;0;1`,
      `R-2;"Jansen; Anna";anna@example.test;'+31 6 12345678;1234AB;12;Utrecht;NL;24-11-2026;08:00/11:00;N100;1;`,
      '',
    ]);
  });

  it("exports the site's country without ?country, and the other country on request", async () => {
    const site = await (await download('/api/admin/export')).text();
    expect(site).toContain('R-2');
    const belgian = await download('/api/admin/export?country=be');
    expect(belgian.headers.get('content-disposition')).toContain('acme-export.23-11-2026.csv');
    const text = await belgian.text();
    expect(text).toContain('R-BE');
    expect(text).not.toContain('R-2');
  });

  it('imports back unchanged (export → import round trip)', async () => {
    const snapshot = async () =>
      (
        await server
          .em()
          .find(
            Order,
            { country: Country.NL },
            { ...INCLUDING_DELETED, orderBy: { id: 'asc' }, populate: ['technician'] },
          )
      ).map(({ updatedAt: _updatedAt, ...order }) => ({ ...order, technician: order.technician?.id ?? null }));
    const before = await snapshot();
    const file = new Uint8Array(await (await download()).arrayBuffer());
    const response = await postRestUpload(
      server.url,
      '/api/admin/import/NL',
      'file',
      { name: 'export.csv', content: file },
      { token },
    );
    expect(response).toMatchObject({ status: 200, body: { rows: 2, created: 0, updated: 0, unchanged: 2 } });
    expect(await snapshot()).toEqual(before);
  });

  it('quotes cells with a list separator and escapes formulas after any separator, and still imports back', async () => {
    await createOrder(server.em(), {
      referenceNumber: 'R-3',
      name: "O'Neill;+1",
      city: 'a,=2+2,',
      zipcode: '1234AB',
      appointment: new Date('2026-11-25T07:00:00Z'),
    });
    const text = new TextDecoder().decode(new Uint8Array(await (await download()).arrayBuffer()).slice(3));
    const line = text.split('\r\n').find((row) => row.startsWith('R-3;'))!;
    expect(line).toContain(`;"O'Neill;'+1";`);
    expect(line).toContain(`;"a,'=2+2,";`);
    // A spreadsheet that splits at commas or semicolons and ignores quotes still sees no formula.
    for (const separator of [',', ';']) {
      const cells = line.split(separator).map((cell) => cell.replace(/^"/, ''));
      expect(cells.filter((cell) => /^[=+\-@]/.test(cell))).toEqual([]);
    }
    const response = await postRestUpload(
      server.url,
      '/api/admin/import/NL',
      'file',
      { name: 'export.csv', content: text },
      { token },
    );
    expect(response).toMatchObject({ status: 200, body: { rows: 3, created: 0, updated: 0, unchanged: 3 } });
    expect(await server.em().findOneOrFail(Order, { referenceNumber: 'R-3' }, INCLUDING_DELETED)).toMatchObject({
      name: "O'Neill;+1",
      city: 'a,=2+2,',
    });
  });

  it('writes quotes, list separators, non-ASCII text, formulas behind apostrophes and line breaks cell by cell', async () => {
    await createOrder(server.em(), {
      referenceNumber: 'R-4',
      name: 'Zoë "de Boer" | Ångström 😀',
      email: 'zoe@example.test',
      city: "''=1+1",
      zipcode: '1234AB',
      houseNumber: '7',
      appointment: new Date('2026-11-26T07:00:00Z'),
    });
    // Data from before order fields refused control characters.
    await createOrder(server.em(), {
      referenceNumber: 'R-BE-2',
      country: Country.BE,
      name: 'twee\r\nregels\tmet tab',
      zipcode: '1000',
      houseNumber: '3',
      appointment: new Date('2026-11-26T07:00:00Z'),
    });
    const bytes = new Uint8Array(await (await download()).arrayBuffer());
    const line = new TextDecoder()
      .decode(bytes.slice(3))
      .split('\r\n')
      .find((row) => row.startsWith('R-4;'));
    expect(line).toBe(
      `R-4;"Zoë ""de Boer"" | Ångström 😀";zoe@example.test;06 12345678;1234AB;7;'''=1+1;NL;26-11-2026;08:00/11:00;;0;`,
    );
    const belgian = await (await download('/api/admin/export?country=BE')).text();
    expect(belgian).toContain('\r\nR-BE-2;"twee\r\nregels\tmet tab";klant');
    const response = await postRestUpload(
      server.url,
      '/api/admin/import/NL',
      'file',
      { name: 'export.csv', content: bytes },
      { token },
    );
    expect(response).toMatchObject({ status: 200, body: { rows: 4, created: 0, updated: 0, unchanged: 4 } });
    expect(await server.em().findOneOrFail(Order, { referenceNumber: 'R-4' }, INCLUDING_DELETED)).toMatchObject({
      name: 'Zoë "de Boer" | Ångström 😀',
      city: "''=1+1",
    });
  });

  it('is for admins only, with the legacy error format', async () => {
    const response = await fetch(`${server.url}/api/admin/export`);
    expect(response.status).toBe(401);
    expect(await response.json()).toEqual({ message: 'UNAUTHENTICATED' });
    const bad = await download('/api/admin/export?country=XX');
    expect(bad.status).toBe(400);
  });
});
