import type { EntityManager } from '@mikro-orm/postgresql';
import type { Order } from '../../server/orders/order.entity.js';
import { VisitRating } from '../../server/ratings/visit-rating.entity.js';
import { type VisitOutcome, type VisitStage, VisitStatus } from '../../server/visits/visit-status.entity.js';

/** A visit's status as the technician's taps leave it, written straight to the database for a known fixture. */
export interface StatusFixture {
  stage: VisitStage | `${VisitStage}`;
  expectedArrival?: Date | null;
  onTheWayAt?: Date | null;
  arrivedAt?: Date | null;
  finishedAt?: Date | null;
  outcome?: VisitOutcome | `${VisitOutcome}` | null;
}

export async function writeVisitStatus(em: EntityManager, order: Order, fixture: StatusFixture): Promise<VisitStatus> {
  const status = em.create(VisitStatus, {
    order: order.id,
    stage: fixture.stage as VisitStage,
    steppedBack: false,
    expectedArrival: fixture.expectedArrival ?? null,
    onTheWayAt: fixture.onTheWayAt ?? null,
    arrivedAt: fixture.arrivedAt ?? null,
    finishedAt: fixture.finishedAt ?? null,
    outcome: (fixture.outcome ?? null) as VisitOutcome | null,
    updatedAt: fixture.finishedAt ?? fixture.arrivedAt ?? fixture.onTheWayAt ?? new Date(),
  });
  await em.flush();
  return status;
}

export async function writeRating(em: EntityManager, order: Order, score: number, at: Date): Promise<VisitRating> {
  const rating = em.create(VisitRating, { order: order.id, score, comment: null, createdAt: at, updatedAt: at });
  await em.flush();
  return rating;
}
