import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Country } from '../../../server/common/locale.js';
import { Holiday } from '../../../server/holidays/holiday.entity.js';
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

/**
 * `sign` (docs/rules.md, Visit window): 0 from 13:30 local time on the working day before the visit, and on the visit
 * day; 1 before. Working days skip Sundays and the holidays of the order's country.
 */
describe('sign: when the visit window may be shown', () => {
  let server: TestServer;
  let houseNumber = 0;
  let phoneSuffix = 100000;

  beforeAll(async () => {
    server = await startTestServer({
      env: { RATE_LIMIT_LOOKUP_PER_CLIENT: '10000/900', RATE_LIMIT_LOOKUP_PER_ADDRESS: '10000/900' },
    });
    const em = server.em();
    for (const date of ['2026-12-25', '2026-12-26']) em.create(Holiday, { country: Country.NL, date });
    for (const date of ['2026-12-25', '2026-07-21']) em.create(Holiday, { country: Country.BE, date });
    await em.flush();
  });
  afterAll(() => server.stop());

  /** An order at a fresh address (NL) or phone number (BE) with its visit at `appointment`. */
  const visitAt = async (country: Country, appointment: string): Promise<Record<string, string>> => {
    if (country === Country.NL) {
      houseNumber += 1;
      await createOrder(server.em(), {
        zipcode: '1111AA',
        houseNumber: String(houseNumber),
        appointment: new Date(appointment),
      });
      return { country, zipcode: '1111 aa', houseNumber: String(houseNumber) };
    }
    phoneSuffix += 1;
    const phone = `0470 ${phoneSuffix}`;
    await createOrder(server.em(), {
      country,
      zipcode: '1000',
      phone,
      appointment: new Date(appointment),
    });
    return { country, phoneNumber: phone };
  };

  /** The sign and the visit's windowAvailable, looked up at the instant `now`. */
  const at = async (now: string, input: Record<string, string>) => {
    server.services.clock.travelTo(new Date(now));
    const { body } = await server.graphql<{ lookUpVisits: { dataToken: string; sign: number } }>(LOOK_UP, { input });
    expect(body.errors).toBeUndefined();
    const visits = await server.graphql<{ consumerVisits: { windowAvailable: boolean }[] }>(
      '{ consumerVisits { windowAvailable } }',
      {},
      { token: body.data!.lookUpVisits.dataToken },
    );
    const sign = body.data!.lookUpVisits.sign;
    // the details page and the lookup apply the same rule
    expect(visits.body.data!.consumerVisits[0].windowAvailable).toBe(sign === 0);
    return sign;
  };

  it('is 1 at 13:29 and 0 at 13:30 on the day before (Monday before a Tuesday visit)', async () => {
    const visit = await visitAt(Country.NL, '2026-11-24T09:00:00+01:00');
    expect(await at('2026-11-23T09:00:00+01:00', visit)).toBe(1);
    expect(await at('2026-11-23T13:29:00+01:00', visit)).toBe(1);
    expect(await at('2026-11-23T13:30:00+01:00', visit)).toBe(0);
    expect(await at('2026-11-23T23:59:00+01:00', visit)).toBe(0);
  });

  it('is 0 on the visit day itself, also before the window starts', async () => {
    const visit = await visitAt(Country.NL, '2026-11-24T14:00:00+01:00');
    expect(await at('2026-11-24T00:01:00+01:00', visit)).toBe(0);
    expect(await at('2026-11-24T13:00:00+01:00', visit)).toBe(0);
  });

  it('is 1 two days before, even after 13:30', async () => {
    const visit = await visitAt(Country.NL, '2026-11-25T09:00:00+01:00');
    expect(await at('2026-11-23T15:00:00+01:00', visit)).toBe(1);
  });

  it('skips the Sunday: a Monday visit shows from Saturday 13:30', async () => {
    const visit = await visitAt(Country.NL, '2026-11-30T08:00:00+01:00');
    expect(await at('2026-11-27T20:00:00+01:00', visit)).toBe(1); // Friday evening
    expect(await at('2026-11-28T13:29:00+01:00', visit)).toBe(1); // Saturday
    expect(await at('2026-11-28T13:30:00+01:00', visit)).toBe(0);
    expect(await at('2026-11-29T10:00:00+01:00', visit)).toBe(0); // Sunday
  });

  it("skips the country's holidays: NL Christmas and Boxing Day move a Monday visit to Thursday 13:30", async () => {
    const visit = await visitAt(Country.NL, '2026-12-28T08:00:00+01:00');
    expect(await at('2026-12-24T13:29:00+01:00', visit)).toBe(1);
    expect(await at('2026-12-24T13:30:00+01:00', visit)).toBe(0);
  });

  it('skips only the holidays of the order country: in Belgium 26 December is a working day', async () => {
    const visit = await visitAt(Country.BE, '2026-12-28T08:00:00+01:00');
    expect(await at('2026-12-24T14:00:00+01:00', visit)).toBe(1);
    expect(await at('2026-12-26T13:29:00+01:00', visit)).toBe(1);
    expect(await at('2026-12-26T13:30:00+01:00', visit)).toBe(0);
  });

  it('reads NL and BE each with their own holidays (21 July is a Belgian holiday only)', async () => {
    const dutch = await visitAt(Country.NL, '2026-07-22T09:00:00+02:00');
    const belgian = await visitAt(Country.BE, '2026-07-22T09:00:00+02:00');
    expect(await at('2026-07-20T13:30:00+02:00', belgian)).toBe(0);
    expect(await at('2026-07-20T13:30:00+02:00', dutch)).toBe(1);
    expect(await at('2026-07-21T13:29:00+02:00', dutch)).toBe(1);
    expect(await at('2026-07-21T13:30:00+02:00', dutch)).toBe(0);
  });

  it('uses local time across the spring DST change: Saturday 13:30 CET before a Monday in CEST', async () => {
    // Clocks go forward on Sunday 29 March 2026; Saturday is still UTC+1, Monday UTC+2.
    for (const country of [Country.NL, Country.BE]) {
      const visit = await visitAt(country, '2026-03-30T08:00:00+02:00');
      expect(await at('2026-03-28T12:29:00Z', visit)).toBe(1); // 13:29 local
      expect(await at('2026-03-28T12:30:00Z', visit)).toBe(0); // 13:30 local
    }
  });

  it('uses local time across the autumn DST change: Saturday 13:30 CEST before a Monday in CET', async () => {
    // Clocks go back on Sunday 25 October 2026; Saturday is still UTC+2, Monday UTC+1.
    for (const country of [Country.NL, Country.BE]) {
      const visit = await visitAt(country, '2026-10-26T08:00:00+01:00');
      expect(await at('2026-10-24T11:29:00Z', visit)).toBe(1); // 13:29 local
      expect(await at('2026-10-24T11:30:00Z', visit)).toBe(0); // 13:30 local
    }
  });

  it('follows the nearest visit when an address has several', async () => {
    const visit = await visitAt(Country.NL, '2026-11-24T09:00:00+01:00');
    await createOrder(server.em(), {
      zipcode: '1111AA',
      houseNumber: visit.houseNumber,
      appointment: new Date('2026-12-01T09:00:00+01:00'),
    });
    expect(await at('2026-11-23T13:30:00+01:00', visit)).toBe(0);
    const { body } = await server.graphql<{ lookUpVisits: { dataToken: string } }>(LOOK_UP, { input: visit });
    const visits = await server.graphql<{ consumerVisits: { windowAvailable: boolean }[] }>(
      '{ consumerVisits { windowAvailable } }',
      {},
      { token: body.data!.lookUpVisits.dataToken },
    );
    expect(visits.body.data!.consumerVisits.map((item) => item.windowAvailable)).toEqual([true, false]);
  });
});
