import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Country } from '../../../server/common/locale.js';
import { instantOf, type LocalDate } from '../../../shared/zoned-time.js';
import { deleteExpiredVisitRequestIds } from '../../../server/visits/visit-request-ids-cleanup.js';
import { createOrder, createTechnician, tokensFor } from '../../utils/factories.js';
import { startTestServer, type TestServer } from '../../utils/test-server.js';

const YESTERDAY: LocalDate = '2026-11-23';
const TODAY: LocalDate = '2026-11-24';
const amsterdam = (date: LocalDate, hour: number, minute = 0) => instantOf(date, hour, minute, 'Europe/Amsterdam');
const brussels = (date: LocalDate, hour: number, minute = 0) => instantOf(date, hour, minute, 'Europe/Brussels');

const ARRIVED = /* GraphQL */ `
  mutation ($input: SetVisitStatusInput!) {
    setVisitStatus(input: $input) {
      id
    }
  }
`;

describe('deleting the request ids of visit days that are over', () => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer({ env: { CLOCK_NOW: amsterdam(YESTERDAY, 20).toISOString() } });
  });
  afterAll(() => server.stop());

  const requestIdsOf = async (orderId: number) =>
    (
      await server
        .em()
        .execute<{ request_id: string }[]>('select request_id from visit_status_requests where order_id = ?', [orderId])
    ).map((row) => row.request_id);

  /** A status tapped through the API at `when` (the visit day), leaving its request id. */
  const tapArrived = async (country: Country, appointment: Date, when: Date) => {
    const technician = await createTechnician(server.em(), { country });
    const order = await createOrder(server.em(), { technician, country, appointment });
    server.services.clock.travelTo(when);
    const requestId = randomUUID();
    const { body } = await server.graphql(
      ARRIVED,
      { input: { orderId: order.id, stage: 'ARRIVED', requestId } },
      { token: tokensFor(server).technician(technician) },
    );
    expect(body.errors).toBeUndefined();
    return { order, requestId };
  };

  it("keeps today's ids (in the order's zone), deletes earlier days', and answers how many went", async () => {
    const lateYesterday = await tapArrived(Country.NL, amsterdam(YESTERDAY, 20), amsterdam(YESTERDAY, 23, 50));
    const belgianYesterday = await tapArrived(Country.BE, brussels(YESTERDAY, 16), brussels(YESTERDAY, 16, 5));
    const earlyToday = await tapArrived(Country.NL, amsterdam(TODAY, 7), amsterdam(TODAY, 0, 10));
    const belgianToday = await tapArrived(Country.BE, brussels(TODAY, 8), brussels(TODAY, 7, 55));

    expect(await deleteExpiredVisitRequestIds(server.services.orm, amsterdam(TODAY, 10))).toBe(2);
    expect(await requestIdsOf(lateYesterday.order.id)).toEqual([]);
    expect(await requestIdsOf(belgianYesterday.order.id)).toEqual([]);
    expect(await requestIdsOf(earlyToday.order.id)).toEqual([earlyToday.requestId]);
    expect(await requestIdsOf(belgianToday.order.id)).toEqual([belgianToday.requestId]);
    // Nothing is left to do until the day is over.
    expect(await deleteExpiredVisitRequestIds(server.services.orm, amsterdam(TODAY, 23, 59))).toBe(0);
    expect(await deleteExpiredVisitRequestIds(server.services.orm, amsterdam('2026-11-25', 0, 1))).toBe(2);
    expect(await requestIdsOf(earlyToday.order.id)).toEqual([]);
  });

  it('works through a backlog larger than one statement takes', async () => {
    const technician = await createTechnician(server.em());
    const order = await createOrder(server.em(), { technician, appointment: amsterdam(YESTERDAY, 9) });
    await server.em().execute(
      `insert into visit_status_requests (order_id, request_id, applied_at)
         select ?, 'old-' || n, ?::timestamptz from generate_series(1, 12345) as n`,
      [order.id, amsterdam(YESTERDAY, 9)],
    );
    expect(await deleteExpiredVisitRequestIds(server.services.orm, amsterdam(TODAY, 6))).toBe(12_345);
    expect(await requestIdsOf(order.id)).toEqual([]);
  });
});
