import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Country } from '../../../server/common/locale.js';
import { Holiday } from '../../../server/holidays/holiday.entity.js';
import { nextWorkingDay, previousWorkingDay } from '../../../server/holidays/working-days.js';
import { createAdmin, createTechnician, tokensFor } from '../../utils/factories.js';
import { startTestServer, type TestServer } from '../../utils/test-server.js';

const CREATE = `mutation ($input: CreateHolidayInput!) { createHoliday(input: $input) { id country date } }`;
const DELETE = `mutation ($id: Int!) { deleteHoliday(id: $id) { id country date } }`;
const LIST = `query ($country: Country) { holidays(country: $country) { id country date } }`;

interface HolidayRow {
  id: number;
  country: string;
  date: string;
}

describe('holidays', () => {
  let server: TestServer;
  let token: string;

  beforeAll(async () => {
    server = await startTestServer();
    token = tokensFor(server).admin(await createAdmin(server.em()));
  });
  afterAll(() => server.stop());

  const create = (country: string, date: string, headers: Record<string, string> = {}) =>
    server.graphql<{ createHoliday: HolidayRow }>(CREATE, { input: { country, date } }, { token, headers });

  const list = async (country?: string) => {
    const { body } = await server.graphql<{ holidays: HolidayRow[] }>(LIST, { country }, { token });
    return body.data!.holidays.map(({ country: c, date }) => `${c} ${date}`);
  };

  it('creates holidays and lists them in date order, per country or all', async () => {
    expect((await create('NL', '2027-04-27')).body.data?.createHoliday).toMatchObject({
      country: 'NL',
      date: '2027-04-27',
    });
    await create('BE', '2027-07-21');
    await create('NL', '2027-01-01');
    await create('BE', '2027-01-01');
    expect(await list('NL')).toEqual(['NL 2027-01-01', 'NL 2027-04-27']);
    expect(await list('BE')).toEqual(['BE 2027-01-01', 'BE 2027-07-21']);
    expect(await list()).toEqual(['NL 2027-01-01', 'BE 2027-01-01', 'NL 2027-04-27', 'BE 2027-07-21']);
  });

  it('refuses the same date twice in one country, with a clear message in the caller language', async () => {
    await create('NL', '2027-12-25');
    const nl = await create('NL', '2027-12-25');
    expect(nl.body.data).toBeNull();
    expect(nl.body.errors?.[0]).toMatchObject({
      message: 'Op 25-12-2027 staat al een feestdag voor Nederland.',
      extensions: { code: 'HOLIDAY_EXISTS', fields: [{ field: 'date' }] },
    });
    const fr = await create('NL', '2027-12-25', { 'accept-language': 'fr' });
    expect(fr.body.errors?.[0].message).toBe('Un jour férié est déjà enregistré le 25-12-2027 pour les Pays-Bas.');
    // The same date in the other country is another holiday.
    expect((await create('BE', '2027-12-25')).body.errors).toBeUndefined();
    expect((await list()).filter((row) => row.endsWith('2027-12-25'))).toEqual(['NL 2027-12-25', 'BE 2027-12-25']);
  });

  it('refuses a date that is not a calendar day, saying so', async () => {
    for (const date of ['2027-02-30', '25-12-2027', 'morgen']) {
      const { body } = await create('NL', date);
      expect(body.errors?.[0]).toMatchObject({
        message: 'Vul een geldige datum in (jjjj-mm-dd).',
        extensions: {
          code: 'BAD_USER_INPUT',
          fields: [{ field: 'date', message: 'Vul een geldige datum in (jjjj-mm-dd).' }],
        },
      });
    }
    const empty = await create('NL', ' ');
    expect(empty.body.errors?.[0].message).toBe('Dit veld is verplicht.');
    expect(await list()).not.toContain('NL 2027-02-30');
  });

  it('deletes a holiday, and says when it does not exist (any more)', async () => {
    const { body } = await create('NL', '2027-05-05');
    const id = body.data!.createHoliday.id;
    const deleted = await server.graphql<{ deleteHoliday: HolidayRow }>(DELETE, { id }, { token });
    expect(deleted.body.data?.deleteHoliday).toEqual({ id, country: 'NL', date: '2027-05-05' });
    expect(await list('NL')).not.toContain('NL 2027-05-05');
    const again = await server.graphql(DELETE, { id }, { token });
    expect(again.body.errors?.[0]).toMatchObject({
      message: 'Deze feestdag bestaat niet (meer).',
      extensions: { code: 'NOT_FOUND' },
    });
  });

  it('is for admins only', async () => {
    const technician = tokensFor(server).technician(await createTechnician(server.em()));
    const asTechnician = await server.graphql(
      CREATE,
      { input: { country: 'NL', date: '2027-06-01' } },
      { token: technician },
    );
    expect(asTechnician.body.errors?.[0].extensions?.code).toBe('FORBIDDEN');
    const anonymous = await server.graphql(DELETE, { id: 1 });
    expect(anonymous.body.errors?.[0].extensions?.code).toBe('UNAUTHENTICATED');
    expect(await list()).not.toContain('NL 2027-06-01');
  });

  it('answers the legacy calls: GET and POST /api/admin/holidays, DELETE /api/admin/holidays/:id', async () => {
    const created = await server.rest<HolidayRow>('POST', '/api/admin/holidays', {
      token,
      form: { country: 'be', date: '2028-11-11' },
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ country: 'BE', date: '2028-11-11' });

    const listed = await server.rest<{ date: string; country: string }[]>('GET', '/api/admin/holidays', { token });
    expect(listed.status).toBe(200);
    expect(listed.body).toContainEqual({ date: '2028-11-11', country: 'BE' });

    const duplicate = await server.rest('POST', '/api/admin/holidays', {
      token,
      form: { country: 'BE', date: '2028-11-11' },
    });
    expect(duplicate).toMatchObject({ status: 409, body: { message: 'HOLIDAY_EXISTS' } });
    const badCountry = await server.rest('POST', '/api/admin/holidays', {
      token,
      form: { country: 'DE', date: '2028-11-12' },
    });
    expect(badCountry.status).toBe(400);

    const removed = await server.rest('DELETE', `/api/admin/holidays/${created.body.id}`, { token });
    expect(removed.status).toBe(200);
    const gone = await server.rest('DELETE', `/api/admin/holidays/${created.body.id}`, { token });
    expect(gone).toMatchObject({ status: 404, body: { message: 'NOT_FOUND' } });
    expect((await server.rest('GET', '/api/admin/holidays')).status).toBe(401);
  });

  it('feed the working-day rules: a created holiday is skipped, a deleted one counts again', async () => {
    // Wednesday 2 and Thursday 3 June 2027 are ordinary working days.
    expect(await nextWorkingDay(server.em(), Country.BE, '2027-06-01')).toBe('2027-06-02');
    expect(await previousWorkingDay(server.em(), Country.BE, '2027-06-03')).toBe('2027-06-02');

    const { body } = await create('BE', '2027-06-02');
    expect(await nextWorkingDay(server.em(), Country.BE, '2027-06-01')).toBe('2027-06-03');
    expect(await previousWorkingDay(server.em(), Country.BE, '2027-06-03')).toBe('2027-06-01');
    // Only in its own country.
    expect(await nextWorkingDay(server.em(), Country.NL, '2027-06-01')).toBe('2027-06-02');

    await server.graphql(DELETE, { id: body.data!.createHoliday.id }, { token });
    expect(await nextWorkingDay(server.em(), Country.BE, '2027-06-01')).toBe('2027-06-02');
    expect(await server.em().count(Holiday, { country: Country.BE, date: '2027-06-02' })).toBe(0);
  });
});
