import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { Country } from '../../../server/common/locale.js';
import { ImportJob } from '../../../server/imports/import-job.entity.js';
import { Order } from '../../../server/orders/order.entity.js';
import type { Technician } from '../../../server/technicians/technician.entity.js';
import { createAdmin, createOrder, createTechnician, tokensFor } from '../../utils/factories.js';
import { startTestServer, type TestServer } from '../../utils/test-server.js';
import { postGraphQLUpload, postRestUpload, type FileContent } from '../../utils/upload.js';
import { INCLUDING_DELETED } from '../../../server/orders/repository/active-orders.js';

const IMPORT = /* GraphQL */ `
  mutation Import($country: Country!, $file: Upload!, $jobId: String) {
    importOrders(country: $country, file: $file, jobId: $jobId) {
      __typename
      ... on ImportOrdersSuccess {
        jobId
        rows
        created
        updated
        unchanged
      }
      ... on ImportRowErrors {
        jobId
        rowsChecked
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

interface ImportData {
  importOrders:
    | {
        __typename: 'ImportOrdersSuccess';
        jobId: string;
        rows: number;
        created: number;
        updated: number;
        unchanged: number;
      }
    | {
        __typename: 'ImportRowErrors';
        jobId: string;
        rowsChecked: number;
        errorCount: number;
        errors: { line: number; column: string | null; value: string | null; message: string }[];
      };
}

const HEADER = 'reference_number;name;email;phone;zipcode;house_number;city;date;time;technician;flag';

const csv = (lines: string[], eol = '\r\n') => lines.join(eol) + eol;

describe('CSV import of orders', () => {
  let server: TestServer;
  let token: string;
  let technician: Technician;

  beforeAll(async () => {
    server = await startTestServer();
    const em = server.em();
    token = tokensFor(server).admin(await createAdmin(em));
    technician = await createTechnician(em, { personalNumber: 'N100' });
  });
  afterAll(() => server.stop());

  beforeEach(async () => {
    await server.em().nativeDelete(Order, {}, INCLUDING_DELETED);
  });

  const importFile = async (
    content: FileContent,
    options: { country?: Country; jobId?: string; language?: string } = {},
  ) => {
    const response = await postGraphQLUpload<ImportData>(
      server.url,
      IMPORT,
      { country: options.country ?? Country.NL, jobId: options.jobId ?? null },
      'file',
      { name: 'orders.csv', content },
      { token, headers: options.language ? { 'accept-language': options.language } : {} },
    );
    return response.body;
  };
  const imported = async (content: FileContent, options?: Parameters<typeof importFile>[1]) => {
    const body = await importFile(content, options);
    expect(body.errors).toBeUndefined();
    return body.data!.importOrders;
  };
  const orders = () =>
    server
      .em()
      .find(Order, {}, { ...INCLUDING_DELETED, orderBy: { referenceNumber: 'asc' }, populate: ['technician'] });

  const GOOD = csv([
    HEADER,
    'A-1;"Jansen; Anna";anna@example.test;06 12345678;1234 ab;12;Utrecht;23-11-2026;09:30;N100;1',
    "A-2;Piet Bakker;piet@example.test;'+31 30 2345678;3511CD;4;Utrecht;23-11-2026;10:00;;0",
    'A-3;Els Smit;els@example.test;0612345679;5611 JK;150;Eindhoven;2026-11-24;08:00/11:00;;',
  ]);

  it('reads a file with BOM, CRLF and a quoted ; and maps planned times through the import windows', async () => {
    const result = await imported(`\uFEFF${GOOD}`);
    expect(result).toMatchObject({ __typename: 'ImportOrdersSuccess', rows: 3, created: 3, updated: 0, unchanged: 0 });
    const [first, second, third] = await orders();
    expect(first).toMatchObject({
      referenceNumber: 'A-1',
      name: 'Jansen; Anna',
      zipcode: '1234AB',
      houseNumber: 12,
      country: Country.NL,
      duration: 10800,
      special: true,
    });
    expect(first.technician?.id).toBe(technician.id);
    // 09:30 is before 10:00: the 08:00-11:00 window, in Amsterdam time (CET, UTC+1).
    expect(first.appointment.toISOString()).toBe('2026-11-23T07:00:00.000Z');
    // 10:00 is not '<10:00' but '10:00/12:00': the 10:00-13:00 window.
    expect(second.appointment.toISOString()).toBe('2026-11-23T09:00:00.000Z');
    expect(second).toMatchObject({ phone: '+31 30 2345678', phoneNormalized: '302345678', special: false });
    // An explicit window is kept as it is.
    expect(third.appointment.toISOString()).toBe('2026-11-24T07:00:00.000Z');
    expect(third.technician).toBeNull();
  });

  it('accepts a comma-separated file with LF line ends and quoted commas', async () => {
    const file = csv(
      [
        HEADER.replaceAll(';', ','),
        'B-1,"Smit, Els",els@example.test,06 12345678,1234AB,3,Den Haag,23-11-2026,14:00,n100,0',
      ],
      '\n',
    );
    expect(await imported(file)).toMatchObject({ __typename: 'ImportOrdersSuccess', created: 1 });
    const [order] = await orders();
    expect(order).toMatchObject({ name: 'Smit, Els', city: 'Den Haag' });
    expect(order.technician?.id).toBe(technician.id);
    expect(order.appointment.toISOString()).toBe('2026-11-23T13:00:00.000Z');
  });

  it('changes nothing when the same file is imported twice, and updates only changed rows', async () => {
    await imported(GOOD);
    const before = await orders();
    expect(await imported(GOOD)).toMatchObject({ created: 0, updated: 0, unchanged: 3 });
    const after = await orders();
    expect(after.map((order) => order.updatedAt.getTime())).toEqual(before.map((order) => order.updatedAt.getTime()));

    const changed = GOOD.replace('Piet Bakker', 'Piet de Bakker');
    expect(await imported(changed)).toMatchObject({ created: 0, updated: 1, unchanged: 2 });
    expect((await orders())[1].name).toBe('Piet de Bakker');
  });

  it('keeps the technician, flag and external company of existing orders when the file has no such column', async () => {
    await imported(GOOD);
    const lean = csv([
      'reference_number;name;email;phone;zipcode;house_number;city;date;time',
      'A-1;"Jansen; Anna";anna@example.test;06 12345678;1234 ab;12;Utrecht;23-11-2026;09:30',
    ]);
    expect(await imported(lean)).toMatchObject({ unchanged: 1 });
    const [first] = await orders();
    expect(first.technician?.id).toBe(technician.id);
    expect(first.special).toBe(true);
  });

  it('writes nothing when one row in the middle is bad, and reports that line and column', async () => {
    const file = csv([
      HEADER,
      'C-1;Anna;anna@example.test;0612345678;1234AB;1;Utrecht;23-11-2026;09:00;;0',
      'C-2;Bert;not-an-email;0612345678;1234AB;2;Utrecht;23-11-2026;09:00;;0',
      'C-3;Cor;cor@example.test;0612345678;1234AB;3;Utrecht;23-11-2026;09:00;;0',
    ]);
    const result = await imported(file);
    expect(result).toEqual({
      __typename: 'ImportRowErrors',
      jobId: expect.any(String),
      rowsChecked: 3,
      errorCount: 1,
      errors: [{ line: 3, column: 'email', value: 'not-an-email', message: 'Dit is geen geldig e-mailadres.' }],
    });
    expect(await orders()).toEqual([]);
  });

  it('stores backslashes, a literal \\N, quotes, unicode and formula signs exactly as the file has them', async () => {
    const file = csv([
      HEADER,
      'H-1;"C:\\new\\table \\N";"back/slash@example.test";0612345678;1234AB;1;"\\\\server\\share";23-11-2026;09:00;;0',
      'H-2;"\'=SUM(A1:A3)";h2@example.test;0612345678;1234AB;2;"=Zürich ""oud"" 中文 🔧";23-11-2026;09:00;;0',
      "H-3;\\N;h3@example.test;0612345678;1234AB;3;'@stad;23-11-2026;09:00;;1",
    ]);
    expect(await imported(file)).toMatchObject({ __typename: 'ImportOrdersSuccess', created: 3 });
    const stored = (await orders()).map(({ referenceNumber, name, email, city, special }) => ({
      referenceNumber,
      name,
      email,
      city,
      special,
    }));
    expect(stored).toEqual([
      {
        referenceNumber: 'H-1',
        name: 'C:\\new\\table \\N',
        // A backslash is no part of one plain address (docs/rules.md, E-mail addresses); name and city keep it.
        email: 'back/slash@example.test',
        city: '\\\\server\\share',
        special: false,
      },
      {
        referenceNumber: 'H-2',
        name: '=SUM(A1:A3)',
        email: 'h2@example.test',
        city: '=Zürich "oud" 中文 🔧',
        special: false,
      },
      { referenceNumber: 'H-3', name: '\\N', email: 'h3@example.test', city: '@stad', special: true },
    ]);
  });

  it('refuses tabs and line breaks inside quoted values, on the line where the row starts', async () => {
    const file = csv([
      HEADER,
      'T-1;"Anna\tJansen";anna@example.test;0612345678;1234AB;1;Utrecht;23-11-2026;09:00;;0',
      'T-2;Bert;bert@example.test;0612345678;1234AB;2;"Utrecht\nCentrum";23-11-2026;09:00;;0',
      'T-3;Cor;cor@example.test;0612345678;1234AB;3;"Den\\tHaag";23-11-2026;09:00;;0',
    ]);
    const result = await imported(file);
    expect(result).toMatchObject({ __typename: 'ImportRowErrors', rowsChecked: 3, errorCount: 2 });
    if (result.__typename !== 'ImportRowErrors') return;
    expect(result.errors.map(({ line, column }) => [line, column])).toEqual([
      [2, 'name'],
      [3, 'city'],
    ]);
    expect(await orders()).toEqual([]);
  });

  it('reports every problem of every row, each with its column, in the admin language', async () => {
    await createOrder(server.em(), { referenceNumber: 'GONE', appointment: new Date(), deletedAt: new Date() });
    await createOrder(server.em(), {
      referenceNumber: 'BELGIAN',
      country: Country.BE,
      zipcode: '1000',
      appointment: new Date(),
    });
    const file = csv([
      HEADER + ';country',
      'D-1;Anna;anna@example.test;0612345678;1234AB;1;Utrecht;31-11-2026;09:00;N999;2;NL',
      'D-2;Bert;bert@example.test;0612345678;1234AB;2;Utrecht;23-11-2026;25:00;;0;BE',
      'D-1;Cor;cor@example.test;0612345678;1234AB;3;Utrecht;23-11-2026;21:00/23:00;;0;',
      'GONE;Dirk;dirk@example.test;0612345678;1234AB;4;Utrecht;23-11-2026;09:00;;0;',
      'BELGIAN;Eva;eva@example.test;0612345678;1234AB;5;Utrecht;23-11-2026;09:00;;0;',
      'too;few;columns',
    ]);
    const result = await imported(file, { language: 'fr' });
    expect(result.__typename).toBe('ImportRowErrors');
    if (result.__typename !== 'ImportRowErrors') return;
    expect(result.errors.map(({ line, column }) => [line, column])).toEqual([
      [2, 'date'],
      [2, 'technician'],
      [2, 'flag'],
      [3, 'country'],
      [3, 'time'],
      [4, 'reference_number'],
      [4, 'time'],
      [5, 'reference_number'],
      [6, 'reference_number'],
      [7, null],
    ]);
    const messages = Object.fromEntries(result.errors.map((error) => [`${error.line}:${error.column}`, error.message]));
    expect(messages['2:technician']).toBe("Il n'y a pas de technicien avec le numéro personnel 'N999'.");
    expect(messages['3:country']).toBe(
      'Ce rendez-vous est pour la Belgique\u00a0; ce fichier est importé pour les Pays-Bas.',
    );
    expect(messages['4:reference_number']).toBe('Ce numéro de référence figure aussi à la ligne 2.');
    expect(messages['4:time']).toBe('Une plage de visite ne commence pas avant 07:00 et ne finit pas après 22:00.');
    expect(messages['5:reference_number']).toContain('supprimé');
    expect(messages['6:reference_number']).toBe('Ce numéro de référence appartient à un rendez-vous pour la Belgique.');
    expect(messages['7:null']).toBe("Cette ligne compte 3 colonnes\u00a0; la ligne d'en-tête en compte 12.");
    expect(await server.em().count(Order, { referenceNumber: { $like: 'D-%' } }, INCLUDING_DELETED)).toBe(0);
  });

  it('names missing, unknown and doubled columns of the header', async () => {
    const result = await imported(
      csv(['reference_number;name;email;phone;zipcode;house_number;city;time;notes;name', 'x']),
    );
    expect(result).toMatchObject({
      __typename: 'ImportRowErrors',
      errors: [
        { line: 1, column: 'notes', message: expect.stringContaining("Onbekende kolom 'notes'") },
        { line: 1, column: 'name', message: "De kolom 'name' staat twee keer in de kopregel." },
        { line: 1, column: 'date', message: "De kolom 'date' ontbreekt in de kopregel." },
      ],
    });
  });

  it('stops at a quote that is not closed and reports its line', async () => {
    const file = csv([HEADER, 'E-1;"Anna;a@example.test;0612345678;1234AB;1;Utrecht;23-11-2026;09:00;;0']);
    const result = await imported(file);
    expect(result).toMatchObject({
      __typename: 'ImportRowErrors',
      errors: [{ line: 2, column: null, message: expect.stringContaining('aanhalingsteken') }],
    });
  });

  it('reports a quote opened in the middle of a value (a different csv-parse error code)', async () => {
    const file = csv([HEADER, 'E-1;An "na;a@example.test;0612345678;1234AB;1;Utrecht;23-11-2026;09:00;;0']);
    const result = await imported(file);
    expect(result).toMatchObject({
      __typename: 'ImportRowErrors',
      errors: [{ line: 2, column: null, message: expect.stringContaining('aanhalingsteken') }],
    });
  });

  it('refuses a binary file named .csv and writes nothing', async () => {
    const png = Buffer.from('89504e470d0a1a0a0000000d4948445200000001000000010806000000', 'hex');
    const body = await importFile(png);
    expect(body.errors?.[0]).toMatchObject({
      extensions: { code: 'IMPORT_NOT_TEXT' },
      message: 'Dit is geen CSV-bestand: het bevat binaire gegevens. Er is niets ingeladen.',
    });
    expect(await orders()).toEqual([]);
  });

  it('refuses text that is not UTF-8 and says on which line', async () => {
    const latin1 = Buffer.from(
      csv([HEADER, 'F-1;Ren\xe9;r@example.test;0612345678;1234AB;1;Utrecht;23-11-2026;09:00;;0']),
      'latin1',
    );
    const body = await importFile(latin1);
    expect(body.errors?.[0]).toMatchObject({ extensions: { code: 'IMPORT_NOT_UTF8' } });
    expect(body.errors?.[0].message).toContain('Regel 2');
  });

  it('refuses an empty file and a file with only a header', async () => {
    expect((await importFile('')).errors?.[0].extensions?.code).toBe('IMPORT_FILE_EMPTY');
    expect((await importFile(csv([HEADER]))).errors?.[0].extensions?.code).toBe('IMPORT_NO_ROWS');
  });

  it('records the job: its outcome can be read by id, and an id cannot be used twice', async () => {
    const jobId = randomUUID();
    await imported(GOOD, { jobId });
    const { body } = await server.graphql<{ importJob: Record<string, unknown> }>(
      'query ($id: String!) { importJob(id: $id) { status rowsChecked rowsWritten created fileName country finishedAt } }',
      { id: jobId },
      { token },
    );
    expect(body.data!.importJob).toMatchObject({
      status: 'SUCCEEDED',
      rowsChecked: 3,
      rowsWritten: 3,
      created: 3,
      fileName: 'orders.csv',
      country: 'NL',
      finishedAt: expect.any(String),
    });
    expect((await importFile(GOOD, { jobId })).errors?.[0].extensions?.code).toBe('IMPORT_JOB_ID_TAKEN');
    expect((await importFile(GOOD, { jobId: 'not-a-uuid' })).errors?.[0].extensions?.code).toBe(
      'IMPORT_JOB_ID_INVALID',
    );
    const rejected = await server.em().findOne(ImportJob, { status: 'REJECTED' as ImportJob['status'] });
    expect(rejected === null || rejected.errorCount > 0).toBe(true);
  });

  it('refuses a file over the upload limit (20 MB) and writes nothing', async () => {
    async function* huge() {
      yield `${HEADER}\n`;
      const filler = `${';'.repeat(10)}\n`.repeat(10_000);
      for (let sent = 0; sent < 21 * 1024 * 1024; sent += filler.length) yield filler;
    }
    const body = await importFile(huge());
    expect(body.errors?.[0].extensions?.code).toBe('IMPORT_FILE_TOO_LARGE');
    expect(body.errors?.[0].message).toBe('Het bestand is te groot: hoogstens 20 MB. Er is niets ingeladen.');
  });

  it('imports the example file of docs/csv-format.md', async () => {
    await createTechnician(server.em(), { personalNumber: 'N10001' });
    await createTechnician(server.em(), { personalNumber: 'N10002' });
    const example = readFileSync('docs/orders-example.csv');
    expect(await imported(example)).toMatchObject({ __typename: 'ImportOrdersSuccess', rows: 5, created: 5 });
    const kees = await server.em().findOneOrFail(Order, { referenceNumber: 'ORD-2026-0005' }, INCLUDING_DELETED);
    expect(kees.externalCompany).toBe(1);
  });

  it('refuses dates outside the planning years, as orders created by hand', async () => {
    const file = csv([HEADER, 'J-1;Anna;a@example.test;0612345678;1234AB;1;Utrecht;23-11-1926;09:00;;0']);
    expect(await imported(file)).toMatchObject({
      __typename: 'ImportRowErrors',
      errors: [
        { line: 2, column: 'date', value: '23-11-1926', message: 'Kies een datum in de jaren 2000 tot en met 2099.' },
      ],
    });
  });

  it('refuses a row that names a technician of another country, and writes nothing', async () => {
    await createTechnician(server.em(), {
      personalNumber: 'B200',
      firstname: 'Luc',
      lastname: 'Peeters',
      country: Country.BE,
    });
    const file = csv([
      HEADER,
      'K-1;Anna;a@example.test;0612345678;1234AB;1;Utrecht;23-11-2026;09:00;N100;0',
      'K-2;Piet;p@example.test;0612345679;1234AB;2;Utrecht;23-11-2026;09:00;B200;0',
    ]);
    expect(await imported(file)).toMatchObject({
      __typename: 'ImportRowErrors',
      errors: [
        {
          line: 3,
          column: 'technician',
          value: 'B200',
          message:
            'Luc Peeters werkt in België; een opdracht in Nederland gaat naar een monteur uit Nederland. Er is niets gewijzigd.',
        },
      ],
    });
    expect(await orders()).toEqual([]);
  });

  it('refuses a phone number longer than can be stored', async () => {
    const file = csv([
      HEADER,
      'H-1;Anna;a@example.test;+31 6 1234 5678 9012 3456 7890;1234AB;1;Utrecht;23-11-2026;09:00;;0',
    ]);
    expect(await imported(file)).toMatchObject({
      __typename: 'ImportRowErrors',
      errors: [{ line: 2, column: 'phone', message: 'Dit is geen geldig telefoonnummer.' }],
    });
  });

  it('is for admins only', async () => {
    const response = await postGraphQLUpload(server.url, IMPORT, { country: 'NL' }, 'file', {
      name: 'orders.csv',
      content: GOOD,
    });
    expect(response.body.errors?.[0].extensions?.code).toBe('UNAUTHENTICATED');
    expect(await orders()).toEqual([]);
  });

  describe('legacy POST /api/admin/import/<country>', () => {
    it('takes the file from a multipart field `file` or `appointments`, or as a raw text/csv body', async () => {
      const first = await postRestUpload(
        server.url,
        '/api/admin/import/NL',
        'file',
        { name: 'a.csv', content: GOOD },
        { token },
      );
      expect(first).toMatchObject({ status: 200, body: { rows: 3, created: 3, updated: 0, unchanged: 0 } });
      const legacyField = await postRestUpload(
        server.url,
        '/api/admin/import/nl',
        'appointments',
        { name: 'a.csv', content: GOOD },
        { token },
      );
      expect(legacyField).toMatchObject({ status: 200, body: { unchanged: 3 } });
      const raw = await postRestUpload(
        server.url,
        '/api/admin/import/NL',
        null,
        { name: 'a.csv', content: GOOD },
        { token },
      );
      expect(raw).toMatchObject({ status: 200, body: { unchanged: 3 } });
    });

    it('answers a bad file with the legacy error code and the row report', async () => {
      const file = csv([HEADER, 'G-1;Anna;anna@example.test;0612345678;1234AB;1;Utrecht;23-11-2026;nine;;0']);
      const response = await postRestUpload(
        server.url,
        '/api/admin/import/NL',
        'file',
        { name: 'a.csv', content: file },
        { token },
      );
      expect(response).toMatchObject({
        status: 400,
        body: {
          message: 'IMPORT_ROWS_INVALID',
          errorCount: 1,
          errors: [{ line: 2, column: 'time', value: 'nine', message: expect.stringContaining('UU:MM') }],
        },
      });
    });

    it('refuses a call without a file, of another country, or without an admin token', async () => {
      expect(await server.rest('POST', '/api/admin/import/NL', { token, json: { appointments: 'x' } })).toMatchObject({
        status: 400,
        body: { message: 'IMPORT_FILE_MISSING' },
      });
      const other = await postRestUpload(
        server.url,
        '/api/admin/import/DE',
        'file',
        { name: 'a.csv', content: GOOD },
        { token },
      );
      expect(other.status).toBe(400);
      const anonymous = await postRestUpload(server.url, '/api/admin/import/NL', 'file', {
        name: 'a.csv',
        content: GOOD,
      });
      expect(anonymous).toMatchObject({ status: 401, body: { message: 'UNAUTHENTICATED' } });
      const png = Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex');
      const binary = await postRestUpload(
        server.url,
        '/api/admin/import/NL',
        'file',
        { name: 'a.csv', content: png },
        { token },
      );
      expect(binary).toMatchObject({ status: 400, body: { message: 'IMPORT_NOT_TEXT' } });
      expect(await orders()).toEqual([]);
    });
  });
});
