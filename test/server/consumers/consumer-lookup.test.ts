import jwt from 'jsonwebtoken';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { httpStatusOf } from '../../../server/common/errors/app-error.js';
import { Country } from '../../../server/common/locale.js';
import { Order } from '../../../server/orders/order.entity.js';
import { SiteVisit } from '../../../server/statistics/site-visit.entity.js';
import { createOrder } from '../../utils/factories.js';
import { startTestServer, type TestServer } from '../../utils/test-server.js';

const LOOK_UP = /* GraphQL */ `
  mutation ($input: LookUpVisitsInput!) {
    lookUpVisits(input: $input) {
      dataToken
      sign
    }
  }
`;
const VISITS = /* GraphQL */ `
  {
    consumerVisits {
      referenceNumber
      name
      zipcode
      date
      appointment
      end
      windowAvailable
    }
  }
`;

interface LookUpData {
  lookUpVisits: { dataToken: string; sign: number };
}
interface ConsumerClaims {
  role: string;
  orders: number[];
  external: { state: boolean; company: number };
  exp: number;
  iat: number;
}

const IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';
const WINDOWS_FIREFOX = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:128.0) Gecko/20100101 Firefox/128.0';

describe('consumer lookup', () => {
  let server: TestServer;
  const orders: Record<string, Order> = {};

  beforeAll(async () => {
    // Monday 23 November 2026, 10:00 in Amsterdam and Brussels.
    server = await startTestServer({
      env: {
        CLOCK_NOW: '2026-11-23T10:00:00+01:00',
        RATE_LIMIT_LOOKUP_PER_CLIENT: '10000/900',
        RATE_LIMIT_LOOKUP_PER_ADDRESS: '10000/900',
      },
      recordQueries: true,
    });
    const em = server.em();
    const at = (iso: string) => new Date(iso);
    orders.tomorrow = await createOrder(em, {
      name: 'Anna Jansen',
      zipcode: '1234 AB',
      houseNumber: '12',
      referenceNumber: 'REF-A1',
      appointment: at('2026-11-24T08:00:00+01:00'),
    });
    orders.later = await createOrder(em, {
      name: 'Anna Jansen',
      zipcode: '1234AB',
      houseNumber: '12',
      referenceNumber: 'REF-A2',
      appointment: at('2026-11-26T13:00:00+01:00'),
    });
    orders.past = await createOrder(em, {
      zipcode: '1234AB',
      houseNumber: '12',
      appointment: at('2026-11-20T08:00:00+01:00'),
    });
    orders.deleted = await createOrder(em, {
      zipcode: '1234AB',
      houseNumber: '12',
      appointment: at('2026-11-25T08:00:00+01:00'),
      deletedAt: at('2026-11-22T12:00:00Z'),
    });
    orders.neighbour = await createOrder(em, {
      zipcode: '1234AB',
      houseNumber: '14',
      appointment: at('2026-11-24T11:00:00+01:00'),
    });
    orders.earlierToday = await createOrder(em, {
      zipcode: '2000 XY',
      houseNumber: '3',
      appointment: at('2026-11-23T07:00:00+01:00'),
    });
    orders.belgian = await createOrder(em, {
      name: 'Marie Lambert',
      country: Country.BE,
      zipcode: '1000',
      houseNumber: '21',
      phone: '+32 470 12 34 56',
      appointment: at('2026-11-24T09:00:00+01:00'),
    });
    orders.dutchSamePhone = await createOrder(em, {
      country: Country.NL,
      zipcode: '3000AA',
      houseNumber: '1',
      phone: '0470 12 34 56',
      appointment: at('2026-11-24T09:00:00+01:00'),
    });
    orders.external = await createOrder(em, {
      country: Country.BE,
      zipcode: '2000',
      houseNumber: '5',
      phone: '0471 23 45 67',
      externalCompany: 1,
      appointment: at('2026-11-25T09:00:00+01:00'),
    });
  });
  afterAll(() => server.stop());

  const lookUp = (input: Record<string, unknown>, headers: Record<string, string> = {}) =>
    server.graphql<LookUpData>(LOOK_UP, { input }, { headers });
  const claimsOf = (token: string) => jwt.decode(token) as ConsumerClaims;

  it.each([
    ['1234 AB', '12'],
    ['1234ab', ' 12 '],
    [' 1234 ab ', '12'],
  ])('finds the visits at %j %j today or later, nearest first, without deleted ones', async (zipcode, houseNumber) => {
    const { body } = await lookUp({ country: 'NL', zipcode, houseNumber });
    expect(body.errors).toBeUndefined();
    const claims = claimsOf(body.data!.lookUpVisits.dataToken);
    expect(claims.role).toBe('CONSUMER');
    expect(claims.orders).toEqual([orders.tomorrow.id, orders.later.id]);
    expect(claims.external).toEqual({ state: false, company: 0 });
    // a short-lived token: two hours
    expect(claims.exp - claims.iat).toBe(7200);
  });

  it('counts a visit earlier today as today', async () => {
    const { body } = await lookUp({ country: 'NL', zipcode: '2000xy', houseNumber: '3' });
    expect(claimsOf(body.data!.lookUpVisits.dataToken).orders).toEqual([orders.earlierToday.id]);
    expect(body.data!.lookUpVisits.sign).toBe(0);
  });

  it.each(['+32 470 12 34 56', '0470/12.34.56', '0032 470 123 456', '0470123456', '+32 (0)470 12 34 56'])(
    'finds a Belgian visit by phone typed as %j, and only in Belgium',
    async (phoneNumber) => {
      const { body } = await lookUp({ country: 'BE', phoneNumber });
      expect(claimsOf(body.data!.lookUpVisits.dataToken).orders).toEqual([orders.belgian.id]);
    },
  );

  it('puts the external handling of the nearest visit in the token', async () => {
    const { body } = await lookUp({ country: 'BE', phoneNumber: '0471 23 45 67' });
    expect(claimsOf(body.data!.lookUpVisits.dataToken).external).toEqual({ state: true, company: 1 });
  });

  it('shows the found visits to their token: the day only before 13:30 the day before, no time that may still change', async () => {
    const { body } = await lookUp({ country: 'NL', zipcode: '1234AB', houseNumber: '12' });
    expect(body.data!.lookUpVisits.sign).toBe(1);
    const visits = await server.graphql(VISITS, {}, { token: body.data!.lookUpVisits.dataToken });
    expect(visits.body).toEqual({
      data: {
        consumerVisits: [
          {
            referenceNumber: 'REF-A1',
            name: 'Anna Jansen',
            zipcode: '1234AB',
            date: '2026-11-24',
            appointment: null,
            end: null,
            windowAvailable: false,
          },
          {
            referenceNumber: 'REF-A2',
            name: 'Anna Jansen',
            zipcode: '1234AB',
            date: '2026-11-26',
            appointment: null,
            end: null,
            windowAvailable: false,
          },
        ],
      },
    });
  });

  it('gives the window of a visit from 13:30 on the working day before, and still no time of the later one', async () => {
    server.services.clock.travelTo(new Date('2026-11-23T13:30:00+01:00'));
    try {
      const { body } = await lookUp({ country: 'NL', zipcode: '1234AB', houseNumber: '12' });
      const visits = await server.graphql<{ consumerVisits: Record<string, unknown>[] }>(
        VISITS,
        {},
        { token: body.data!.lookUpVisits.dataToken },
      );
      expect(
        visits.body.data!.consumerVisits.map(({ date, appointment, end, windowAvailable }) => ({
          date,
          appointment,
          end,
          windowAvailable,
        })),
      ).toEqual([
        {
          date: '2026-11-24',
          appointment: '2026-11-24T07:00:00.000Z',
          end: '2026-11-24T10:00:00.000Z',
          windowAvailable: true,
        },
        { date: '2026-11-26', appointment: null, end: null, windowAvailable: false },
      ]);
    } finally {
      server.services.clock.travelTo(new Date('2026-11-23T10:00:00+01:00'));
    }
  });

  it('answers NO_ORDERS_FOUND with the legacy text, in Dutch and French', async () => {
    const unknown = await lookUp({ country: 'NL', zipcode: '9999ZZ', houseNumber: '1' });
    expect(unknown.body.data).toBeNull();
    expect(unknown.body.errors?.[0].extensions?.code).toBe('NO_ORDERS_FOUND');
    expect(unknown.body.errors?.[0].message).toMatch(/^Er is op dit adres geen afspraak gevonden\./);
    expect(unknown.body.errors?.[0].message).toContain('30 minuten');
    const french = await lookUp({ country: 'NL', zipcode: '9999ZZ', houseNumber: '1' }, { 'accept-language': 'fr' });
    expect(french.body.errors?.[0].message).toMatch(/^Aucun rendez-vous n'a été trouvé à cette adresse\./);
    const byPhone = await lookUp({ country: 'BE', phoneNumber: '0499 99 99 99' }, { 'accept-language': 'fr' });
    expect(byPhone.body.errors?.[0].extensions?.code).toBe('NO_ORDERS_FOUND');
    expect(byPhone.body.errors?.[0].message).toMatch(/pour ce numéro de téléphone/);
    // Dutch orders (phone 06 12345678) are not found through the Belgian lookup
    expect((await lookUp({ country: 'BE', phoneNumber: '06 12345678' })).body.errors?.[0].extensions?.code).toBe(
      'NO_ORDERS_FOUND',
    );
  });

  it('reports missing and malformed fields with their field, in one error', async () => {
    const empty = await lookUp({ country: 'NL', zipcode: ' ', houseNumber: '' });
    expect(empty.body.errors?.[0].extensions).toEqual({
      code: 'BAD_USER_INPUT',
      fields: [
        { field: 'zipcode', message: 'Dit veld is verplicht.' },
        { field: 'houseNumber', message: 'Dit veld is verplicht.' },
      ],
    });
    const malformed = await lookUp({ country: 'NL', zipcode: '12', houseNumber: 'abc' }, { 'accept-language': 'fr' });
    expect(malformed.body.errors?.[0].extensions?.fields).toEqual([
      { field: 'zipcode', message: expect.stringMatching(/^Un code postal néerlandais/) },
      { field: 'houseNumber', message: 'Indiquez votre numéro de maison, par exemple 12 ou 12a.' },
    ]);
    const phone = await lookUp({ country: 'BE', phoneNumber: '12' });
    expect(phone.body.errors?.[0].extensions?.fields).toEqual([
      { field: 'phoneNumber', message: 'Dit is geen geldig telefoonnummer.' },
    ]);
    const long = await lookUp({ country: 'BE', phoneNumber: '0'.repeat(41) });
    expect(long.body.errors?.[0].extensions?.fields).toEqual([
      { field: 'phoneNumber', message: 'Dit veld mag hoogstens 40 tekens bevatten.' },
    ]);
  });

  it("uses the site's country when the input names none", async () => {
    const { body } = await lookUp({ zipcode: '1234AB', houseNumber: '12' });
    expect(claimsOf(body.data!.lookUpVisits.dataToken).orders).toEqual([orders.tomorrow.id, orders.later.id]);
  });

  describe('one address per house number and addition', () => {
    const doors: Record<string, Order> = {};
    const tomorrow = new Date('2026-11-24T10:00:00+01:00');

    beforeAll(async () => {
      const em = server.em();
      const at = (houseNumberAddition: string | null, houseNumber = '7', appointment = tomorrow) =>
        createOrder(em, { zipcode: '5678CD', houseNumber, houseNumberAddition, appointment });
      doors.plain = await at(null);
      doors.letter = await at('a');
      doors.digit = await at('2');
      doors.bis = await at('bis');
      // At number 9 every visit has an addition; at 13 only a past one does.
      doors.nineA = await at('A', '9');
      doors.nineB = await at('b', '9');
      doors.past = await at('a', '13', new Date('2026-11-20T10:00:00+01:00'));
      // Door 72 next to door 7 box 2: "7/2" is the box, never this door.
      doors.seventyTwo = await at(null, '72');
    });

    const found = async (houseNumber: string) => {
      const { body } = await lookUp({ country: 'NL', zipcode: '5678 CD', houseNumber });
      return body.data ? claimsOf(body.data.lookUpVisits.dataToken).orders : body.errors?.[0].extensions?.code;
    };

    it.each([
      ['7', 'plain'],
      [' 7 ', 'plain'],
      ['7a', 'letter'],
      ['7A', 'letter'],
      ['7 a', 'letter'],
      ['7 A', 'letter'],
      ['7-a', 'letter'],
      ['7\u2013A', 'letter'],
      ['7-2', 'digit'],
      ['7 2', 'digit'],
      ['7/2', 'digit'],
      ['7 / 2', 'digit'],
      ['72', 'seventyTwo'],
      ['7 bis', 'bis'],
      ['7BIS', 'bis'],
      ['9a', 'nineA'],
      ['9 B', 'nineB'],
    ])('%j finds the visit of its own door only', async (houseNumber, door) => {
      expect(await found(houseNumber)).toEqual([doors[door].id]);
    });

    it('finds nothing at a door without visits, whatever the neighbours at the number have', async () => {
      expect(await found('7b')).toBe('NO_ORDERS_FOUND');
      expect(await found('7-3')).toBe('NO_ORDERS_FOUND');
      // The only visit at 13a is past: nothing to show, and no addition to ask for.
      expect(await found('13')).toBe('NO_ORDERS_FOUND');
      expect(await found('13a')).toBe('NO_ORDERS_FOUND');
    });

    it('asks for the addition when the number was typed without one and its visits all have one', async () => {
      const dutch = await lookUp({ country: 'NL', zipcode: '5678CD', houseNumber: '9' });
      expect(dutch.body.data).toBeNull();
      expect(dutch.body.errors?.[0].extensions).toEqual({
        code: 'HOUSE_NUMBER_ADDITION_NEEDED',
        fields: [{ field: 'houseNumber', message: expect.stringMatching(/^Vul ook de toevoeging van uw huisnummer/) }],
      });
      expect(dutch.body.errors?.[0].message).toMatch(/bijvoorbeeld 12a of 12-2\./);
      const french = await lookUp({ country: 'NL', zipcode: '5678CD', houseNumber: '9' }, { 'accept-language': 'fr' });
      expect(french.body.errors?.[0].extensions?.fields).toEqual([
        { field: 'houseNumber', message: expect.stringMatching(/^Indiquez aussi le complément de votre numéro/) },
      ]);
      expect(
        await server.rest('POST', '/api/auth/client', {
          form: { zipcode: '5678CD', houseNumber: '9', phoneNumber: '', country: 'NL' },
        }),
      ).toMatchObject({ status: 409, body: { message: 'HOUSE_NUMBER_ADDITION_NEEDED' } });
    });

    it("marks as informed the orders of the door looked up, not the neighbours' at the number", async () => {
      const em = server.em();
      const make = (houseNumberAddition: string | null) =>
        createOrder(em, {
          zipcode: '5678CD',
          houseNumber: '21',
          houseNumberAddition,
          appointment: tomorrow,
          // Made before the server's clock, so its lookups count (a lookup lists orders that existed then).
          createdAt: new Date('2026-11-20T10:00:00+01:00'),
        });
      const bare = await make(null);
      const withA = await make('a');
      const firstLookup = async (order: Order) => {
        await server.services.siteVisits.flush();
        return (await server.em().findOneOrFail(Order, order.id)).firstLookupAt;
      };
      await found('21');
      expect(await firstLookup(bare)).not.toBeNull();
      expect(await firstLookup(withA)).toBeNull();
      // Written without its addition after all, it is the door looked up: the lookup counts for it from then on.
      await em.getConnection().execute('update orders set house_number_addition = null where id = ?', [withA.id]);
      expect(await firstLookup(withA)).toEqual(await firstLookup(bare));
    });

    it('costs one statement of one text whether it finds, asks or finds nothing', async () => {
      const lookupStatements = () => server.queries.filter((sql) => sql.includes(' as attempt,'));
      const texts: string[] = [];
      for (const houseNumber of ['7a', '9', '7b', '12']) {
        const before = lookupStatements().length;
        await found(houseNumber);
        const after = lookupStatements();
        expect(after.length - before).toBe(1);
        texts.push(after.at(-1)!);
      }
      expect(new Set(texts).size).toBe(1);
    });
  });

  describe('legacy calls (form-encoded)', () => {
    it('POST /api/auth/client answers exactly { dataToken, sign }', async () => {
      const { status, body } = await server.rest<Record<string, unknown>>('POST', '/api/auth/client', {
        form: { zipcode: '1234 ab', houseNumber: '12', phoneNumber: '', country: 'NL' },
      });
      expect(status).toBe(200);
      expect(Object.keys(body).sort()).toEqual(['dataToken', 'sign']);
      expect(body.sign).toBe(1);
      expect(claimsOf(body.dataToken as string).orders).toEqual([orders.tomorrow.id, orders.later.id]);

      const belgian = await server.rest<Record<string, unknown>>('POST', '/api/auth/client', {
        form: { zipcode: '', houseNumber: '', phoneNumber: '0470 12 34 56', country: 'BE' },
      });
      expect(claimsOf(belgian.body.dataToken as string).orders).toEqual([orders.belgian.id]);
    });

    it('GET /api/appointment/ answers the visits as { name, reference_number, zipcode, appointment }', async () => {
      const login = await server.rest<{ dataToken: string }>('POST', '/api/auth/client', {
        form: { zipcode: '1234AB', houseNumber: '12', phoneNumber: '', country: 'NL' },
      });
      for (const path of ['/api/appointment/', '/api/appointment']) {
        const { status, body } = await server.rest('GET', path, { token: login.body.dataToken });
        expect(status).toBe(200);
        // Before 13:30 the day before (sign 1): the start of the visit's day, never its time.
        expect(body).toEqual([
          { name: 'Anna Jansen', reference_number: 'REF-A1', zipcode: '1234AB', appointment: 1795474800 },
          { name: 'Anna Jansen', reference_number: 'REF-A2', zipcode: '1234AB', appointment: 1795647600 },
        ]);
      }
      expect(new Date(1795474800 * 1000).toISOString()).toBe('2026-11-23T23:00:00.000Z'); // 24 Nov, 00:00 in Amsterdam
      server.services.clock.travelTo(new Date('2026-11-23T13:30:00+01:00'));
      try {
        const later = await server.rest<{ dataToken: string }>('POST', '/api/auth/client', {
          form: { zipcode: '1234AB', houseNumber: '12', phoneNumber: '', country: 'NL' },
        });
        const { body } = await server.rest('GET', '/api/appointment/', { token: later.body.dataToken });
        expect(body).toEqual([
          { name: 'Anna Jansen', reference_number: 'REF-A1', zipcode: '1234AB', appointment: 1795503600 },
          { name: 'Anna Jansen', reference_number: 'REF-A2', zipcode: '1234AB', appointment: 1795647600 },
        ]);
      } finally {
        server.services.clock.travelTo(new Date('2026-11-23T10:00:00+01:00'));
      }
      expect(new Date(1795503600 * 1000).toISOString()).toBe('2026-11-24T07:00:00.000Z');
    });

    it('answers errors as { message: CODE } with 404, 400 and 401', async () => {
      expect(
        await server.rest('POST', '/api/auth/client', {
          form: { zipcode: '9999ZZ', houseNumber: '1', phoneNumber: '', country: 'NL' },
        }),
      ).toMatchObject({ status: 404, body: { message: 'NO_ORDERS_FOUND' } });
      expect(
        await server.rest('POST', '/api/auth/client', {
          form: { zipcode: '', houseNumber: '', phoneNumber: '', country: 'NL' },
        }),
      ).toMatchObject({ status: 400, body: { message: 'BAD_USER_INPUT' } });
      expect(
        await server.rest('POST', '/api/auth/client', {
          form: { zipcode: '1234AB', houseNumber: '12', country: 'DE' },
        }),
      ).toMatchObject({ status: 400, body: { message: 'BAD_USER_INPUT' } });
      expect(await server.rest('GET', '/api/appointment/')).toMatchObject({
        status: 401,
        body: { message: 'UNAUTHENTICATED' },
      });
    });
  });

  describe('the legacy lookup, answered by the service without the GraphQL pipeline', () => {
    /** The REST answer and the GraphQL operation's answer for the same form, as comparable values. */
    async function bothWays(form: Record<string, string>) {
      const rest = await server.rest<Record<string, unknown>>('POST', '/api/auth/client', { form });
      const input = {
        country: form.country ? form.country.toUpperCase() : null,
        zipcode: (form.zipcode ?? '').trim(),
        houseNumber: (form.houseNumber ?? '').trim(),
        phoneNumber: (form.phoneNumber ?? '').trim(),
      };
      const graphql = await server.graphql<LookUpData>(LOOK_UP, { input });
      const error = graphql.body.errors?.[0];
      const claims = (token: unknown) => {
        const {
          iat: _iat,
          exp: _exp,
          jti,
          ...rest
        } = claimsOf(token as string) as ConsumerClaims & Record<string, unknown>;
        // Each lookup is a grant of its own: both ways carry one, never the same.
        return { ...rest, grant: typeof jti === 'string' };
      };
      return {
        rest: {
          status: rest.status,
          body: rest.body.dataToken ? { ...rest.body, dataToken: claims(rest.body.dataToken) } : rest.body,
        },
        graphql: error
          ? { status: httpStatusOf(error.extensions?.code as string), body: { message: error.extensions?.code } }
          : {
              status: 200,
              body: {
                ...graphql.body.data!.lookUpVisits,
                dataToken: claims(graphql.body.data!.lookUpVisits.dataToken),
              },
            },
      };
    }

    it.each([
      ['found in NL', { zipcode: '1234 ab', houseNumber: '12', phoneNumber: '', country: 'nl' }],
      ['found in NL with an addition', { zipcode: '5678 cd', houseNumber: '7 A', phoneNumber: '', country: 'NL' }],
      ['another door of the number', { zipcode: '1234AB', houseNumber: '12a', country: 'NL' }],
      ['the number of doors with additions only', { zipcode: '5678CD', houseNumber: '9', country: 'NL' }],
      ['found in BE', { phoneNumber: '0470 12 34 56', country: 'BE' }],
      ['nothing at the address', { zipcode: '9999ZZ', houseNumber: '1', country: 'NL' }],
      ['nothing typed', { zipcode: '', houseNumber: '', phoneNumber: '', country: 'NL' }],
      ['a postcode that is none', { zipcode: '12345', houseNumber: '1', country: 'NL' }],
      [
        'a country that is none (GraphQL refuses the variable)',
        { zipcode: '1234AB', houseNumber: '12', country: 'DE' },
      ],
      ['no country (the site decides)', { zipcode: '1234AB', houseNumber: '12' }],
      ['a NUL character (refused before the service)', { zipcode: '1234\u0000AB', houseNumber: '12', country: 'NL' }],
    ])('%s: the same status and answer as the GraphQL operation', async (_case, form) => {
      const { rest, graphql } = await bothWays(form);
      expect(rest).toEqual(graphql);
    });

    it('counts the lookup in the GraphQL operation metrics, as a lookup through GraphQL is', async () => {
      const counted = () =>
        server.services.metrics.registry.getSingleMetricAsString('tijdvak_graphql_operations_total');
      const before = await counted();
      await server.rest('POST', '/api/auth/client', { form: { zipcode: '9999ZZ', houseNumber: '1', country: 'NL' } });
      const after = await counted();
      const line = (text: string) =>
        text.split('\n').find((row) => row.includes('operation="lookUpVisits"') && row.includes('NO_ORDERS_FOUND'));
      const count = (text: string) => Number(line(text)?.split(' ').at(-1) ?? 0);
      expect(count(after)).toBe(count(before) + 1);
    });
  });

  describe('site visits (statistics input)', () => {
    /** The order's visits whose user agent is one of `agents`, once `expected` of them were written. */
    const visitsWith = async (order: Order, agents: string[], expected: number) => {
      const find = () =>
        server.em().find(SiteVisit, { order: order.id, userAgent: { $in: agents } }, { orderBy: { id: 'asc' } });
      // Written just after the answer went out: wait for it briefly.
      for (let attempt = 0; attempt < 200; attempt++) {
        const rows = await find();
        if (rows.length >= expected) return rows;
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      return find();
    };

    it('records every successful lookup with time, nearest order, browser and OS', async () => {
      await lookUp({ country: 'BE', phoneNumber: '0470123456' }, { 'user-agent': IPHONE });
      await server.rest('POST', '/api/auth/client', {
        form: { phoneNumber: '+32470123456', country: 'BE' },
        headers: { 'user-agent': WINDOWS_FIREFOX },
      });
      const rows = await visitsWith(orders.belgian, [IPHONE, WINDOWS_FIREFOX], 2);
      expect(
        rows.map(({ browser, os, userAgent }) => ({ browser, os, userAgent })).sort((a, b) => a.os.localeCompare(b.os)),
      ).toEqual([
        { browser: 'Mobile Safari', os: 'iOS', userAgent: IPHONE },
        { browser: 'Firefox', os: 'Windows', userAgent: WINDOWS_FIREFOX },
      ]);
      const now = server.services.clock.now().getTime();
      for (const row of rows) expect(Math.abs(row.visitedAt.getTime() - now)).toBeLessThan(60_000);
    });

    it('records one visit per lookup, for the nearest visit, and none for a failed lookup', async () => {
      const agent = 'TestAgent/1.0 (one visit)';
      await lookUp({ country: 'NL', zipcode: '1234AB', houseNumber: '12' }, { 'user-agent': agent });
      const rows = await visitsWith(orders.tomorrow, [agent], 1);
      expect(rows.map(({ browser, os }) => ({ browser, os }))).toEqual([{ browser: 'Unknown', os: 'Unknown' }]);
      expect(await visitsWith(orders.later, [agent], 0)).toEqual([]);

      const failed = 'TestAgent/1.0 (not found)';
      await lookUp({ country: 'NL', zipcode: '9999ZZ', houseNumber: '1' }, { 'user-agent': failed });
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(await server.em().count(SiteVisit, { userAgent: failed })).toBe(0);
    });
  });
});
