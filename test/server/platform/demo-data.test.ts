import { describe, expect, it } from 'vitest';
import { Admin } from '../../../server/admins/admin.entity.js';
import { isWindowAvailable } from '../../../server/consumers/visit-indication.js';
import { ConsumerMessage, MessageKind } from '../../../server/messages/consumer-message.entity.js';
import { Order } from '../../../server/orders/order.entity.js';
import { SiteVisit } from '../../../server/statistics/site-visit.entity.js';
import { DEMO_ADMIN } from '../../../server/db/seed/demo-data.js';
import { VisitStage, VisitStatus } from '../../../server/visits/visit-status.entity.js';
import { personalLinkUrls } from '../../../server/consumer-links/index.js';
import { Technician } from '../../../server/technicians/index.js';
import { VisitPhoto, VisitRecord } from '../../../server/visit-records/index.js';
import { settleConsumerMessages } from '../../utils/consumer-messages.js';
import { tokensFor } from '../../utils/factories.js';
import { startTestServer } from '../../utils/test-server.js';

const WINDOW_MS = 3 * 3_600_000;

const BOARD = `query ($country: Country) {
  visitBoard(country: $country) { technicians { visits { stage lateness expectedLate } } }
}`;

interface BoardVisit {
  stage: string;
  lateness: string | null;
  expectedLate: string | null;
}

/**
 * The demo world tells one story at whatever hour it starts: nothing happened that could not have happened by then,
 * and each technician is at one place at a time, in one region.
 */
describe.each([
  ['early on a Wednesday', '2026-11-18T06:00:00+01:00'],
  ['a Wednesday morning', '2026-11-18T10:00:00+01:00'],
  ['just after 13:30', '2026-11-18T13:35:00+01:00'],
  ['a Wednesday evening', '2026-11-18T20:00:00+01:00'],
  ['a Monday morning after a weekend', '2026-11-23T09:15:00+01:00'],
  ['late on a Wednesday evening', '2026-11-18T23:30:00+01:00'],
  ['just after midnight', '2026-11-19T00:15:00+01:00'],
])('the demo world %s', (_name, clockNow) => {
  it('has no lookup before a window was shown or after now, and every visit where its times say', async () => {
    const server = await startTestServer({ env: { DEMO_DATA: '1', CLOCK_NOW: clockNow } });
    try {
      const now = new Date(clockNow);
      const em = server.em();
      const orders = await em.find(Order, {}, { populate: ['technician'], orderBy: { appointment: 'asc' } });
      const statuses = await em.find(VisitStatus, {});
      const visits = await em.find(SiteVisit, {});
      expect(orders.length).toBeGreaterThan(100);
      expect(visits.length).toBeGreaterThan(50);

      // Lookups: never after now, never before the window of their order was shown (13:30 the working day before).
      const byId = new Map(orders.map((order) => [order.id, order]));
      for (const visit of visits) {
        const order = byId.get(visit.order.id)!;
        expect(visit.visitedAt.getTime()).toBeLessThanOrEqual(now.getTime());
        expect(visit.visitedAt.getTime()).toBeLessThanOrEqual(order.appointment.getTime() + WINDOW_MS);
        // The consumer page's own rule: the window was shown at the moment of the lookup.
        expect(
          await isWindowAvailable(server.services.holidays, order.country, order.appointment, visit.visitedAt),
        ).toBe(true);
      }

      // Visits: never reached before their window opened, never finished or reached after now; one visit under way
      // per technician at most.
      const underWay = new Map<number, number>();
      for (const status of statuses) {
        const order = byId.get(status.order.id)!;
        if (status.arrivedAt) {
          expect(status.arrivedAt.getTime()).toBeGreaterThanOrEqual(order.appointment.getTime());
          expect(status.arrivedAt.getTime()).toBeLessThanOrEqual(now.getTime());
        }
        if (status.finishedAt) expect(status.finishedAt.getTime()).toBeLessThanOrEqual(now.getTime());
        if (status.onTheWayAt) expect(status.onTheWayAt.getTime()).toBeLessThanOrEqual(now.getTime());
        if (status.stage === VisitStage.ON_THE_WAY || status.stage === VisitStage.ARRIVED) {
          const technician = order.technician!.id;
          underWay.set(technician, (underWay.get(technician) ?? 0) + 1);
        }
      }
      for (const count of underWay.values()) expect(count).toBe(1);

      // Messages at start: a window told only to customers whose technician has not set out yet.
      await settleConsumerMessages(server);
      const windows = await em.find(ConsumerMessage, { kind: MessageKind.WINDOW });
      const started = new Set(statuses.map((status) => status.order.id));
      expect(windows.filter((message) => started.has(message.order.id))).toEqual([]);

      // Customers: each order its own but the follow-up of the recorded visit (the same customer again); each
      // technician in one region, none shared with another technician.
      expect(new Set(orders.map((order) => order.name)).size).toBe(orders.length - 1);
      expect(new Set(orders.map((order) => order.phoneNormalized)).size).toBe(orders.length - 1);
      const citiesOf = new Map<number, Set<string>>();
      for (const order of orders) {
        expect(order.street).toBeTruthy();
        const cities = citiesOf.get(order.technician!.id) ?? new Set<string>();
        cities.add(order.city);
        citiesOf.set(order.technician!.id, cities);
      }
      const allCities = [...citiesOf.values()].flatMap((cities) => [...cities]);
      expect(new Set(allCities).size).toBe(allCities.length);

      // Today's board of each country shows every stage the screens have: a visit in progress, one on the way, and
      // one late (past its window, or expected after it).
      const admin = await em.findOneOrFail(Admin, { email: DEMO_ADMIN.email });
      for (const country of ['NL', 'BE']) {
        const { body } = await server.graphql<{ visitBoard: { technicians: { visits: BoardVisit[] }[] } }>(
          BOARD,
          { country },
          { token: tokensFor(server).admin(admin) },
        );
        expect(body.errors).toBeUndefined();
        const today = body.data!.visitBoard.technicians.flatMap((technician) => technician.visits);
        expect({ country, arrived: today.some((visit) => visit.stage === 'ARRIVED') }).toEqual({
          country,
          arrived: true,
        });
        expect({ country, onTheWay: today.some((visit) => visit.stage === 'ON_THE_WAY') }).toEqual({
          country,
          onTheWay: true,
        });
        expect({
          country,
          late: today.some((visit) => visit.lateness !== null || visit.expectedLate !== null),
        }).toEqual({ country, late: true });
      }
    } finally {
      await server.stop();
    }
  });
});

describe('the demo world shows the visit record, the work report and an integrator', () => {
  it("holds a recorded visit whose report opens from its link, its follow-up on today's card, and a webhook log that sends nothing", async () => {
    const server = await startTestServer({ env: { DEMO_DATA: '1', CLOCK_NOW: '2026-11-18T10:00:00+01:00' } });
    try {
      const em = server.em();
      const records = await em.find(VisitRecord, {}, { populate: ['order'] });
      expect(records).toHaveLength(1);
      const [record] = records;
      expect(record.signatureKey).not.toBeNull();
      const photos = await em.find(VisitPhoto, { order: record.order.id });
      expect(photos.map((photo) => photo.forConsumer).sort()).toEqual([false, false, true]);
      // Stored through the file storage, as uploads are: the photos are real JPEGs of the stored size.
      const stored = await server.services.files.get(photos[0].fileKey);
      expect(stored?.contentType).toBe('image/jpeg');
      expect(photos[0].width).toBe(1600);

      const { report } = personalLinkUrls({ appUrl: '', jwtSecret: server.services.config.jwtSecret }, record.order);
      const token = report.split('/')[2];
      const { body } = await server.graphql<{ visitReportLink: Record<string, unknown> }>(
        `query ($token: String!) { visitReportLink(token: $token) { __typename
          ... on LinkedVisitReport { applianceBrand signatureUrl photos { kind } } } }`,
        { token },
      );
      expect(body.data?.visitReportLink).toEqual({
        __typename: 'LinkedVisitReport',
        applianceBrand: 'Bosch',
        signatureUrl: expect.any(String),
        photos: [{ kind: 'AFTER' }],
      });

      const jan = await em.findOneOrFail(Technician, { email: 'jan@demo.tijdvak.nl' });
      const today = await server.graphql<{
        technicianToday: { orders: { previousVisitRecord: { partsNeeded: { name: string }[] } | null }[] };
      }>(`{ technicianToday { orders { previousVisitRecord { partsNeeded { name } } } } }`, undefined, {
        token: tokensFor(server).technician(jan),
      });
      const previous = today.body.data!.technicianToday.orders.flatMap((order) => order.previousVisitRecord ?? []);
      expect(previous).toEqual([{ partsNeeded: [{ name: 'Verwarmingselement' }] }]);

      await settleConsumerMessages(server);
      const deliveries = await em
        .getConnection()
        .execute<{ status: string }[]>('select status from webhook_deliveries order by id');
      expect(deliveries.map((delivery) => delivery.status)).toEqual(['DELIVERED', 'DELIVERED', 'FAILED', 'DELIVERED']);
      const [outbox] = await em.getConnection().execute<{ count: string }[]>('select count(*) from webhook_outbox');
      expect(outbox.count).toBe('0');
    } finally {
      await server.stop();
    }
  });
});
