import type { EntityManager } from '@mikro-orm/postgresql';
import { Admin } from '../admins/admin.entity.js';
import { Role } from '../common/auth/role.js';
import { AppError } from '../common/errors/app-error.js';
import { CommonError } from '../common/errors/common.errors.js';
import type { AppContext } from '../context.js';
import { Technician } from '../technicians/index.js';
import { OrderEventActorType, type OrderEventKind } from './order-event-kind.js';
import { OrderEvent } from './order-event.entity.js';
import { announceOrdersChanged } from './order-changes.js';
import type { OrderValues } from './order-values.js';
import { fullName } from '../../shared/staff.js';
import { officeViewerOf } from '../common/auth/viewer.js';

/** Who makes a change, with the names the history shows (copied, so they outlive the accounts). */
export interface AuditActor {
  type: OrderEventActorType;
  adminId: number | null;
  technicianId: number | null;
  name: string | null;
  actingAdminName: string | null;
  importJobId: string | null;
}

/** One order's change: the values before and after (null before for a new order). */
export interface OrderChange {
  /** The changed order (an `Order`); a new one is written first, so it has its id. */
  order: { id: number };
  before: OrderValues | null;
  after: OrderValues | null;
}

const NOBODY: Omit<AuditActor, 'type'> = {
  adminId: null,
  technicianId: null,
  name: null,
  actingAdminName: null,
  importJobId: null,
};

/**
 * The caller of this request as an actor: the admin, the technician (and the admin who opened the
 * planner as that technician), or the consumer. Authentication already loaded the admin or
 * technician, so this usually costs no query.
 */
export async function auditActorOf(ctx: AppContext, em: EntityManager): Promise<AuditActor> {
  const viewer = ctx.viewer;
  switch (viewer?.role) {
    case Role.ADMIN:
    case Role.DISPATCHER:
    case Role.VIEWER: {
      if (viewer.application) {
        return { ...NOBODY, type: OrderEventActorType.APPLICATION, name: viewer.application.name };
      }
      const admin = await em.findOneOrFail(Admin, viewer.adminId);
      return { ...NOBODY, type: OrderEventActorType.ADMIN, adminId: admin.id, name: fullName(admin) };
    }
    case Role.TECHNICIAN: {
      const technician = await em.findOneOrFail(Technician, viewer.technicianId);
      const acting = viewer.actingAdminId === null ? null : await em.findOne(Admin, viewer.actingAdminId);
      return {
        ...NOBODY,
        type: OrderEventActorType.TECHNICIAN,
        technicianId: technician.id,
        name: fullName(technician),
        adminId: acting?.id ?? null,
        actingAdminName: acting ? fullName(acting) : null,
      };
    }
    case Role.CONSUMER:
      return { ...NOBODY, type: OrderEventActorType.CONSUMER };
    default:
      // Every change to an order has an author; an anonymous caller cannot make one.
      throw new AppError(CommonError.FORBIDDEN);
  }
}

/** A CSV import run by the calling admin, as the actor of the orders it writes. */
export async function importActorOf(ctx: AppContext, em: EntityManager, importJobId: string): Promise<AuditActor> {
  const office = officeViewerOf(ctx.viewer);
  const admin = office ? await em.findOne(Admin, office.adminId) : null;
  return {
    ...NOBODY,
    type: OrderEventActorType.IMPORT,
    adminId: admin?.id ?? null,
    // An application's import is named after the application.
    name: admin ? fullName(admin) : (ctx.viewer?.application?.name ?? null),
    importJobId,
  };
}

/**
 * THE way to record changes to orders in the audit trail. Call it inside the transaction that makes
 * the change, with that transaction's `em`: the events are flushed with the change, so both are
 * saved or neither. Time comes from the server clock, the actor from the request (`auditActorOf`).
 *
 *     await em.transactional(async (em) => {
 *       const before = pickValues(orderValues(order), ['technician']);
 *       order.technician = other;
 *       await recordOrderEvents(ctx, em, OrderEventKind.REASSIGNED, [
 *         { order, before, after: pickValues(orderValues(order), ['technician']) },
 *       ]);
 *     });
 *
 * The change is also announced to every instance after commit (order-changes.ts).
 * The CSV import records its events in bulk in SQL instead (import-audit-sql.ts).
 */
export async function recordOrderEvents(
  ctx: AppContext,
  em: EntityManager,
  kind: OrderEventKind,
  changes: readonly OrderChange[],
): Promise<void> {
  if (!em.isInTransaction()) throw new Error('recordOrderEvents runs inside the transaction of the change');
  if (changes.length === 0) return;
  // A new order has its id once written: the events and the announcement name orders by id.
  if (changes.some(({ order }) => !order.id)) await em.flush();
  const actor = await auditActorOf(ctx, em);
  const occurredAt = ctx.services.clock.now();
  for (const { order, before, after } of changes) {
    em.create(OrderEvent, {
      order: order.id,
      occurredAt,
      kind,
      actorType: actor.type,
      actorAdminId: actor.adminId,
      actorTechnicianId: actor.technicianId,
      actorName: actor.name,
      actingAdminName: actor.actingAdminName,
      importJobId: actor.importJobId,
      before,
      after,
    });
  }
  await announceOrdersChanged(em, { kind, orderIds: changes.map(({ order }) => order.id), importJobId: null });
}
