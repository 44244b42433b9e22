import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OrderEvent } from '../../../server/audit/order-event.entity.js';
import { Country } from '../../../server/common/locale.js';
import { Order } from '../../../server/orders/order.entity.js';
import { createAdmin, createTechnician, tokensFor } from '../../utils/factories.js';
import { startTestServer, type TestServer } from '../../utils/test-server.js';
import { postGraphQLUpload } from '../../utils/upload.js';
import { INCLUDING_DELETED } from '../../../server/orders/repository/active-orders.js';

/** Tuesday 1 December 2026, 10:00 in Amsterdam and Brussels. */
const NOW = new Date('2026-12-01T09:00:00Z');

const CREATE = /* GraphQL */ `
  mutation ($input: CreateOrderInput!) {
    createOrder(input: $input) {
      id
      street
      houseNumber
      houseNumberAddition
    }
  }
`;

const IMPORT = /* GraphQL */ `
  mutation Import($country: Country!, $file: Upload!) {
    importOrders(country: $country, file: $file) {
      __typename
      ... on ImportOrdersSuccess {
        created
        updated
        unchanged
      }
      ... on ImportRowErrors {
        errors {
          line
          column
          message
        }
      }
    }
  }
`;

type ImportResult =
  | { __typename: 'ImportOrdersSuccess'; created: number; updated: number; unchanged: number }
  | { __typename: 'ImportRowErrors'; errors: { line: number; column: string | null; message: string }[] };

const LEGACY_HEADER = 'reference_number;name;email;phone;zipcode;house_number;city;date;time';
const csv = (lines: string[]) => lines.join('\r\n') + '\r\n';

describe('full addresses: street and house-number addition', () => {
  let server: TestServer;
  let token: string;

  beforeAll(async () => {
    server = await startTestServer({ env: { CLOCK_NOW: NOW.toISOString() } });
    token = tokensFor(server).admin(await createAdmin(server.em()));
  });
  afterAll(() => server.stop());

  const importFile = async (content: string, country = Country.BE) => {
    const { body } = await postGraphQLUpload<{ importOrders: ImportResult }>(
      server.url,
      IMPORT,
      { country },
      'file',
      { name: 'orders.csv', content },
      { token },
    );
    expect(body.errors).toBeUndefined();
    return body.data!.importOrders;
  };
  const exported = async (country: Country) => {
    const response = await fetch(`${server.url}/api/admin/export?country=${country}`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(response.status).toBe(200);
    return new Uint8Array(await response.arrayBuffer());
  };
  const stored = (referenceNumber: string) =>
    server.em().findOneOrFail(Order, { referenceNumber }, { ...INCLUDING_DELETED, refresh: true });

  describe('creating an order', () => {
    const base = async (overrides: Record<string, unknown>) => {
      const technician = await createTechnician(server.em(), { country: Country.BE });
      return {
        referenceNumber: `C-${Math.random().toString(36).slice(2, 10)}`,
        name: 'Anna de Vries',
        email: 'anna@example.test',
        phone: '0477/00.04.69',
        zipcode: '9000',
        houseNumber: '62',
        city: 'Gent',
        country: 'BE',
        appointment: '2026-12-02T07:00:00.000Z',
        technician: technician.personalNumber,
        ...overrides,
      };
    };

    it('stores a street and an addition as typed, the addition without the separator typed before it', async () => {
      const input = await base({ street: '  Veldstraat ', houseNumberAddition: ' -2 ' });
      const { body } = await server.graphql<{ createOrder: { street: string; houseNumberAddition: string } }>(
        CREATE,
        { input },
        { token },
      );
      expect(body.errors).toBeUndefined();
      expect(body.data!.createOrder).toMatchObject({ street: 'Veldstraat', houseNumber: 62, houseNumberAddition: '2' });
      const order = await stored(input.referenceNumber);
      expect(order).toMatchObject({ street: 'Veldstraat', houseNumberAddition: '2' });
      // The order's history records the new fields with the others.
      const [event] = await server.em().find(OrderEvent, { order: order.id });
      expect(event.after).toMatchObject({ street: 'Veldstraat', houseNumberAddition: '2' });
    });

    it('leaves both empty when left out or blank, as before', async () => {
      const input = await base({ street: '   ', houseNumberAddition: null });
      const { body } = await server.graphql(CREATE, { input }, { token });
      expect(body.errors).toBeUndefined();
      expect(await stored(input.referenceNumber)).toMatchObject({ street: null, houseNumberAddition: null });
    });

    it('refuses an addition that is too long or no addition, a street too long or not well-formed text', async () => {
      const input = await base({
        street: 'S'.repeat(201),
        houseNumberAddition: 'a!',
      });
      const { body } = await server.graphql(CREATE, { input }, { token, headers: { 'accept-language': 'nl' } });
      const fields = (body.errors?.[0]?.extensions as { fields?: { field: string; message: string }[] })?.fields;
      expect(body.errors?.[0]?.extensions?.code).toBe('BAD_USER_INPUT');
      expect(fields).toEqual(
        expect.arrayContaining([
          expect.objectContaining({ field: 'street', message: 'Dit veld mag hoogstens 200 tekens bevatten.' }),
          expect.objectContaining({
            field: 'houseNumberAddition',
            message: 'Een toevoeging bestaat uit letters en cijfers, zoals a, 2 of bis.',
          }),
        ]),
      );
      const tooLong = await server.graphql(
        CREATE,
        { input: { ...input, street: null, houseNumberAddition: 'abcdefghijk' } },
        { token },
      );
      expect(JSON.stringify(tooLong.body.errors)).toContain('houseNumberAddition');
      // Half of a UTF-16 pair is no character: refused at the edge, never stored.
      const broken = await server.graphql(
        CREATE,
        { input: { ...input, street: 'Veld\ud800straat', houseNumberAddition: null } },
        { token },
      );
      expect(broken.body.errors?.[0]?.extensions?.code).toBe('BAD_USER_INPUT');
      expect(JSON.stringify(broken.body.errors)).toContain('"field":"street"');
      expect(await server.em().count(Order, { referenceNumber: input.referenceNumber }, INCLUDING_DELETED)).toBe(0);
    });
  });

  describe('the CSV import and export', () => {
    const WITH_DETAILS = csv([
      'reference_number;name;email;phone;zipcode;street;house_number;house_number_addition;city;date;time',
      'S-1;Anna de Vries;anna@example.test;0477/00.04.69;9000;Veldstraat;62;bis;Gent;02-12-2026;08:00/11:00',
      'S-2;Piet Claes;piet@example.test;0470 12 34 56;1000;;12;;Brussel;02-12-2026;08:00/11:00',
    ]);

    it('imports street and addition, keeps them when a later file has no such columns, and refuses bad ones', async () => {
      expect(await importFile(WITH_DETAILS)).toMatchObject({ __typename: 'ImportOrdersSuccess', created: 2 });
      expect(await stored('S-1')).toMatchObject({ street: 'Veldstraat', houseNumber: 62, houseNumberAddition: 'bis' });
      expect(await stored('S-2')).toMatchObject({ street: null, houseNumberAddition: null });
      // The same file again changes nothing.
      expect(await importFile(WITH_DETAILS)).toMatchObject({ created: 0, updated: 0, unchanged: 2 });
      // A file in the older format updates the other fields and keeps the street.
      const legacy = csv([
        LEGACY_HEADER,
        'S-1;Anna de Vries-Peeters;anna@example.test;0477/00.04.69;9000;62;Gent;02-12-2026;08:00/11:00',
      ]);
      expect(await importFile(legacy)).toMatchObject({ updated: 1 });
      expect(await stored('S-1')).toMatchObject({ name: 'Anna de Vries-Peeters', street: 'Veldstraat' });

      const bad = csv([
        'reference_number;name;email;phone;zipcode;street;house_number;house_number_addition;city;date;time',
        `S-3;Els;els@example.test;0470 12 34 57;1000;${'S'.repeat(201)};3;a?;Brussel;02-12-2026;08:00/11:00`,
      ]);
      const refused = await importFile(bad);
      expect(refused.__typename).toBe('ImportRowErrors');
      expect(refused.__typename === 'ImportRowErrors' && refused.errors.map((error) => error.column)).toEqual([
        'street',
        'house_number_addition',
      ]);
    });

    it('exports the address columns only for a country that has them, and the file imports unchanged', async () => {
      await importFile(WITH_DETAILS);
      const bytes = await exported(Country.BE);
      const lines = new TextDecoder().decode(bytes.slice(3)).split('\r\n');
      expect(lines[0]).toBe(
        'reference_number;name;email;phone;zipcode;street;house_number;house_number_addition;city;country;date;time;technician;flag;external',
      );
      expect(lines).toContain(
        'S-1;Anna de Vries;anna@example.test;0477/00.04.69;9000;Veldstraat;62;bis;Gent;BE;02-12-2026;08:00/11:00;;0;',
      );
      expect(await importFile(new TextDecoder().decode(bytes))).toMatchObject({ created: 0, updated: 0 });

      // Orders without street or addition export exactly as before: the legacy header and cells.
      await importFile(
        csv([LEGACY_HEADER, 'L-1;Jan Jansen;jan@example.test;06 12345678;1234 AB;5;Utrecht;02-12-2026;08:00/11:00']),
        Country.NL,
      );
      const legacy = new TextDecoder('utf-8', { ignoreBOM: true }).decode(await exported(Country.NL));
      expect(legacy).toBe(
        '\uFEFFreference_number;name;email;phone;zipcode;house_number;city;country;date;time;technician;flag;external\r\n' +
          'L-1;Jan Jansen;jan@example.test;06 12345678;1234AB;5;Utrecht;NL;02-12-2026;08:00/11:00;;0;\r\n',
      );
    });
  });
});
