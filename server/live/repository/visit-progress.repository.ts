import type { EntityManager } from '@mikro-orm/postgresql';
import { activeOrderSql } from '../../orders/index.js';
import type { VisitOutcome, VisitStage } from '../../visits/visit-status.entity.js';

/** The progress of active orders by id: one statement whatever their number (the ids travel as one array). */
const PROGRESS_SQL = `
  select o.id, o.reference_number, o.technician_id, t.firstname as technician_firstname,
         s.stage, s.expected_arrival, s.outcome, s.updated_at
  from orders o
  left join technicians t on t.id = o.technician_id
  left join visit_statuses s on s.order_id = o.id
  where o.id = any(?::int[]) and ${activeOrderSql('o')}`;

/** An active order's visit as the live pages follow it. */
export interface VisitProgressRow {
  id: number;
  reference_number: string;
  technician_id: number | null;
  technician_firstname: string | null;
  stage: VisitStage | null;
  expected_arrival: string | Date | null;
  outcome: VisitOutcome | null;
  updated_at: string | Date | null;
}

/** The live pages' statement; `visit-progress-sql.ts` turns its rows into what a page may show. */
export class VisitProgressRepository {
  constructor(private readonly em: EntityManager) {}

  /** The visits of the active orders among these ids (a deleted order has no progress to show). */
  ofOrders(orderIds: readonly number[]): Promise<VisitProgressRow[]> {
    return this.em.execute<VisitProgressRow[]>(PROGRESS_SQL, [`{${orderIds.join(',')}}`]);
  }
}
