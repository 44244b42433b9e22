import type { EntityManager } from '@mikro-orm/postgresql';
import { localDateOf, localDayRange } from '../../shared/zoned-time.js';
import { TIME_ZONE, type Country } from '../common/locale.js';
import {
  estimateDay,
  learnDurations,
  type DayVisit,
  type LearnedDurations,
  type VisitEstimate,
} from './estimate-rules.js';
import { VisitDayMoment, type VisitDayPlace } from './visit-estimate.types.js';
import { VisitEstimateRepository, type TechnicianDayRow } from './repository/visit-estimate.repository.js';

/** A visit's estimate with what the day around it says. */
export interface OrderDayEstimate extends VisitEstimate {
  technicianId: number;
  /** The technician's day (in the country's zone) the visit is on. */
  date: string;
  /** Whether `now` is on that day. */
  today: boolean;
  /** Whether the technician confirmed that day: its order is his, and may be told. */
  confirmed: boolean;
  /** How many visits the day has. */
  visitCount: number;
  /** Whether the technician tapped a status of the day yet: before, the day is a plan, nothing runs late. */
  begun: boolean;
  learned: LearnedDurations;
  /**
   * While the visit does not run late yet but would by waiting alone: the instant after which it runs late if no
   * status comes before (`runsLate` then holds). Null when it runs late already, is reached, or only a tap can make it.
   */
  lateAfter: Date | null;
}

const dateOrNull = (value: string | null) => (value === null ? null : new Date(value));

/** Further on than any visit of a day is expected: there every estimate still waiting moves with the clock. */
const WAITING_HORIZON_MS = 48 * 3_600_000;

/**
 * Whether the day around the estimate lets it run late (docs/rules.md, Narrow time): by the technician's own estimate,
 * or by the narrow time of a confirmed day under way (a plan nobody started yet is a forecast, not a delay).
 */
const mayRunLate = (estimate: Pick<OrderDayEstimate, 'today' | 'moment' | 'confirmed' | 'begun'>): boolean =>
  estimate.today && (estimate.moment === 'ON_THE_WAY' || (estimate.confirmed && estimate.begun));

/**
 * When waiting alone makes the visit run late. While no status comes, each estimate is the later of an instant and
 * the clock plus a lead (estimateDay: "never before now", "a visit under way frees him at now at the earliest"); far
 * enough on, the lead alone counts, so the estimate there less that instant is the lead, and the visit runs late once
 * the clock passes its window's end less the lead.
 */
function lateAfterOf(
  estimate: Omit<OrderDayEstimate, 'lateAfter'>,
  waiting: VisitEstimate,
  visit: DayVisit,
  horizon: Date,
): Date | null {
  if (estimate.band === null || estimate.late || !mayRunLate(estimate)) return null;
  const lead = waiting.expectedArrival.getTime() - horizon.getTime();
  return new Date(visit.windowStart.getTime() + visit.windowSeconds * 1000 - lead);
}

function estimatesOfRow(row: TechnicianDayRow, now: Date): OrderDayEstimate[] {
  const visits: DayVisit[] = row.visits.map((visit) => ({
    orderId: visit.id,
    windowStart: new Date(visit.appointment),
    windowSeconds: visit.duration,
    stage: visit.stage,
    expectedArrival: dateOrNull(visit.expected_arrival),
    arrivedAt: dateOrNull(visit.arrived_at),
    finishedAt: dateOrNull(visit.finished_at),
  }));
  const learned = learnDurations({
    work: row.samples?.work ?? [],
    travel: row.samples?.travel ?? [],
    start: row.samples?.start ?? [],
  });
  const horizon = new Date(now.getTime() + WAITING_HORIZON_MS);
  const waiting = estimateDay(visits, learned, horizon);
  return estimateDay(visits, learned, now).map((estimate, index) => {
    const dayEstimate = {
      ...estimate,
      technicianId: row.technician_id,
      date: row.local_date,
      today: localDateOf(now, row.zone) === row.local_date,
      confirmed: row.confirmed,
      visitCount: visits.length,
      begun: visits.some((visit) => visit.stage !== null),
      learned,
    };
    return { ...dayEstimate, lateAfter: lateAfterOf(dayEstimate, waiting[index], visits[index], horizon) };
  });
}

/**
 * The narrow time and the place in the day of one order, at `now`: one statement for its technician's day. Null
 * for an order without a technician, deleted, or beyond the longest day read.
 */
export async function estimateOfOrder(em: EntityManager, orderId: number, now: Date): Promise<OrderDayEstimate | null> {
  const row = await new VisitEstimateRepository(em).dayOfOrder(orderId);
  if (!row) return null;
  return estimatesOfRow(row, now).find((estimate) => estimate.orderId === orderId) ?? null;
}

/**
 * Whether the visit runs late (docs/rules.md, Narrow time): expected after its window's end while not reached, by the
 * technician's own estimate, or by the narrow time of a confirmed day under way (a plan nobody started yet is a
 * forecast, not a delay). The notice to the consumer and the board's mark both ask this.
 */
export const runsLate = (estimate: OrderDayEstimate): boolean => estimate.late && mayRunLate(estimate);

/**
 * The estimates of every visit of the country's today (by its zone) at `now`, keyed by order: one statement. With
 * `orderIds`, of the technician-days holding one of those orders only: a change of one visit moves the estimates of
 * its own day, and a country's whole day is thousands of visits.
 */
export async function estimatesOfToday(
  em: EntityManager,
  country: Country,
  now: Date,
  orderIds?: readonly number[],
): Promise<Map<number, OrderDayEstimate>> {
  const zone = TIME_ZONE[country];
  const today = localDateOf(now, zone);
  const rows = await new VisitEstimateRepository(em).daysOfCountry(
    country,
    today,
    localDayRange(today, zone),
    orderIds,
  );
  return new Map(rows.flatMap((row) => estimatesOfRow(row, now)).map((estimate) => [estimate.orderId, estimate]));
}

const MOMENT: Record<VisitEstimate['moment'], VisitDayMoment> = {
  VISITS_BEFORE: VisitDayMoment.VISITS_BEFORE,
  AT_VISIT_BEFORE: VisitDayMoment.AT_VISIT_BEFORE,
  NEXT: VisitDayMoment.NEXT,
  ON_THE_WAY: VisitDayMoment.ON_THE_WAY,
  REACHED: VisitDayMoment.REACHED,
};

/**
 * What the consumer's page says of the visit's place (docs/rules.md, Narrow time): from the technician's confirmation
 * of the day until its end; the narrow time on the day itself only.
 */
export async function dayPlaceOf(em: EntityManager, orderId: number, now: Date): Promise<VisitDayPlace | null> {
  const estimate = await estimateOfOrder(em, orderId, now);
  if (!estimate?.confirmed) return null;
  const over = !estimate.today && estimate.expectedArrival.getTime() < now.getTime();
  if (over) return null;
  const band = estimate.today ? estimate.band : null;
  return {
    date: estimate.date,
    today: estimate.today,
    position: estimate.position,
    visitsBefore: estimate.visitsBefore,
    moment: MOMENT[estimate.moment],
    expectedFrom: band?.from ?? null,
    expectedUntil: band?.until ?? null,
    lateArrival: runsLate(estimate) ? estimate.expectedArrival : null,
  };
}
