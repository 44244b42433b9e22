import type { EntityManager } from '@mikro-orm/postgresql';
import type { VisitStage } from '../visits/visit-status.entity.js';
import { VisitProgressStage, type VisitProgress } from './visit-progress.types.js';
import { VisitProgressRepository } from './repository/visit-progress.repository.js';

const STAGE_OF: Record<VisitStage, VisitProgressStage> = {
  ON_THE_WAY: VisitProgressStage.ON_THE_WAY,
  ARRIVED: VisitProgressStage.ARRIVED,
  FINISHED: VisitProgressStage.FINISHED,
};

const dateOrNull = (value: string | Date | null) => (value === null ? null : new Date(value));

export async function loadVisitProgress(em: EntityManager, orderIds: readonly number[]): Promise<VisitProgress[]> {
  if (orderIds.length === 0) return [];
  const rows = await new VisitProgressRepository(em).ofOrders(orderIds);
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
