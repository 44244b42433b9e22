import { describe, expect, it } from 'vitest';
import { Order } from '../../../server/orders/order.entity.js';
import { localDayRange } from '../../../shared/zoned-time.js';
import { tokensFor } from '../../utils/factories.js';
import { startTestServer } from '../../utils/test-server.js';

const PLACE = `query { consumerVisits { progress { dayPlace { today position moment expectedFrom expectedUntil } } } }`;

interface Place {
  today: boolean;
  position: number;
  moment: string;
  expectedFrom: string | null;
  expectedUntil: string | null;
}

/** The demo world shows a day under way, with a place in the day and a narrow time, from early to late. */
describe.each([
  ['early on a Wednesday', '2026-11-18T06:00:00+01:00'],
  ['a Wednesday morning', '2026-11-18T10:00:00+01:00'],
  ['a Wednesday afternoon', '2026-11-18T15:00:00+01:00'],
  ['a Wednesday evening', '2026-11-18T20:30:00+01:00'],
])('the demo %s', (_name, clockNow) => {
  it("gives today's consumers their place in the day, and a narrow time to those still waiting", async () => {
    const server = await startTestServer({ env: { DEMO_DATA: '1', CLOCK_NOW: clockNow } });
    try {
      const day = localDayRange('2026-11-18', 'Europe/Amsterdam');
      const orders = await server.em().find(Order, { appointment: { $gte: day.start, $lt: day.end } });
      expect(orders.length).toBeGreaterThan(10);
      const places: Place[] = [];
      for (const order of orders) {
        const { body } = await server.graphql<{ consumerVisits: { progress: { dayPlace: Place | null } }[] }>(
          PLACE,
          {},
          { token: tokensFor(server).consumer([order]) },
        );
        expect(body.errors).toBeUndefined();
        const place = body.data!.consumerVisits[0].progress.dayPlace;
        expect(place).not.toBeNull();
        places.push(place!);
      }
      expect(places.every((place) => place.today)).toBe(true);
      expect(places.some((place) => place.expectedFrom !== null && place.expectedUntil !== null)).toBe(true);
    } finally {
      await server.stop();
    }
  });
});
