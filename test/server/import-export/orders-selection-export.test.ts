import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Country } from '../../../server/common/locale.js';
import { EXPORT_SELECTION_MAX } from '../../../server/exports/orders-csv.js';
import { createAdmin, createOrder, createTechnician, tokensFor } from '../../utils/factories.js';
import { startTestServer, type TestServer } from '../../utils/test-server.js';

const SELECTION_QUERY = `query Selection($filter: OrderFilterInput!) {
  ordersSelectionExport(filter: $filter) { fileName url orders }
}`;

interface Selection {
  ordersSelectionExport: { fileName: string; url: string; orders: number };
}

/** The references of a CSV file's records, in the file's order. */
const referencesOf = (text: string) =>
  text
    .replace(/^\uFEFF/, '')
    .split('\r\n')
    .slice(1)
    .filter((line) => line !== '')
    .map((line) => line.split(';')[0]);

describe('CSV export of the order list as filtered', () => {
  let server: TestServer;
  let token: string;
  let technicianToken: string;

  beforeAll(async () => {
    server = await startTestServer({ env: { BRAND: 'acme' } });
    server.services.clock.travelTo(new Date('2026-11-23T18:00:00Z'));
    const em = server.em();
    token = tokensFor(server).admin(await createAdmin(em));
    const jan = await createTechnician(em, { personalNumber: 'N300', firstname: 'Jan', lastname: 'de Vries' });
    const piet = await createTechnician(em, { personalNumber: 'N301', firstname: 'Piet', lastname: 'Bakker' });
    technicianToken = tokensFor(server).technician(jan);
    const luc = await createTechnician(em, { personalNumber: 'B300', country: Country.BE });
    const tuesday = (hour: number) => new Date(`2026-11-24T${String(hour).padStart(2, '0')}:00:00+01:00`);
    await createOrder(em, {
      referenceNumber: 'S-JAN-2',
      name: 'Anna Jansen',
      technician: jan,
      appointment: tuesday(13),
    });
    await createOrder(em, {
      referenceNumber: 'S-JAN-1',
      name: 'Bram de Boer',
      technician: jan,
      appointment: tuesday(8),
      special: true,
    });
    await createOrder(em, { referenceNumber: 'S-PIET', name: 'Anna Smit', technician: piet, appointment: tuesday(8) });
    await createOrder(em, {
      referenceNumber: 'S-JAN-DELETED',
      name: 'Cor Dekker',
      technician: jan,
      appointment: tuesday(11),
      deletedAt: new Date('2026-11-20T10:00:00Z'),
    });
    await createOrder(em, {
      referenceNumber: 'S-JAN-LATER',
      name: 'Dirk Later',
      technician: jan,
      appointment: new Date('2026-12-15T09:00:00+01:00'),
    });
    await createOrder(em, {
      referenceNumber: 'S-BE',
      name: 'Marie Lambert',
      country: Country.BE,
      zipcode: '1000',
      technician: luc,
      appointment: tuesday(9),
    });
  });
  afterAll(() => server.stop());

  const describeSelection = (filter: Record<string, unknown>, as = token) =>
    server.graphql<Selection>(SELECTION_QUERY, { filter }, { token: as });

  const download = (path: string, as = token) =>
    fetch(`${server.url}${path}`, { headers: { authorization: `Bearer ${as}`, 'accept-language': 'nl' } });

  it("exports exactly the orders the list's filter matches, in the import format, by appointment", async () => {
    const filter = {
      technician: 'N300',
      from: '2026-11-23T23:00:00.000Z',
      to: '2026-11-24T23:00:00.000Z',
      deleted: false,
    };
    const { body } = await describeSelection(filter);
    expect(body.errors).toBeUndefined();
    const selection = body.data!.ordersSelectionExport;
    expect(selection.fileName).toBe('acme-selectie.23-11-2026.csv');
    expect(selection.orders).toBe(2);
    expect(selection.url).toMatch(/^\/api\/admin\/export\/selection\?filter=/);

    const response = await download(selection.url);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(response.headers.get('content-disposition')).toContain('acme-selectie.23-11-2026.csv');
    const text = await response.text();
    // Not Piet's, not the deleted one, not the later day, not Belgium: the filter, and only it.
    expect(referencesOf(text)).toEqual(['S-JAN-1', 'S-JAN-2']);
    expect(text).toContain('S-JAN-1;Bram de Boer;');
    expect(text).toContain(';24-11-2026;08:00/11:00;N300;1;');
  });

  it('honours every kind of filter the list sends: a search, a flag, the deleted ones, both countries', async () => {
    const exported = async (filter: Record<string, unknown>) => {
      const { body } = await describeSelection(filter);
      expect(body.errors).toBeUndefined();
      return referencesOf(await (await download(body.data!.ordersSelectionExport.url)).text());
    };
    expect(await exported({ search: 'anna', deleted: false })).toEqual(['S-PIET', 'S-JAN-2']);
    expect(await exported({ special: true })).toEqual(['S-JAN-1']);
    expect(await exported({ deleted: true })).toEqual(['S-JAN-DELETED']);
    // Both countries in one file, each window in its own country's time.
    expect(await exported({ from: '2026-11-24T07:30:00.000Z', to: '2026-11-24T08:30:00.000Z' })).toEqual(['S-BE']);
    const both = await exported({ from: '2026-11-23T23:00:00.000Z', to: '2026-11-24T23:00:00.000Z', deleted: false });
    expect(both).toEqual(['S-JAN-1', 'S-PIET', 'S-BE', 'S-JAN-2']);
  });

  it('refuses a hostile or broken filter with a clear error, never a 500', async () => {
    // A search the list refuses (punctuation alone): the list's own code, before any export starts.
    const wildcard = await describeSelection({ search: '%%%' });
    expect(wildcard.body.errors?.[0]?.extensions?.code).toBe('BAD_USER_INPUT');
    expect(wildcard.body.errors?.[0]?.message).toMatch(/^Zoek op minstens 3 letters/);
    const unknown = await describeSelection({ technician: "N300' or 1=1 --" });
    expect(unknown.body.errors?.[0]?.extensions?.code).toBe('UNKNOWN_TECHNICIAN');
    const informed = await describeSelection({ informed: true });
    expect(informed.body.errors?.[0]?.message).toMatch(/^Kies een begindatum/);

    // The download's own path: a filter that is not JSON, of the wrong shape, or smuggling SQL is refused with 400.
    const hostile = [
      'not json',
      JSON.stringify({ search: 'x', extra: '1); drop table orders; --' }),
      JSON.stringify({ country: "NL' or '1'='1" }),
      JSON.stringify({ from: 'yesterday' }),
      JSON.stringify(['a']),
      JSON.stringify({ search: '%%%' }),
    ];
    for (const filter of hostile) {
      const response = await download(`/api/admin/export/selection?filter=${encodeURIComponent(filter)}`);
      expect(response.status, filter).toBe(400);
      const body = (await response.json()) as { message: string };
      expect(body.message, filter).toMatch(/^[A-Z_]+$/);
    }
    const missing = await download('/api/admin/export/selection');
    expect(missing.status).toBe(400);
    // Nothing was harmed on the way.
    const { body } = await describeSelection({});
    expect(body.data!.ordersSelectionExport.orders).toBe(6);
  });

  it('keeps the role rules of the export: admins only', async () => {
    const { body } = await describeSelection({ special: true }, technicianToken);
    expect(body.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
    const path = `/api/admin/export/selection?filter=${encodeURIComponent(JSON.stringify({ special: true }))}`;
    expect((await download(path, technicianToken)).status).toBe(403);
    expect((await fetch(`${server.url}${path}`)).status).toBe(401);
  });

  it('refuses a selection larger than one file takes, before any download starts', async () => {
    await server.em().execute(
      `insert into orders (reference_number, name, email, phone, phone_normalized, zipcode, house_number, city,
           country, appointment, duration, special, created_at, updated_at)
         select 'BULK-' || n, 'Bulk Klant', 'bulk@example.test', '0612345678', '612345678', '1234AB', 1, 'Utrecht',
           'NL', timestamptz '2027-01-05 09:00+01' + make_interval(secs => n), 10800, false, now(), now()
         from generate_series(1, ${EXPORT_SELECTION_MAX + 1}) as n`,
    );
    const { body } = await describeSelection({ from: '2027-01-01T00:00:00.000Z' });
    expect(body.errors?.[0]?.extensions?.code).toBe('EXPORT_SELECTION_TOO_LARGE');
    const path = `/api/admin/export/selection?filter=${encodeURIComponent(JSON.stringify({ from: '2027-01-01T00:00:00.000Z' }))}`;
    const response = await download(path);
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ message: 'EXPORT_SELECTION_TOO_LARGE' });
    // One order fewer than the bound is taken (the last one starts at 08:00 UTC plus the bound in seconds).
    const narrower = await describeSelection({ from: '2027-01-01T00:00:00.000Z', to: '2027-01-05T10:46:40.000Z' });
    expect(narrower.body.data!.ordersSelectionExport.orders).toBe(EXPORT_SELECTION_MAX - 1);
  });
});
