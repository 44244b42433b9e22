import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Country } from '../../../server/common/locale.js';
import { instantOf } from '../../../shared/zoned-time.js';
import { Holiday } from '../../../server/holidays/holiday.entity.js';
import { Order } from '../../../server/orders/order.entity.js';
import { createAdmin, createOrder, tokensFor } from '../../utils/factories.js';
import { startTestServer, type TestServer } from '../../utils/test-server.js';
import { postGraphQLUpload } from '../../utils/upload.js';
import { INCLUDING_DELETED } from '../../../server/orders/repository/active-orders.js';

const IMPORT = /* GraphQL */ `
  mutation ($country: Country!, $file: Upload!) {
    importOrders(country: $country, file: $file) {
      __typename
      ... on ImportOrdersSuccess {
        created
        updated
        unchanged
      }
      ... on ImportRowErrors {
        errorCount
        errors {
          line
          column
          value
          message
        }
      }
    }
  }
`;

type ImportResult =
  | { __typename: 'ImportOrdersSuccess'; created: number; updated: number; unchanged: number }
  | {
      __typename: 'ImportRowErrors';
      errorCount: number;
      errors: { line: number; column: string | null; value: string | null; message: string }[];
    };

const HEADER = 'reference_number;name;email;phone;zipcode;house_number;city;date;time';
const csv = (...lines: string[]) => [HEADER, ...lines].join('\r\n') + '\r\n';
const row = (reference: string, date: string, time = '08:00/11:00', zipcode = '1234 AB') =>
  `${reference};Klant ${reference};klant@example.test;06 12345678;${zipcode};1;Utrecht;${date};${time}`;

describe('CSV import on holidays', () => {
  let server: TestServer;
  let token: string;

  beforeAll(async () => {
    server = await startTestServer({ recordQueries: true });
    const em = server.em();
    token = tokensFor(server).admin(await createAdmin(em));
    em.create(Holiday, { country: Country.NL, date: '2026-12-25' });
    em.create(Holiday, { country: Country.NL, date: '2026-12-26' });
    em.create(Holiday, { country: Country.BE, date: '2026-12-28' });
    await em.flush();
    // An admin kept this order when adding the holiday (saved anyway).
    await createOrder(em, {
      referenceNumber: 'KEPT-1',
      name: 'Klant KEPT-1',
      email: 'klant@example.test',
      zipcode: '1234 AB',
      houseNumber: '1',
      appointment: instantOf('2026-12-25', 8, 0, 'Europe/Amsterdam'),
    });
  });
  afterAll(() => server.stop());

  const importFile = async (content: string, country = Country.NL, language = 'nl') => {
    const { body } = await postGraphQLUpload<{ importOrders: ImportResult }>(
      server.url,
      IMPORT,
      { country },
      'file',
      { name: 'orders.csv', content },
      { token, headers: { 'accept-language': language } },
    );
    expect(body.errors).toBeUndefined();
    return body.data!.importOrders;
  };

  it('refuses rows on a holiday of the file country, in the row report, and writes nothing', async () => {
    const result = await importFile(csv(row('H-1', '24-12-2026'), row('H-2', '25-12-2026'), row('H-3', '26-12-2026')));
    expect(result).toEqual({
      __typename: 'ImportRowErrors',
      errorCount: 2,
      errors: [
        {
          line: 3,
          column: 'date',
          value: '25-12-2026',
          message: '25-12-2026 is een feestdag in Nederland: plan de opdracht op een andere dag.',
        },
        {
          line: 4,
          column: 'date',
          value: '26-12-2026',
          message: '26-12-2026 is een feestdag in Nederland: plan de opdracht op een andere dag.',
        },
      ],
    });
    expect(await server.em().count(Order, { referenceNumber: { $like: 'H-%' } }, INCLUDING_DELETED)).toBe(0);
  });

  it('says so in French on the French site', async () => {
    const result = await importFile(csv(row('H-4', '25-12-2026')), Country.NL, 'fr');
    expect(result.__typename === 'ImportRowErrors' && result.errors[0].message).toBe(
      'Le 25-12-2026 est un jour férié pour les Pays-Bas\u00a0: planifiez la mission un autre jour.',
    );
  });

  it("takes the file country's holidays only", async () => {
    expect(await importFile(csv(row('H-5', '28-12-2026')))).toMatchObject({ created: 1 });
    const belgian = await importFile(csv(row('H-6', '28-12-2026', '08:00/11:00', '1000')), Country.BE);
    expect(belgian.__typename).toBe('ImportRowErrors');
    expect(await importFile(csv(row('H-7', '25-12-2026', '08:00/11:00', '1000')), Country.BE)).toMatchObject({
      created: 1,
    });
  });

  it('lets an order kept on a holiday pass unchanged (an export imports again), but moves none onto one', async () => {
    expect(await importFile(csv(row('KEPT-1', '25-12-2026')))).toMatchObject({ unchanged: 1 });
    const moved = await importFile(csv(row('KEPT-1', '26-12-2026'), row('H-5', '25-12-2026')));
    expect(moved.__typename === 'ImportRowErrors' && moved.errors.map((error) => [error.line, error.column])).toEqual([
      [2, 'date'],
      [3, 'date'],
    ]);
  });

  it('loads the holidays once per import, whatever the number of rows', async () => {
    const holidayStatements = async (rows: number) => {
      server.queries.length = 0;
      const lines = Array.from({ length: rows }, (_, i) => row(`Q-${rows}-${i}`, '23-12-2026'));
      expect(await importFile(csv(...lines))).toMatchObject({ created: rows });
      return server.queries.filter((sql) => /\bholidays\b/.test(sql)).length;
    };
    const few = await holidayStatements(2);
    expect(few).toBeGreaterThan(0);
    expect(await holidayStatements(300)).toBe(few);
  });
});
