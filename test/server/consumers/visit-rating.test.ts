import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { instantOf, type LocalDate } from '../../../shared/zoned-time.js';
import type { Order } from '../../../server/orders/order.entity.js';
import { OrderEvent } from '../../../server/audit/order-event.entity.js';
import { OrderEventKind } from '../../../server/audit/order-event-kind.js';
import { VisitRating } from '../../../server/ratings/visit-rating.entity.js';
import type { Technician } from '../../../server/technicians/technician.entity.js';
import { createAdmin, createOrder, createTechnician, tokensFor } from '../../utils/factories.js';
import { startTestServer, type TestServer } from '../../utils/test-server.js';
import { writeVisitStatus } from '../../utils/visit-day.js';

const ZONE = 'Europe/Amsterdam';
/** Tuesday 24 November 2026, 16:00: the visits of the morning are finished. */
const NOW = instantOf('2026-11-24', 16, 0, ZONE);
const DAY = 86_400_000;

const RATE = /* GraphQL */ `
  mutation ($input: RateVisitInput!) {
    rateVisit(input: $input) {
      score
      comment
      createdAt
      updatedAt
    }
  }
`;

const VISITS = /* GraphQL */ `
  query {
    consumerVisits {
      referenceNumber
      ratingOpen
      rating {
        score
        comment
      }
    }
  }
`;

interface RateData {
  rateVisit: { score: number; comment: string | null; createdAt: string; updatedAt: string } | null;
}

describe('the consumer rates a finished visit', () => {
  let server: TestServer;
  let technician: Technician;
  let sequence = 0;

  beforeAll(async () => {
    server = await startTestServer({ env: { CLOCK_NOW: NOW.toISOString() } });
    technician = await createTechnician(server.em());
  });
  afterAll(() => server.stop());

  /** An order of the technician on `day` at 10:00, finished `finishedAgoMs` before now (null: not finished). */
  const visit = async (finishedAgoMs: number | null, day: LocalDate = '2026-11-24') => {
    const order = await createOrder(server.em(), {
      referenceNumber: `RATE-${++sequence}-${Date.now()}`,
      technician,
      appointment: instantOf(day, 10, 0, ZONE),
    });
    if (finishedAgoMs !== null) {
      const finishedAt = new Date(NOW.getTime() - finishedAgoMs);
      await writeVisitStatus(server.em(), order, {
        stage: 'FINISHED',
        arrivedAt: new Date(finishedAt.getTime() - 3_600_000),
        finishedAt,
        outcome: 'REPAIRED',
      });
    }
    return order;
  };

  const rate = (orders: Order[], input: Record<string, unknown>, language = 'nl') =>
    server.graphql<RateData>(
      RATE,
      { input },
      { token: tokensFor(server).consumer(orders), headers: { 'accept-language': language } },
    );

  const stored = (order: Order) => server.em().findOne(VisitRating, { order: order.id });

  it('accepts one rating per order and lets the consumer change it, keeping one row', async () => {
    const order = await visit(3_600_000);
    const first = await rate([order], { referenceNumber: order.referenceNumber, score: 4, comment: '  Vriendelijk  ' });
    expect(first.body.errors).toBeUndefined();
    expect(first.body.data?.rateVisit).toMatchObject({ score: 4, comment: 'Vriendelijk' });

    const changed = await rate([order], { referenceNumber: order.referenceNumber, score: 5, comment: '' });
    expect(changed.body.errors).toBeUndefined();
    expect(changed.body.data?.rateVisit).toMatchObject({ score: 5, comment: null });
    expect(await server.em().count(VisitRating, { order: order.id })).toBe(1);
    expect(await stored(order)).toMatchObject({ score: 5, comment: null });

    const { body } = await server.graphql(VISITS, {}, { token: tokensFor(server).consumer([order]) });
    expect(body.data).toEqual({
      consumerVisits: [
        { referenceNumber: order.referenceNumber, ratingOpen: true, rating: { score: 5, comment: null } },
      ],
    });
    // The audit trail records the score as it changed, as the consumer.
    const events = await server
      .em()
      .find(OrderEvent, { order: order.id, kind: OrderEventKind.CONSUMER_RATED }, { orderBy: { id: 'asc' } });
    expect(events.map((event) => event.changes)).toEqual([
      [{ field: 'ratingScore', before: null, after: '4' }],
      [{ field: 'ratingScore', before: '4', after: '5' }],
    ]);
  });

  it('is still changeable just before 7 days after the visit and refused after, in both languages', async () => {
    const recent = await visit(7 * DAY - 60_000, '2026-11-17');
    const ok = await rate([recent], { referenceNumber: recent.referenceNumber, score: 3 });
    expect(ok.body.errors).toBeUndefined();

    const old = await visit(7 * DAY + 60_000, '2026-11-17');
    const nl = await rate([old], { referenceNumber: old.referenceNumber, score: 3 });
    expect(nl.body.errors?.[0]).toMatchObject({
      message: 'Een beoordeling kan tot 7 dagen na het bezoek worden gegeven of gewijzigd; die termijn is voorbij.',
      extensions: { code: 'RATING_CLOSED' },
    });
    const fr = await rate([old], { referenceNumber: old.referenceNumber, score: 3 }, 'fr');
    expect(fr.body.errors?.[0].message).toBe(
      "Une évaluation peut être donnée ou modifiée jusqu'à 7 jours après la visite\u00a0; ce délai est dépassé.",
    );
    expect(await stored(old)).toBeNull();
    const { body } = await server.graphql(VISITS, {}, { token: tokensFor(server).consumer([old]) });
    expect(body.data).toEqual({
      consumerVisits: [{ referenceNumber: old.referenceNumber, ratingOpen: false, rating: null }],
    });
  });

  it('refuses a visit that is not finished yet: planned, or on its way', async () => {
    const planned = await visit(null);
    const refused = await rate([planned], { referenceNumber: planned.referenceNumber, score: 5 }, 'fr');
    expect(refused.body.errors?.[0]).toMatchObject({
      message: "Vous pourrez évaluer la visite dès que le technicien l'aura terminée.",
      extensions: { code: 'RATING_NOT_FINISHED' },
    });
    const underway = await visit(null);
    await writeVisitStatus(server.em(), underway, { stage: 'ARRIVED', arrivedAt: NOW });
    const early = await rate([underway], { referenceNumber: underway.referenceNumber, score: 5 });
    expect(early.body.errors?.[0]).toMatchObject({
      message: 'U kunt het bezoek beoordelen zodra de monteur het heeft afgerond.',
      extensions: { code: 'RATING_NOT_FINISHED' },
    });
    expect(await stored(planned)).toBeNull();
    expect(await stored(underway)).toBeNull();
  });

  it("refuses another order than the token's, as if it did not exist", async () => {
    const mine = await visit(3_600_000);
    const other = await visit(3_600_000);
    const { body } = await rate([mine], { referenceNumber: other.referenceNumber, score: 1 });
    expect(body.errors?.[0].extensions?.code).toBe('VISIT_NOT_FOUND');
    expect(await stored(other)).toBeNull();
  });

  it('refuses a comment over 500 characters, a score outside 1-5 and text that is not text, storing nothing', async () => {
    const order = await visit(3_600_000);
    const long = await rate([order], { referenceNumber: order.referenceNumber, score: 4, comment: 'é'.repeat(501) });
    expect(long.body.errors?.[0].extensions).toMatchObject({
      code: 'BAD_USER_INPUT',
      fields: [{ field: 'comment', message: 'Dit veld mag hoogstens 500 tekens bevatten.' }],
    });
    // 500 characters as people count them: an emoji is one, though it is two UTF-16 units.
    const exactly = await rate([order], {
      referenceNumber: order.referenceNumber,
      score: 4,
      comment: '👍'.repeat(500),
    });
    expect(exactly.body.errors).toBeUndefined();
    await server.em().nativeDelete(VisitRating, { order: order.id });

    const zero = await rate([order], { referenceNumber: order.referenceNumber, score: 0 }, 'fr');
    expect(zero.body.errors?.[0].extensions).toMatchObject({
      code: 'BAD_USER_INPUT',
      fields: [{ field: 'score', message: 'Choisissez une note de 1 à 5.' }],
    });
    const six = await rate([order], { referenceNumber: order.referenceNumber, score: 6 });
    expect(six.body.errors?.[0].extensions?.code).toBe('BAD_USER_INPUT');
    const lone = await rate([order], { referenceNumber: order.referenceNumber, score: 4, comment: 'ok \ud800' });
    expect(lone.body.errors?.[0].extensions).toMatchObject({
      code: 'BAD_USER_INPUT',
      fields: [{ field: 'comment', message: expect.stringContaining('geen geldige tekst') as unknown }],
    });
    const control = await rate([order], { referenceNumber: order.referenceNumber, score: 4, comment: 'a\u0007b' });
    expect(control.body.errors?.[0].extensions?.code).toBe('BAD_USER_INPUT');
    expect(await stored(order)).toBeNull();
  });

  it('shows the rating to admins on the order and never to technicians', async () => {
    const order = await visit(3_600_000);
    await rate([order], { referenceNumber: order.referenceNumber, score: 2, comment: 'Te laat' });
    const query = `query ($ref: String!) { orderByReference(referenceNumber: $ref) { rating { score comment } } }`;
    const admin = tokensFor(server).admin(await createAdmin(server.em()));
    const asAdmin = await server.graphql(query, { ref: order.referenceNumber }, { token: admin });
    expect(asAdmin.body.data).toEqual({ orderByReference: { rating: { score: 2, comment: 'Te laat' } } });
    const asTechnician = await server.graphql(
      `query { technicianSchedule { orders { id } } }`,
      {},
      { token: tokensFor(server).technician(technician) },
    );
    expect(asTechnician.body.errors).toBeUndefined();
    const schedule = await server.graphql(
      query,
      { ref: order.referenceNumber },
      {
        token: tokensFor(server).technician(technician),
      },
    );
    expect(schedule.body.errors?.[0].extensions?.code).toBe('FORBIDDEN');
  });
});
