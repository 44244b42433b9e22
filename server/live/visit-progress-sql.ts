import type { EntityManager } from '@mikro-orm/postgresql';
import type { VisitOutcome, VisitStage } from '../visits/visit-status.entity.js';
import { VisitProgressStage, type VisitProgress } from './visit-progress.types.js';
import { activeOrderSql } from '../orders/repository/active-orders.js';

/** The progress of active orders by id: one statement whatever their number (the ids travel as one array). */
const PROGRESS_SQL = `
  select o.id, o.reference_number, o.technician_id, t.firstname as technician_firstname,
         s.stage, s.expected_arrival, s.outcome, s.updated_at
  from orders o
  left join technicians t on t.id = o.technician_id
  left join visit_statuses s on s.order_id = o.id
  where o.id = any(?::int[]) and ${activeOrderSql('o')}`;

interface ProgressRow {
  id: number;
  reference_number: string;
  technician_id: number | null;
  technician_firstname: string | null;
  stage: VisitStage | null;
  expected_arrival: string | Date | null;
  outcome: VisitOutcome | null;
  updated_at: string | Date | null;
}

const STAGE_OF: Record<VisitStage, VisitProgressStage> = {
  ON_THE_WAY: VisitProgressStage.ON_THE_WAY,
  ARRIVED: VisitProgressStage.ARRIVED,
  FINISHED: VisitProgressStage.FINISHED,
};

const dateOrNull = (value: string | Date | null) => (value === null ? null : new Date(value));

export async function loadVisitProgress(em: EntityManager, orderIds: readonly number[]): Promise<VisitProgress[]> {
  if (orderIds.length === 0) return [];
  const rows = await em.execute<ProgressRow[]>(PROGRESS_SQL, [`{${orderIds.join(',')}}`]);
  return rows.map((row) => ({
    orderId: row.id,
    referenceNumber: row.reference_number,
    stage: row.stage ? STAGE_OF[row.stage] : VisitProgressStage.PLANNED,
    expectedArrival: dateOrNull(row.expected_arrival),
    outcome: row.outcome,
    // The first name only: the consumer's page never shows a technician's surname.
    technicianFirstname: row.technician_firstname?.trim() || null,
    technicianId: row.technician_id,
    changedAt: dateOrNull(row.updated_at),
  }));
}
