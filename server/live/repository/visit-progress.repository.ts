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

/**
 * Of the followed orders, those of the changed orders' technicians within a day of a changed one: a change moves
 * their place in the day and their narrow time too. A day either side is wider than the day (no zone needed), and a
 * neighbour read once too often costs one state sent again.
 */
const NEIGHBOURS_SQL = `
  select distinct f.id
  from orders c
  join orders f on f.technician_id = c.technician_id
   and f.appointment > c.appointment - interval '1 day' and f.appointment < c.appointment + interval '1 day'
  where c.id = any(?::int[]) and f.id = any(?::int[]) and f.id <> all(?::int[]) and ${activeOrderSql('f')}`;

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

  /** The followed orders of the changed orders' technician days (the changed ones left out). */
  async neighbours(changedIds: readonly number[], followedIds: readonly number[]): Promise<number[]> {
    const changed = `{${changedIds.join(',')}}`;
    const rows = await this.em.execute<{ id: number }[]>(NEIGHBOURS_SQL, [
      changed,
      `{${followedIds.join(',')}}`,
      changed,
    ]);
    return rows.map((row) => row.id);
  }
}
