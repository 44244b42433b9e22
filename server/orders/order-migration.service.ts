import type { EntityManager } from '@mikro-orm/postgresql';
import { recordOrderEvents } from '../audit/order-audit.js';
import { OrderEventKind } from '../audit/order-event-kind.js';
import { orderValues, pickValues } from '../audit/order-values.js';
import { AppError } from '../common/errors/app-error.js';
import { CommonError } from '../common/errors/common.errors.js';
import { TIME_ZONE } from '../common/locale.js';
import { localDateOf } from '../../shared/zoned-time.js';
import type { AppContext } from '../context.js';
import { Technician } from '../technicians/index.js';
import { dateOutOfRange, isInPlanningYears } from './appointment-rules.js';
import { Order } from './order.entity.js';
import { OrderError } from './order.errors.js';
import type { MigrateOrdersInput } from './order.inputs.js';
import { unknownTechnician } from './order.service.js';
import { assertSchedulesOpen } from '../schedule/index.js';
import { findTechnicianByRef } from './technician-ref.js';
import { assertSameCountry } from './technician-country.js';
import { OrderRepository } from './repository/order.repository.js';

/** More ids than any technician has in weeks; keeps one request's lock set small. */
export const MAX_ORDERS_PER_MIGRATION = 500;

export interface MigrationResult {
  orders: Order[];
  technician: Technician;
}

const idList = (ids: readonly number[]) => ids.join(', ');

/** Moving a technician's orders to another technician (the migrate screen). */
export class OrderMigrationService {
  constructor(private readonly ctx: AppContext) {}

  private async technician(ref: string, field: string): Promise<Technician> {
    const technician = await findTechnicianByRef(this.ctx.em, ref);
    if (!technician) throw unknownTechnician(field);
    return technician;
  }

  /** The active orders of a technician on the calendar day (in the technician's zone) containing `day`. */
  async dayOrders(technicianRef: string, day: Date): Promise<Order[]> {
    if (!isInPlanningYears(day)) {
      const problem = dateOutOfRange('day');
      throw new AppError(CommonError.BAD_USER_INPUT, {
        message: problem.message,
        params: problem.params,
        fields: [problem],
      });
    }
    const technician = await this.technician(technicianRef, 'technician');
    const zone = TIME_ZONE[technician.country];
    return new OrderRepository(this.ctx.em).technicianDay(technician.id, localDateOf(day, zone), zone);
  }

  /**
   * Moves the orders to the receiving technician in one transaction: every order moves, or, when
   * one id is unknown, deleted or not the source's, or the receiver's schedule of a date is already
   * confirmed, none does.
   */
  async migrate(input: MigrateOrdersInput): Promise<MigrationResult> {
    const ids = [...new Set(input.orderIds)];
    if (ids.length === 0) throw new AppError(CommonError.BAD_USER_INPUT, { message: 'NO_ORDERS_SELECTED' });
    if (ids.length > MAX_ORDERS_PER_MIGRATION) {
      throw new AppError(CommonError.BAD_USER_INPUT, {
        message: 'TOO_MANY_ORDERS',
        params: { max: MAX_ORDERS_PER_MIGRATION },
      });
    }
    const target = await this.technician(input.toTechnician, 'toTechnician');
    const source =
      input.fromTechnician !== null && input.fromTechnician !== undefined
        ? await this.technician(input.fromTechnician, 'fromTechnician')
        : null;
    if (source?.id === target.id) throw new AppError(OrderError.MIGRATION_SAME_TECHNICIAN);

    return this.ctx.em.transactional(async (em) => {
      // Locked in id order, so two migrations of overlapping orders wait for each other, never deadlock.
      const orders = await new OrderRepository(em).manyForChange(ids);
      const found = new Set(orders.map((order) => order.id));
      const missing = ids.filter((id) => !found.has(id)).sort((a, b) => a - b);
      if (missing.length > 0) {
        throw new AppError(OrderError.ORDER_NOT_FOUND, {
          message: 'ORDERS_NOT_FOUND',
          params: { ids: idList(missing) },
          data: { orderIds: missing },
        });
      }
      const deleted = orders.filter((order) => order.deletedAt).map((order) => order.id);
      if (deleted.length > 0) {
        throw new AppError(OrderError.ORDER_DELETED, {
          message: 'ORDERS_DELETED',
          params: { ids: idList(deleted) },
          data: { orderIds: deleted },
        });
      }
      const currentIds = new Set(orders.map((order) => order.technician?.id ?? null));
      if (source) {
        const foreign = orders.filter((order) => order.technician?.id !== source.id).map((order) => order.id);
        if (foreign.length > 0) {
          throw new AppError(OrderError.ORDER_NOT_OF_SOURCE, {
            message: 'ORDERS_NOT_OF_SOURCE',
            params: { ids: idList(foreign) },
            data: { orderIds: foreign },
          });
        }
      } else if (currentIds.size > 1) {
        throw new AppError(OrderError.ORDER_NOT_OF_SOURCE, { message: 'ORDERS_MIXED_SOURCES' });
      }
      if (currentIds.has(target.id)) throw new AppError(OrderError.MIGRATION_SAME_TECHNICIAN);
      assertSameCountry(orders, target, 'toTechnician');
      await assertSchedulesOpen(
        em,
        target,
        orders.map((order) => order.appointment),
      );
      const now = this.ctx.services.clock.now();
      await em.populate(orders, ['technician']);
      await moveOrders(this.ctx, em, orders, await em.findOneOrFail(Technician, target.id), now);
      return { orders, technician: target };
    });
  }
}

/**
 * Gives locked orders to another technician, each move in the order's audit trail, and writes them: what a
 * migration and the removal of a technician with orders both do.
 */
export async function moveOrders(
  ctx: AppContext,
  em: EntityManager,
  orders: Order[],
  receiving: Technician,
  now: Date,
): Promise<void> {
  const before = orders.map((order) => pickValues(orderValues(order), ['technician']));
  for (const order of orders) {
    order.technician = receiving;
    order.updatedAt = now;
  }
  await recordOrderEvents(
    ctx,
    em,
    OrderEventKind.MIGRATED,
    orders.map((order, index) => ({
      order,
      before: before[index],
      after: pickValues(orderValues(order), ['technician']),
    })),
  );
  await em.flush();
}
