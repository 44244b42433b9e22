import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Country } from '../../server/common/locale.js';
import { Holiday } from '../../server/holidays/holiday.entity.js';
import { createAdmin, createOrder, createTechnician, tokensFor } from '../utils/factories.js';
import { startTestServer, type TestServer } from '../utils/test-server.js';

const LOOK_UP = 'mutation ($input: LookUpVisitsInput!) { lookUpVisits(input: $input) { sign } }';
const SCHEDULE = '{ technicianSchedule { date } }';
const CREATE = 'mutation ($input: CreateHolidayInput!) { createHoliday(input: $input) { id } }';
const DELETE = 'mutation ($id: Int!) { deleteHoliday(id: $id) { id } }';

/** Saturday 21 November 2026, 14:00 in Amsterdam: past 13:30, the next working day is Monday the 23rd. */
const SATURDAY_AFTERNOON = new Date('2026-11-21T14:00:00+01:00');
const MONDAY = '2026-11-23';
const ADDRESS = { country: 'NL', zipcode: '4321AB', houseNumber: '7' };

/**
 * The lookup and the schedule read holidays from a short-lived per-process cache
 * (server/holidays/holiday-calendar.ts). A holiday written in this process must count at once.
 */
describe('holidays cached per process', () => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer({
      recordQueries: true,
      env: { RATE_LIMIT_LOOKUP_PER_CLIENT: '10000/900', RATE_LIMIT_LOOKUP_PER_ADDRESS: '10000/900' },
    });
    server.services.clock.travelTo(SATURDAY_AFTERNOON);
    // A Tuesday visit: its window is shown from 13:30 on the working day before, Monday.
    await createOrder(server.em(), {
      zipcode: ADDRESS.zipcode,
      houseNumber: ADDRESS.houseNumber,
      appointment: new Date('2026-11-24T09:00:00+01:00'),
    });
  });
  afterAll(() => server.stop());

  const sign = async () => {
    const { body } = await server.graphql<{ lookUpVisits: { sign: number } }>(LOOK_UP, { input: ADDRESS });
    expect(body.errors).toBeUndefined();
    return body.data!.lookUpVisits.sign;
  };

  const scheduleDate = async () => {
    const technician = await createTechnician(server.em(), { country: Country.NL });
    const { body } = await server.graphql<{ technicianSchedule: { date: string } }>(
      SCHEDULE,
      {},
      { token: tokensFor(server).technician(technician) },
    );
    expect(body.errors).toBeUndefined();
    return body.data!.technicianSchedule.date;
  };

  const holidayQueries = () => server.queries.filter((sql) => /\bfrom "?holidays"?/i.test(sql)).length;

  it('reads the holidays once, then answers the lookup and the schedule from memory', async () => {
    expect(await sign()).toBe(1);
    expect(await scheduleDate()).toBe(MONDAY);
    server.queries.length = 0;
    expect(await sign()).toBe(1);
    expect(await scheduleDate()).toBe(MONDAY);
    expect(holidayQueries()).toBe(0);
  });

  it('counts a holiday created or deleted through the API at once', async () => {
    const token = tokensFor(server).admin(await createAdmin(server.em()));
    const created = await server.graphql<{ createHoliday: { id: number } }>(
      CREATE,
      { input: { country: 'NL', date: MONDAY } },
      { token },
    );
    expect(created.body.errors).toBeUndefined();
    // Monday is no working day now: the window is shown from Saturday 13:30, and the schedule is Tuesday's.
    expect(await sign()).toBe(0);
    expect(await scheduleDate()).toBe('2026-11-24');

    const deleted = await server.graphql(DELETE, { id: created.body.data!.createHoliday.id }, { token });
    expect(deleted.body.errors).toBeUndefined();
    expect(await sign()).toBe(1);
    expect(await scheduleDate()).toBe(MONDAY);
  });

  it('counts a holiday written directly through the ORM at once, also inside a transaction', async () => {
    await server.em().transactional(async (em) => {
      em.create(Holiday, { country: Country.NL, date: MONDAY });
      await em.flush();
    });
    expect(await sign()).toBe(0);
    expect(await scheduleDate()).toBe('2026-11-24');

    const em = server.em();
    await em.remove(await em.findOneOrFail(Holiday, { country: Country.NL, date: MONDAY })).flush();
    expect(await sign()).toBe(1);
  });

  it("follows the application clock's date, not the moment the holidays were read", async () => {
    await createHoliday(server, Country.NL, '2026-11-25');
    expect(await scheduleDate()).toBe(MONDAY);
    server.queries.length = 0;
    // Tuesday: Wednesday 25th is a holiday, so the schedule is Thursday's; no new holiday query.
    server.services.clock.travelTo(new Date('2026-11-24T10:00:00+01:00'));
    try {
      expect(await scheduleDate()).toBe('2026-11-26');
      expect(holidayQueries()).toBe(0);
    } finally {
      server.services.clock.travelTo(SATURDAY_AFTERNOON);
    }
  });
});

async function createHoliday(server: TestServer, country: Country, date: string): Promise<void> {
  const em = server.em();
  em.create(Holiday, { country, date });
  await em.flush();
}
