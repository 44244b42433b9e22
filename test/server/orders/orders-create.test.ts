import { request as httpRequest } from 'node:http';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Admin } from '../../../server/admins/admin.entity.js';
import { Order } from '../../../server/orders/order.entity.js';
import { ScheduleConfirmation } from '../../../server/schedule/schedule-confirmation.entity.js';
import { Country } from '../../../server/common/locale.js';
import type { Technician } from '../../../server/technicians/technician.entity.js';
import { createAdmin, createTechnician, tokensFor } from '../../utils/factories.js';
import { startTestServer, type TestServer } from '../../utils/test-server.js';
import { INCLUDING_DELETED } from '../../../server/orders/repository/active-orders.js';

/** Tuesday 1 December 2026, 10:00 in Amsterdam. */
const NOW = new Date('2026-12-01T09:00:00Z');
/** Wednesday 2 December 2026, 08:00 in Amsterdam and Brussels. */
const TOMORROW_8 = '2026-12-02T07:00:00.000Z';

const CREATE = /* GraphQL */ `
  mutation ($input: CreateOrderInput!) {
    createOrder(input: $input) {
      id
      referenceNumber
      name
      email
      phone
      zipcode
      houseNumber
      city
      country
      appointment
      duration
      special
      technician {
        personalNumber
      }
      deleted {
        date
      }
    }
  }
`;

/** fetch() sets Host from the URL; the site's host is what decides the default country. */
function postWithHost(
  baseUrl: string,
  host: string,
  body: string,
  token: string,
): Promise<{ data?: { createOrder: { country: string } } }> {
  const url = new URL(`${baseUrl}/graphql`);
  return new Promise((resolve, reject) => {
    const request = httpRequest(
      {
        hostname: url.hostname,
        port: url.port,
        path: url.pathname,
        method: 'POST',
        headers: {
          host,
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(body),
          authorization: `Bearer ${token}`,
        },
      },
      (response) => {
        let text = '';
        response.on('data', (chunk: Buffer) => (text += chunk.toString()));
        response.on('end', () => resolve(JSON.parse(text) as { data?: { createOrder: { country: string } } }));
      },
    );
    request.on('error', reject);
    request.end(body);
  });
}

interface FieldError {
  field: string;
  message: string;
}

describe('creating orders', () => {
  let server: TestServer;
  let token: string;
  let admin: Admin;
  let technician: Technician;
  let belgian: Technician;
  let sequence = 0;

  beforeAll(async () => {
    server = await startTestServer({ env: { BRAND: 'acme' } });
    const em = server.em();
    admin = await createAdmin(em);
    technician = await createTechnician(em, { personalNumber: 'N4711', firstname: 'Jan', lastname: 'de Vries' });
    belgian = await createTechnician(em, {
      personalNumber: 'B4711',
      firstname: 'Luc',
      lastname: 'Peeters',
      country: Country.BE,
    });
  });
  beforeEach(() => {
    // Tokens are signed at the server's "now", so sign after travelling there.
    server.services.clock.travelTo(NOW);
    token = tokensFor(server).admin(admin);
  });
  afterAll(() => server.stop());

  const validInput = (overrides: Record<string, unknown> = {}) => ({
    referenceNumber: `ORD-${++sequence}`,
    name: 'Anna Jansen',
    email: 'anna@example.test',
    phone: '06 12345678',
    zipcode: '1234 ab',
    houseNumber: '12',
    city: 'Utrecht',
    appointment: TOMORROW_8,
    duration: 10800,
    technician: 'N4711',
    special: false,
    ...overrides,
  });

  const create = (input: Record<string, unknown>, headers: Record<string, string> = {}) =>
    server.graphql<{ createOrder: Record<string, unknown> }>(CREATE, { input }, { token, headers });

  const fieldErrors = async (input: Record<string, unknown>, headers: Record<string, string> = {}) => {
    const { body } = await create(input, headers);
    expect(body.data).toBeNull();
    return {
      code: body.errors?.[0].extensions?.code,
      message: body.errors?.[0].message,
      fields: (body.errors?.[0].extensions?.fields ?? []) as FieldError[],
    };
  };

  it('creates an order with normalised fields, the technician and the flag', async () => {
    const { body } = await create(validInput({ referenceNumber: 'ORD-100', special: true, technician: 'n4711' }));
    expect(body.errors).toBeUndefined();
    expect(body.data?.createOrder).toMatchObject({
      referenceNumber: 'ORD-100',
      zipcode: '1234AB',
      houseNumber: 12,
      country: 'NL',
      appointment: TOMORROW_8,
      duration: 10800,
      special: true,
      technician: { personalNumber: 'N4711' },
      deleted: null,
    });
    const stored = await server.em().findOneOrFail(Order, { referenceNumber: 'ORD-100' }, INCLUDING_DELETED);
    expect(stored.phoneNormalized).toBe('612345678');
  });

  it("accepts the technician's database id as well as the personal number", async () => {
    const { body } = await create(validInput({ technician: String(technician.id) }));
    expect(body.data?.createOrder.technician).toEqual({ personalNumber: 'N4711' });
  });

  it("takes the country from the site's host, and an explicit country over it", async () => {
    const belgianOrder = validInput({ zipcode: '1000', technician: 'B4711' });
    const fromHost = await postWithHost(
      server.url,
      'rendezvous.be.example.com',
      JSON.stringify({ query: CREATE, variables: { input: belgianOrder } }),
      token,
    );
    expect(fromHost.data?.createOrder.country).toBe('BE');
    const explicit = await create(validInput({ zipcode: '2000', country: 'BE', technician: 'B4711' }));
    expect(explicit.body.data?.createOrder.country).toBe('BE');
    const dutchRulesForBelgium = await fieldErrors(
      validInput({ zipcode: '1234 AB', country: 'BE', technician: 'B4711' }),
    );
    expect(dutchRulesForBelgium.fields).toEqual([
      { field: 'zipcode', message: 'Een Belgische postcode bestaat uit vier cijfers, bijvoorbeeld 1000.' },
    ]);
  });

  it('reports every missing or wrong field at once, each with its own text', async () => {
    const before = await server.em().count(Order, {}, INCLUDING_DELETED);
    const result = await fieldErrors({
      referenceNumber: '',
      name: ' ',
      email: 'not-mail',
      phone: '',
      zipcode: '',
      houseNumber: '12a',
      city: '',
      appointment: TOMORROW_8,
      technician: '',
    });
    expect(result.code).toBe('BAD_USER_INPUT');
    expect(result.message).toBe('De opdracht is niet opgeslagen: controleer de gemarkeerde velden.');
    expect(Object.fromEntries(result.fields.map((problem) => [problem.field, problem.message]))).toEqual({
      referenceNumber: 'Dit veld is verplicht.',
      name: 'Dit veld is verplicht.',
      email: 'Dit is geen geldig e-mailadres.',
      phone: 'Dit veld is verplicht.',
      zipcode: 'Dit veld is verplicht.',
      houseNumber: 'Een huisnummer bestaat alleen uit cijfers.',
      city: 'Dit veld is verplicht.',
      technician: 'Dit veld is verplicht.',
    });
    expect(await server.em().count(Order, {}, INCLUDING_DELETED)).toBe(before);
  });

  it('answers field problems in French on the French site', async () => {
    const result = await fieldErrors(validInput({ houseNumber: 'x' }), { 'accept-language': 'fr' });
    expect(result.fields).toEqual([
      { field: 'houseNumber', message: 'Un numéro de maison ne contient que des chiffres.' },
    ]);
  });

  it("refuses a date before today in the order's country, but accepts today", async () => {
    const yesterday = await fieldErrors(validInput({ appointment: '2026-11-30T07:00:00Z' }));
    expect(yesterday.fields).toEqual([{ field: 'appointment', message: 'De datum mag niet vóór vandaag liggen.' }]);
    const today = await create(validInput({ appointment: '2026-12-01T07:00:00Z' }));
    expect(today.body.errors).toBeUndefined();
  });

  it('reads "today" in the zone: at 00:30 in Amsterdam the UTC date is still yesterday', async () => {
    server.services.clock.travelTo(new Date('2026-11-30T23:30:00Z'));
    const sameUtcDay = await fieldErrors(validInput({ appointment: '2026-11-30T17:00:00Z' }));
    expect(sameUtcDay.fields.map((problem) => problem.field)).toEqual(['appointment']);
  });

  it('accepts begin hours 7:00 to 18:00 on the whole hour only', async () => {
    const at = (hourUtc: number, minute = 0) =>
      `2026-12-02T${String(hourUtc).padStart(2, '0')}:${String(minute).padStart(2, '0')}:00Z`;
    expect((await create(validInput({ appointment: at(6) }))).body.errors).toBeUndefined(); // 07:00 local
    expect((await create(validInput({ appointment: at(17) }))).body.errors).toBeUndefined(); // 18:00 local
    const beginHourText = 'Het beginuur moet een heel uur zijn van 7.00 tot en met 18.00.';
    for (const appointment of [at(5), at(18), at(8, 30)]) {
      expect((await fieldErrors(validInput({ appointment }))).fields).toEqual([
        { field: 'appointment', message: beginHourText },
      ]);
    }
  });

  it('refuses control characters and dates outside the planning years, per field', async () => {
    const result = await fieldErrors(validInput({ name: 'Anna\u0001' }));
    expect(result.fields).toEqual([
      { field: 'name', message: 'Dit veld bevat tekens die hier niet kunnen, zoals een tab of regeleinde.' },
    ]);
    // A date outside the planning years is refused at the edge (the scalar), before the other fields are read.
    const { body } = await create(validInput({ name: 'Anna\u0001', appointment: '0202-12-02T07:00:00Z' }));
    expect(body.data).toBeUndefined();
    expect(body.errors?.[0]).toMatchObject({
      message: 'Kies een datum in de jaren 2000 tot en met 2099.',
      extensions: {
        code: 'BAD_USER_INPUT',
        fields: [{ field: 'appointment', message: 'Kies een datum in de jaren 2000 tot en met 2099.' }],
      },
    });
  });

  it('accepts only the three-hour duration', async () => {
    const result = await fieldErrors(validInput({ duration: 3600 }));
    expect(result.fields).toEqual([{ field: 'duration', message: 'Een bezoek duurt altijd 10800 seconden (3 uur).' }]);
  });

  it("refuses a technician of another country than the order's, in the language of the site", async () => {
    const dutchOrder = await fieldErrors(validInput({ technician: 'B4711' }));
    expect(dutchOrder.code).toBe('BAD_USER_INPUT');
    expect(dutchOrder.fields).toEqual([
      {
        field: 'technician',
        message:
          'Luc Peeters werkt in België; een opdracht in Nederland gaat naar een monteur uit Nederland. Er is niets gewijzigd.',
      },
    ]);
    const french = (await postWithHost(
      server.url,
      'rendezvous.be.example.com',
      JSON.stringify({ query: CREATE, variables: { input: validInput({ zipcode: '1000' }) } }),
      token,
    )) as { errors?: { extensions: { fields: FieldError[] } }[] };
    expect(french.errors?.[0].extensions.fields).toEqual([
      {
        field: 'technician',
        message:
          "Jan de Vries travaille aux Pays-Bas\u00a0; une mission en Belgique est confiée à un technicien de Belgique. Rien n'a été modifié.",
      },
    ]);
    expect(await server.em().count(Order, { technician: belgian.id, country: Country.NL }, INCLUDING_DELETED)).toBe(0);
  });

  it("refuses a day that is a holiday of the order's country, and nothing is written", async () => {
    const holiday = await server.graphql(
      `mutation { createHoliday(input: { country: NL, date: "2026-12-02", saveDespiteOrders: true }) { id } }`,
      {},
      { token },
    );
    expect(holiday.body.errors).toBeUndefined();
    const holidayId = (holiday.body.data as { createHoliday: { id: number } }).createHoliday.id;
    try {
      const onHoliday = await fieldErrors(validInput({ referenceNumber: 'ORD-HOLIDAY' }));
      expect(onHoliday.fields).toEqual([
        { field: 'appointment', message: '02-12-2026 is een feestdag in Nederland: kies een andere dag.' },
      ]);
      expect(await server.em().count(Order, { referenceNumber: 'ORD-HOLIDAY' }, INCLUDING_DELETED)).toBe(0);
    } finally {
      await server.graphql(`mutation ($id: Int!) { deleteHoliday(id: $id) { id } }`, { id: holidayId }, { token });
    }
  });

  it('refuses an unknown technician', async () => {
    const result = await fieldErrors(validInput({ technician: 'N0000' }));
    expect(result.fields).toEqual([
      { field: 'technician', message: 'Er is geen monteur met dit id of personeelsnummer.' },
    ]);
  });

  it('refuses a duplicate reference number without changing the first order', async () => {
    await create(validInput({ referenceNumber: 'DUP-1', name: 'First' }));
    const { body } = await create(validInput({ referenceNumber: 'DUP-1', name: 'Second' }));
    expect(body.errors?.[0].extensions).toMatchObject({
      code: 'DUPLICATE_REFERENCE_NUMBER',
      fields: [{ field: 'referenceNumber', message: 'Er bestaat al een opdracht met dit referentienummer.' }],
    });
    const stored = await server.em().find(Order, { referenceNumber: 'DUP-1' }, INCLUDING_DELETED);
    expect(stored.map((order) => order.name)).toEqual(['First']);
  });

  it("refuses an order for a technician who already confirmed that day's schedule", async () => {
    const em = server.em();
    const confirmed = await createTechnician(em, { firstname: 'Els', lastname: 'Smit' });
    em.create(ScheduleConfirmation, { technician: confirmed, date: '2026-12-02', confirmedAt: NOW });
    await em.flush();
    const { body } = await create(validInput({ referenceNumber: 'LOCKED-1', technician: confirmed.personalNumber }));
    expect(body.errors?.[0].extensions?.code).toBe('SCHEDULE_CONFIRMED');
    expect(body.errors?.[0].message).toBe(
      'Els Smit heeft de planning van 02-12-2026 al bevestigd; daar kunnen geen opdrachten meer bij. Er is niets gewijzigd.',
    );
    expect(await server.em().count(Order, { referenceNumber: 'LOCKED-1' }, INCLUDING_DELETED)).toBe(0);
    const nextDay = await create(
      validInput({ technician: confirmed.personalNumber, appointment: '2026-12-03T07:00:00Z' }),
    );
    expect(nextDay.body.errors).toBeUndefined();
  });

  it('lets only admins create orders', async () => {
    const input = validInput();
    expect((await server.graphql(CREATE, { input })).body.errors?.[0].extensions?.code).toBe('UNAUTHENTICATED');
    const technicianToken = tokensFor(server).technician(technician);
    const asTechnician = await server.graphql(CREATE, { input }, { token: technicianToken });
    expect(asTechnician.body.errors?.[0].extensions?.code).toBe('FORBIDDEN');
    expect(await server.em().count(Order, { referenceNumber: input.referenceNumber }, INCLUDING_DELETED)).toBe(0);
  });

  describe('legacy POST /api/admin/appointment/create', () => {
    const legacyForm = (overrides: Record<string, string> = {}) => ({
      name: 'Piet Bakker',
      email: 'piet@example.test',
      city: 'Amsterdam',
      house_number: '4',
      zipcode: '1011AB',
      appointment: String(Date.parse(TOMORROW_8) / 1000),
      duration: '10800',
      reference_number: `LEG-${++sequence}`,
      acme_identifier: 'N4711',
      flag: '1',
      phone: '020 1234567',
      ...overrides,
    });

    it('creates the order from Unix seconds and answers the legacy view', async () => {
      const form = legacyForm({ reference_number: 'LEG-1' });
      const { status, body } = await server.rest('POST', '/api/admin/appointment/create', { token, form });
      expect(status).toBe(201);
      expect(body).toEqual({
        id: expect.any(Number),
        name: 'Piet Bakker',
        email: 'piet@example.test',
        city: 'Amsterdam',
        house_number: 4,
        zipcode: '1011AB',
        phone: '020 1234567',
        reference_number: 'LEG-1',
        country: 'NL',
        appointment: Date.parse(TOMORROW_8) / 1000,
        duration: 10800,
        acme_identifier: 'N4711',
        flag: 1,
        deleted: 0,
      });
    });

    it('takes an optional country, and the technician by id in the technician field', async () => {
      const form = legacyForm({ country: 'be', zipcode: '1000', technician: String(belgian.id), flag: '0' });
      const { status, body } = await server.rest<Record<string, unknown>>('POST', '/api/admin/appointment/create', {
        token,
        form,
      });
      expect(status).toBe(201);
      expect(body).toMatchObject({ country: 'BE', flag: 0, acme_identifier: 'B4711' });
    });

    it('answers problems as { message: CODE } with a fitting status', async () => {
      const invalid = await server.rest('POST', '/api/admin/appointment/create', {
        token,
        form: legacyForm({ email: 'nope' }),
      });
      expect(invalid).toMatchObject({ status: 400, body: { message: 'BAD_USER_INPUT' } });
      const badFlag = await server.rest('POST', '/api/admin/appointment/create', {
        token,
        form: legacyForm({ flag: '7' }),
      });
      expect(badFlag).toMatchObject({ status: 400, body: { message: 'BAD_USER_INPUT' } });
      const badDate = await server.rest('POST', '/api/admin/appointment/create', {
        token,
        form: legacyForm({ appointment: 'tomorrow' }),
      });
      expect(badDate).toMatchObject({ status: 400, body: { message: 'BAD_USER_INPUT' } });
      await server.rest('POST', '/api/admin/appointment/create', {
        token,
        form: legacyForm({ reference_number: 'L-D' }),
      });
      const duplicate = await server.rest('POST', '/api/admin/appointment/create', {
        token,
        form: legacyForm({ reference_number: 'L-D' }),
      });
      expect(duplicate).toMatchObject({ status: 409, body: { message: 'DUPLICATE_REFERENCE_NUMBER' } });
      const anonymous = await server.rest('POST', '/api/admin/appointment/create', { form: legacyForm() });
      expect(anonymous).toMatchObject({ status: 401, body: { message: 'UNAUTHENTICATED' } });
    });
  });
});
