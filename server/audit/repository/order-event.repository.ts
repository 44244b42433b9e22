import type { EntityManager } from '@mikro-orm/postgresql';
import type { AuditActor } from '../order-audit.js';
import { OrderEventActorType, OrderEventKind } from '../order-event-kind.js';

/**
 * The events of every order of the technician, deleted or not: the technician (by personal number) is taken from
 * them. One statement, no object per order, in the caller's transaction.
 */
const TECHNICIAN_LEFT_ORDERS_SQL = `insert into order_events (order_id, occurred_at, kind, actor_type, actor_admin_id, actor_name, before, after)
       select o.id, ?, ?, ?, ?, ?, jsonb_build_object('technician', ?::text), jsonb_build_object('technician', null)
       from orders o where o.technician_id = ?`;

/**
 * Of these orders, those whose current appointment the customer chose: the newest event that set the appointment is
 * the customer's own move and set it to what it is now. Served by the index on (order_id, id).
 */
const CHOSEN_BY_CONSUMER_SQL = `
  select e.order_id from (
    select distinct on (e.order_id) e.order_id, e.kind, e.actor_type, e.after->>'appointment' as appointment
      from order_events e
     where e.order_id = any(?::int[]) and e.after->>'appointment' is not null
     order by e.order_id, e.id desc) e
  join orders o on o.id = e.order_id
 where e.kind = ? and e.actor_type = ?
   and (e.appointment)::timestamptz = o.appointment
 order by 1`;

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

  /** Of these orders, those whose current appointment the customer chose on the visit page (CHOSEN_BY_CONSUMER_SQL). */
  async chosenByConsumer(orderIds: readonly number[]): Promise<Set<number>> {
    if (orderIds.length === 0) return new Set();
    const rows = await this.em.execute<{ order_id: number }[]>(CHOSEN_BY_CONSUMER_SQL, [
      `{${orderIds.join(',')}}`,
      OrderEventKind.RESCHEDULED,
      OrderEventActorType.CONSUMER,
    ]);
    return new Set(rows.map((row) => row.order_id));
  }
}
