import 'reflect-metadata';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Admin } from '../../../server/admins/admin.entity.js';
import { Country } from '../../../server/common/locale.js';
import { RETENTION_QUEUE } from '../../../server/system/scheduled-work.js';
import { runJobNow } from '../../utils/consumer-messages.js';
import { createAdmin, createOrder, createTechnician, tokensFor } from '../../utils/factories.js';
import { startTestServer, type TestServer } from '../../utils/test-server.js';
import { writeVisitStatus } from '../../utils/visit-day.js';
import { arrangePerson, arrangeVisitRecord, columnsHolding, personNamed, tracesOf } from './person-fixture.js';

const FIGURES = /* GraphQL */ `
  query ($country: Country) {
    officeFigures(from: "2024-11-01", to: "2024-11-30", groupBy: DAY, country: $country) {
      rows {
        date
        visits
        reached
        onTime
        firstVisits
        firstTimeFixes
        finished
        notHome
        ratings
        averageRating
      }
      total {
        visits
        firstVisits
        firstTimeFixes
        finished
        ratings
        averageRating
      }
    }
  }
`;
const SETTING = /* GraphQL */ `
  mutation ($input: DataRequestSettingInput!) {
    updateDataRequestSetting(input: $input) {
      retentionMonths
    }
  }
`;
const AUDIT = /* GraphQL */ `
  query {
    dataRequests {
      kind
      status
      requestedByName
      orderCount
      rowCount
    }
  }
`;

interface Figures {
  officeFigures: { total: { visits: number; firstVisits: number; firstTimeFixes: number } };
}

/** Sunday 15 November 2026, then Monday 23 November: 24 months after the visits of November 2024. */
const FIRST_RUN = new Date('2026-11-15T10:00:00Z');
const SECOND_RUN = new Date('2026-11-23T10:00:00Z');

describe('the retention: orders anonymised a number of months after their visit', () => {
  let server: TestServer;
  let token: string;
  let admin: Admin;
  let visitFiles: string[];

  const anonymised = async () =>
    (
      await server
        .em()
        .getConnection()
        .execute<{ reference_number: string }[]>(
          `select reference_number from orders where anonymised_at is not null order by appointment`,
        )
    ).map((row) => row.reference_number);
  const figures = async (country: Country | null) =>
    (await server.graphql<Figures>(FIGURES, { country }, { token })).body.data?.officeFigures;

  beforeAll(async () => {
    server = await startTestServer({ env: { CLOCK_NOW: FIRST_RUN.toISOString() } });
    const em = server.em();
    admin = await createAdmin(em);
    token = tokensFor(server).admin(admin);
    const anna = await createTechnician(em, { firstname: 'Anna', lastname: 'Aalders', country: Country.NL });
    const claire = await createTechnician(em, { firstname: 'Claire', lastname: 'Claes', country: Country.BE });
    // A customer's unrepaired visit and its follow-up ten days later, anonymised in two runs; the follow-up's record
    // still has its files.
    const person = personNamed('Bewaarder');
    const [, followUp] = await arrangePerson(server, person, anna, [
      new Date('2024-11-05T08:00:00+01:00'),
      new Date('2024-11-18T08:00:00+01:00'),
    ]);
    visitFiles = await arrangeVisitRecord(server, person, followUp);
    // In Belgium, kept three years.
    const belgian = await createOrder(em, {
      referenceNumber: 'BE-OLD',
      country: Country.BE,
      zipcode: '1000',
      phone: '0470 11 22 33',
      technician: claire,
      appointment: new Date('2024-11-06T08:00:00+01:00'),
    });
    await writeVisitStatus(em, belgian, {
      stage: 'FINISHED',
      arrivedAt: new Date('2024-11-06T08:30:00+01:00'),
      finishedAt: new Date('2024-11-06T09:00:00+01:00'),
      outcome: 'REPAIRED',
    });
    // Later visits, kept.
    await createOrder(em, {
      referenceNumber: 'NL-RECENT',
      technician: anna,
      phone: '06 87654321',
      appointment: new Date('2024-12-01T08:00:00+01:00'),
    });
    const { body } = await server.graphql(
      SETTING,
      { input: { country: 'BE', retentionMonths: 36, eraseNeedsTwoAdmins: false } },
      { token },
    );
    expect(body.errors).toBeUndefined();
  });
  afterAll(async () => {
    await server.stop();
  });

  it('anonymises what is past each country’s months, the figures of that month unchanged', async () => {
    const person = personNamed('Bewaarder');
    const before = { all: await figures(null), nl: await figures(Country.NL), be: await figures(Country.BE) };
    expect(before.nl?.total).toMatchObject({ visits: 2, firstVisits: 1, firstTimeFixes: 0 });

    // 15 November 2026: the visit of 5 November 2024 is past 24 months, that of 18 November not yet.
    await runJobNow(server, RETENTION_QUEUE);
    const first = await anonymised();
    expect(first).toHaveLength(1);
    for (const key of visitFiles) expect(await server.services.files.get(key)).not.toBeNull();

    server.services.clock.travelTo(SECOND_RUN);
    // A week on, the admin signs in again.
    token = tokensFor(server).admin(admin);
    await runJobNow(server, RETENTION_QUEUE);
    const second = await anonymised();
    expect(second).toHaveLength(2);
    expect(second).not.toContain('BE-OLD');
    expect(second).not.toContain('NL-RECENT');
    expect(await columnsHolding(server, tracesOf(person))).toEqual([]);
    for (const key of visitFiles) expect(await server.services.files.get(key)).toBeNull();

    // The follow-up is still told from a first visit: the customer's pseudonym is one across both runs.
    expect({ all: await figures(null), nl: await figures(Country.NL), be: await figures(Country.BE) }).toEqual(before);

    // A run with nothing due records nothing.
    await runJobNow(server, RETENTION_QUEUE);
    const { body } = await server.graphql<{ dataRequests: unknown[] }>(AUDIT, {}, { token });
    expect(body.data?.dataRequests).toEqual([
      { kind: 'RETENTION', status: 'DONE', requestedByName: null, orderCount: 1, rowCount: expect.any(Number) },
      { kind: 'RETENTION', status: 'DONE', requestedByName: null, orderCount: 1, rowCount: expect.any(Number) },
    ]);
  });
});
