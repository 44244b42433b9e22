import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Holiday } from '../../../server/holidays/holiday.entity.js';
import { ConsumerReply } from '../../../server/replies/consumer-reply.entity.js';
import { createAdmin, createOrder, createTechnician, tokensFor } from '../../utils/factories.js';
import { startTestServer, type TestServer } from '../../utils/test-server.js';

const MONDAY_AFTERNOON = new Date('2026-11-23T14:00:00+01:00');
const FAR_DATES = ['9999-12-31', '0000-01-01', '1999-12-31', '2100-01-01'];

describe('input checked at the edge', () => {
  let server: TestServer;
  let adminToken: string;

  beforeAll(async () => {
    // One lookup per client would make a second lookup a 429: the checks below must come before the limit.
    server = await startTestServer({
      env: { CLOCK_NOW: MONDAY_AFTERNOON.toISOString(), RATE_LIMIT_LOOKUP_PER_CLIENT: '1/600' },
    });
    adminToken = tokensFor(server).admin(await createAdmin(server.em()));
  });
  afterAll(() => server.stop());

  it('answers an object where a legacy text field belongs with 400 naming the field, before the rate limit', async () => {
    for (let i = 0; i < 3; i++) {
      const response = await fetch(`${server.url}/api/auth/client`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ zipcode: { toString: 1 }, houseNumber: '1', country: 'NL' }),
      });
      expect(response.status).toBe(400);
      expect(await response.json()).toEqual({ message: 'BAD_USER_INPUT', field: 'zipcode' });
    }
    const sneaky = await fetch(`${server.url}/api/auth/admin`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'a@example.test', password: { toString: 1 } }),
    });
    expect(sneaky.status).toBe(400);
    expect(await sneaky.json()).toEqual({ message: 'BAD_USER_INPUT', field: 'password' });
  });

  it('refuses a lone surrogate in an access note with BAD_USER_INPUT naming the field, and stores nothing', async () => {
    const technician = await createTechnician(server.em());
    const order = await createOrder(server.em(), {
      referenceNumber: 'SURROGATE-1',
      technician,
      appointment: new Date('2026-11-24T08:00:00+01:00'),
    });
    const { status, body } = await server.graphql(
      'mutation ($input: ReplyToVisitInput!) { replyToVisit(input: $input) { accessNote } }',
      { input: { referenceNumber: order.referenceNumber, accessNote: 'bel aan \ud800 achterdeur' } },
      { token: tokensFor(server).consumer([order]), headers: { 'accept-language': 'fr' } },
    );
    expect(status).toBe(400);
    expect(body.errors?.[0]).toMatchObject({
      message: 'La saisie contient des caractères qui ne forment pas un texte valable. Supprimez-les et réessayez.',
      extensions: { code: 'BAD_USER_INPUT', fields: [{ field: 'accessNote' }] },
    });
    expect(await server.em().count(ConsumerReply, { order: order.id })).toBe(0);
    // A well-formed pair (an emoji) is text like any other.
    const emoji = await server.graphql(
      'mutation ($input: ReplyToVisitInput!) { replyToVisit(input: $input) { accessNote } }',
      { input: { referenceNumber: order.referenceNumber, accessNote: 'bel aan 🔔' } },
      { token: tokensFor(server).consumer([order]) },
    );
    expect(emoji.body.errors).toBeUndefined();
  });

  it('refuses a lone surrogate sent to a legacy call too', async () => {
    const response = await fetch(`${server.url}/api/admin/holidays`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${adminToken}` },
      body: '{"country":"NL","date":"2026-12-2\\udc00"}',
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ message: 'BAD_USER_INPUT' });
  });

  it.each(FAR_DATES)(
    'refuses the date %s in holidays, statistics and order filters with a localised 4xx',
    async (date) => {
      // An instant is refused when it is in the planning years in no time zone (UTC-12 to UTC+14).
      const instant = date === '2100-01-01' ? '2100-01-01T13:00:00Z' : `${date}T00:00:00Z`;
      const cases: [string, Record<string, unknown>][] = [
        ['mutation ($d: String!) { createHoliday(input: { country: NL, date: $d }) { id } }', { d: date }],
        ['query ($d: String!) { activeOrdersOnDate(country: NL, date: $d) { totalCount } }', { d: date }],
        ['query ($d: String) { statistics(from: $d) { timeZone } }', { d: date }],
        ['query ($d: String) { statistics(to: $d) { timeZone } }', { d: date }],
        ['query ($d: DateTimeISO) { orders(filter: { from: $d }) { totalCount } }', { d: instant }],
        ['query ($d: DateTimeISO) { orders(filter: { to: $d }) { totalCount } }', { d: instant }],
        [`query { orders(filter: { from: "${instant}" }) { totalCount } }`, {}],
      ];
      for (const [query, variables] of cases) {
        const { status, body } = await server.graphql(query, variables, { token: adminToken });
        expect(status, query).toBeLessThan(500);
        expect(body.errors?.[0], query).toMatchObject({
          message: 'Kies een datum in de jaren 2000 tot en met 2099.',
          extensions: { code: 'BAD_USER_INPUT' },
        });
      }
      const legacy = await server.rest('GET', `/api/admin/statistics?from=${date}`, { token: adminToken });
      expect(legacy).toMatchObject({ status: 400, body: { message: 'BAD_USER_INPUT' } });
      const holiday = await server.rest('POST', '/api/admin/holidays', {
        token: adminToken,
        form: { country: 'NL', date },
      });
      expect(holiday).toMatchObject({ status: 400, body: { message: 'BAD_USER_INPUT' } });
      expect(await server.em().count(Holiday, {})).toBe(0);
    },
  );
});
