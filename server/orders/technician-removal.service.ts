import { LockMode, type EntityManager, type FilterQuery } from '@mikro-orm/postgresql';
import { auditActorOf } from '../audit/order-audit.js';
import { OrderEventKind } from '../audit/order-event-kind.js';
import { OrderEventRepository } from '../audit/repository/order-event.repository.js';
import { AppError } from '../common/errors/app-error.js';
import { CommonError } from '../common/errors/common.errors.js';
import { announceSessionsEnded } from '../common/auth/sessions.js';
import { TIME_ZONE } from '../common/locale.js';
import { localDayOf } from '../../shared/zoned-time.js';
import type { AppContext } from '../context.js';
import { assertSchedulesOpen } from '../schedule/index.js';
import { Technician } from '../technicians/index.js';
import { MAX_ORDERS_PER_MIGRATION, moveOrders } from './order-migration.service.js';
import { Order } from './order.entity.js';
import { OrderError } from './order.errors.js';
import { OrderRepository } from './repository/order.repository.js';
import { unknownTechnician } from './order.service.js';
import { assertSameCountry } from './technician-country.js';
import { findTechnicianByRef } from './technician-ref.js';
import { fullName } from '../../shared/staff.js';
import type { TechnicianOpenOrders } from './technician-removal.types.js';

/** Reference numbers named in the refusal's text; the error's data lists more. */
const NAMED_IN_TEXT = 5;
/** Orders listed in the refusal's data and the dialog: enough to check, bounded for a technician with months of work. */
const LISTED_IN_DATA = 50;

export interface TechnicianRemoval {
  id: number;
  movedOrders: number;
}

/**
 * Deleting a technician (docs/rules.md, Deleting a technician). It lives with the orders because the
 * rule is about them: no order still to be visited loses its technician without a word.
 */
export class TechnicianRemovalService {
  constructor(private readonly ctx: AppContext) {}

  /**
   * Deletes the technician. Active orders from today on (in the technician's country) are refused with
   * their list, or, with `moveOrdersTo`, moved to that technician in the same transaction (one
   * MIGRATED event each). Past and deleted orders keep no technician; each records that in its trail.
   */
  delete(id: number, moveOrdersTo?: string | null): Promise<TechnicianRemoval> {
    return this.ctx.em.transactional(async (em) => {
      // Locked first: an order created for this technician meanwhile waits for the outcome.
      const technician = await em.findOne(Technician, { id }, { lockMode: LockMode.PESSIMISTIC_WRITE });
      if (!technician) throw new AppError(CommonError.NOT_FOUND);
      const active = this.activeCondition(em, technician);
      const count = await em.count(Order, active);
      let movedOrders = 0;
      if (count > 0) {
        if (moveOrdersTo === null || moveOrdersTo === undefined || moveOrdersTo.trim() === '') {
          const listed = await this.listed(em, active);
          const named = listed.slice(0, NAMED_IN_TEXT).map((order) => order.referenceNumber);
          throw new AppError(OrderError.TECHNICIAN_HAS_ORDERS, {
            params: {
              technician: fullName(technician),
              count,
              references: count > NAMED_IN_TEXT ? `${named.join(', ')}, …` : named.join(', '),
            },
            data: {
              orderCount: count,
              orders: listed.map((order) => ({
                id: order.id,
                referenceNumber: order.referenceNumber,
                appointment: order.appointment.toISOString(),
              })),
            },
          });
        }
        movedOrders = await this.moveActiveOrders(em, technician, moveOrdersTo, active, count);
      }
      await this.recordLeftOrders(em, technician);
      em.remove(technician);
      await em.flush();
      // Its open live streams end, on every instance: no order reaches it any more, and its token is void.
      await announceSessionsEnded(em, 'technician', [id]);
      return { id, movedOrders };
    });
  }

  /**
   * What a delete would ask to move first, for the dialog that asks it: the count and the first orders, by the same
   * condition the delete reads (NOT_FOUND for an unknown technician).
   */
  async openOrders(id: number): Promise<TechnicianOpenOrders> {
    const em = this.ctx.em;
    const technician = await em.findOne(Technician, { id });
    if (!technician) throw new AppError(CommonError.NOT_FOUND);
    const active = this.activeCondition(em, technician);
    const count = await em.count(Order, active);
    return { count, orders: count > 0 ? await this.listed(em, active) : [] };
  }

  /** Active orders from today on, in the technician's country: those still to be visited. */
  private activeCondition(em: EntityManager, technician: Technician): FilterQuery<Order> {
    const today = localDayOf(this.ctx.services.clock.now(), TIME_ZONE[technician.country]).start;
    return new OrderRepository(em).technicianFromCondition(technician.id, today);
  }

  private listed(em: EntityManager, active: FilterQuery<Order>): Promise<Order[]> {
    return em.find(Order, active, { orderBy: { appointment: 'asc', id: 'asc' }, limit: LISTED_IN_DATA });
  }

  private async moveActiveOrders(
    em: EntityManager,
    leaving: Technician,
    targetRef: string,
    active: FilterQuery<Order>,
    count: number,
  ): Promise<number> {
    if (count > MAX_ORDERS_PER_MIGRATION) {
      throw new AppError(CommonError.BAD_USER_INPUT, {
        message: 'TOO_MANY_ORDERS',
        params: { max: MAX_ORDERS_PER_MIGRATION },
      });
    }
    const target = await findTechnicianByRef(em, targetRef);
    if (!target) throw unknownTechnician('moveOrdersTo');
    if (target.id === leaving.id) throw new AppError(OrderError.MIGRATION_SAME_TECHNICIAN);
    // Locked in id order, as a migration locks them: the two never deadlock.
    const orders = await em.find(Order, active, {
      orderBy: { id: 'asc' },
      lockMode: LockMode.PESSIMISTIC_WRITE,
      populate: ['technician'],
    });
    assertSameCountry(orders, target, 'moveOrdersTo');
    await assertSchedulesOpen(
      em,
      target,
      orders.map((order) => order.appointment),
    );
    await moveOrders(this.ctx, em, orders, target, this.ctx.services.clock.now());
    return orders.length;
  }

  /**
   * The orders that will keep no technician (past visits, deleted orders) record it, in one statement:
   * a technician of many years has thousands, and none of them reaches a consumer again.
   */
  private async recordLeftOrders(em: EntityManager, technician: Technician): Promise<void> {
    const actor = await auditActorOf(this.ctx, em);
    await new OrderEventRepository(em).recordTechnicianLeft({
      technicianId: technician.id,
      personalNumber: technician.personalNumber,
      kind: OrderEventKind.TECHNICIAN_DELETED,
      actor,
      at: this.ctx.services.clock.now(),
    });
  }
}
