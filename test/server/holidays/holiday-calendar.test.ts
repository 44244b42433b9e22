import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Country } from '../../../server/common/locale.js';
import { HOLIDAYS_CHANGED } from '../../../server/holidays/holiday-calendar.js';
import { Holiday } from '../../../server/holidays/holiday.entity.js';
import { createAdmin, createOrder, createTechnician, tokensFor } from '../../utils/factories.js';
import { createTestDatabase, type TestDatabase } from '../../utils/test-database.js';
import { startTestServer, type TestServer } from '../../utils/test-server.js';

const LOOK_UP = 'mutation ($input: LookUpVisitsInput!) { lookUpVisits(input: $input) { sign } }';
const SCHEDULE = '{ technicianSchedule { date } }';
const CREATE = 'mutation ($input: CreateHolidayInput!) { createHoliday(input: $input) { id } }';
const DELETE = 'mutation ($id: Int!) { deleteHoliday(id: $id) { id } }';

/** Saturday 21 November 2026, 14:00 in Amsterdam: past 13:30, the next working day is Monday the 23rd. */
const SATURDAY_AFTERNOON = new Date('2026-11-21T14:00:00+01:00');
const MONDAY = '2026-11-23';
const ADDRESS = { country: 'NL', zipcode: '4321AB', houseNumber: '7' };

/**
 * The lookup and the schedule read holidays from memory (server/holidays/holiday-calendar.ts). A holiday written
 * in this process must count at once; one written on another instance as soon as its change notice arrives.
 */
describe('holidays cached per process', () => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer({
      recordQueries: true,
      // Budgets small enough to be counted point by point (large ones are spent from leases held in memory), yet
      // far above the lookups of this file: every lookup writes its limits in its one statement.
      env: { RATE_LIMIT_LOOKUP_PER_CLIENT: '100/900', RATE_LIMIT_LOOKUP_PER_ADDRESS: '100/900' },
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
  /** The scheduled message planner reads both countries' holidays too, whenever it runs: have both in memory. */
  const warmBothCountries = async () => {
    await server.services.holidays.datesOf(Country.NL);
    await server.services.holidays.datesOf(Country.BE);
  };

  it('reads the holidays once, then answers the lookup and the schedule from memory', async () => {
    expect(await sign()).toBe(1);
    expect(await scheduleDate()).toBe(MONDAY);
    await warmBothCountries();
    server.queries.length = 0;
    expect(await sign()).toBe(1);
    expect(await scheduleDate()).toBe(MONDAY);
    expect(holidayQueries()).toBe(0);
  });

  it('answers a lookup in one SQL statement: the rate limits, the orders, nothing else', async () => {
    await sign(); // the holidays are in memory
    await server.services.siteVisits.flush();
    server.queries.length = 0;
    expect(await sign()).toBe(1);
    const legacy = await server.rest('POST', '/api/auth/client', { form: { ...ADDRESS, phoneNumber: '' } });
    expect(legacy.status).toBe(200);
    // The site visits are written behind, in batches of many lookups.
    const statements = server.queries.filter((sql) => !/insert into "?site_visits"?/i.test(sql));
    expect(statements).toHaveLength(2);
    expect(statements.every((sql) => /rate_limit_buckets[\s\S]*from orders/i.test(sql))).toBe(true);
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
    // The holiday's own change notice comes back to this instance too and empties the calendar once more: wait
    // for it, so that the reads below start from a calendar that stays.
    let stopListening = () => {};
    const noticed = new Promise<void>((resolve) => {
      stopListening = server.services.changes.subscribe(HOLIDAYS_CHANGED, () => resolve());
    });
    await createHoliday(server, Country.NL, '2026-11-25');
    await noticed;
    stopListening();
    expect(await scheduleDate()).toBe(MONDAY);
    await warmBothCountries();
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

describe('holidays changed on another instance', () => {
  let database: TestDatabase;
  let first: TestServer;
  let second: TestServer;

  beforeAll(async () => {
    database = await createTestDatabase();
    const env = { JWT_SECRET: 'one-secret-for-both-instances-of-this-test' };
    first = await startTestServer({ database, env });
    second = await startTestServer({ database, env });
    for (const server of [first, second]) server.services.clock.travelTo(SATURDAY_AFTERNOON);
    await createOrder(first.em(), {
      zipcode: ADDRESS.zipcode,
      houseNumber: ADDRESS.houseNumber,
      appointment: new Date('2026-11-24T09:00:00+01:00'),
    });
  });
  afterAll(async () => {
    await first?.stop();
    await second?.stop();
    await database?.drop();
  });

  const signOn = async (server: TestServer) => {
    const { body } = await server.graphql<{ lookUpVisits: { sign: number } }>(LOOK_UP, { input: ADDRESS });
    expect(body.errors).toBeUndefined();
    return body.data!.lookUpVisits.sign;
  };
  /** The notice travels through PostgreSQL to the other instance's listening connection: moments, not minutes. */
  const eventually = async (check: () => Promise<boolean>) => {
    const deadline = Date.now() + 3_000;
    while (!(await check())) {
      if (Date.now() > deadline) return false;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    return true;
  };

  it('counts them at once, through the change notices', async () => {
    expect(await signOn(second)).toBe(1); // the second instance has the holidays in memory now
    const token = tokensFor(first).admin(await createAdmin(first.em()));
    const created = await first.graphql<{ createHoliday: { id: number } }>(
      CREATE,
      { input: { country: 'NL', date: MONDAY } },
      { token },
    );
    expect(created.body.errors).toBeUndefined();
    expect(await eventually(async () => (await signOn(second)) === 0)).toBe(true);

    const deleted = await first.graphql(DELETE, { id: created.body.data!.createHoliday.id }, { token });
    expect(deleted.body.errors).toBeUndefined();
    expect(await eventually(async () => (await signOn(second)) === 1)).toBe(true);
  });
});

async function createHoliday(server: TestServer, country: Country, date: string): Promise<void> {
  const em = server.em();
  em.create(Holiday, { country, date });
  await em.flush();
}
