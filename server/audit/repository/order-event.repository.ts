import type { EntityManager } from '@mikro-orm/postgresql';
import type { AuditActor } from '../order-audit.js';
import type { OrderEventKind } from '../order-event-kind.js';

/**
 * The events of every order of the technician, deleted or not: the technician (by personal number) is taken from
 * them. One statement, no object per order, in the caller's transaction.
 */
const TECHNICIAN_LEFT_ORDERS_SQL = `insert into order_events (order_id, occurred_at, kind, actor_type, actor_admin_id, actor_name, before, after)
       select o.id, ?, ?, ?, ?, ?, jsonb_build_object('technician', ?::text), jsonb_build_object('technician', null)
       from orders o where o.technician_id = ?`;

/** The bulk writes of the audit trail that are written in SQL; one event per order goes through `recordOrderEvents`. */
export class OrderEventRepository {
  constructor(private readonly em: EntityManager) {}

  /** Records, on every order of the technician, that it no longer has that technician. */
  async recordTechnicianLeft(query: {
    technicianId: number;
    personalNumber: string;
    kind: OrderEventKind;
    actor: AuditActor;
    at: Date;
  }): Promise<void> {
    const { actor } = query;
    await this.em.execute(TECHNICIAN_LEFT_ORDERS_SQL, [
      query.at,
      query.kind,
      actor.type,
      actor.adminId,
      actor.name,
      query.personalNumber,
      query.technicianId,
    ]);
  }
}
