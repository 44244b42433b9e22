import { recordOrderEvents } from '../audit/order-audit.js';
import { OrderEventKind } from '../audit/order-event-kind.js';
import { changedValues, orderValues, pickValues } from '../audit/order-values.js';
import { AppError, type FieldProblem } from '../common/errors/app-error.js';
import { readableCountries } from '../common/auth/viewer.js';
import { CommonError } from '../common/errors/common.errors.js';
import { TIME_ZONE } from '../common/locale.js';
import { localDateOf, weekdayOf } from '../../shared/zoned-time.js';
import type { AppContext } from '../context.js';
import { assertSchedulesOpen } from '../schedule/index.js';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { Technician } from '../technicians/index.js';
import { checkAppointment, holidayProblem } from './appointment-rules.js';
import type { Order } from './order.entity.js';
import type { RescheduleOrderInput } from './order-reschedule.inputs.js';
import { undoableUntilFrom, unknownTechnician } from './order.service.js';
import { OrderRepository } from './repository/order.repository.js';
import { assertSameCountry } from './technician-country.js';
import { findTechnicianByRef } from './technician-ref.js';

const RECORDED = ['appointment', 'technician'] as const;

/** How a move other than the office's goes the same way (the consumer's, from the personal link). */
export interface RescheduleOptions {
  /** Decides the technician in the transaction, once the order is locked; the input's technician is then ignored. */
  technicianFor?: (em: EntityManager, order: Order) => Promise<Technician>;
  /** Until when the move can be undone: its consumer messages wait until then (docs/rules.md, Consumer messages). */
  undoableUntil?: Date;
  /** What the history calls the change; a move by default. */
  kind?: OrderEventKind;
}

/**
 * Moving a visit to another date and window (docs/rules.md, Rescheduling an order). It weighs the rules of
 * orders (the window), holidays (a working day) and schedules (a confirmed day). Schedules sit below orders; the
 * holidays come through the context's holiday service (server/context.ts), not the holidays domain, which builds
 * on orders (it counts a day's orders before a holiday is added), so the change lives with the other order changes.
 */
export class OrderRescheduleService {
  constructor(private readonly ctx: AppContext) {}

  reschedule(input: RescheduleOrderInput, options: RescheduleOptions = {}): Promise<Order> {
    return this.ctx.em.transactional(async (em) => {
      const order = await new OrderRepository(em).activeForChange(input.orderId, {
        countries: readableCountries(this.ctx.viewer),
      });
      await em.populate(order, ['technician']);
      const ref = options.technicianFor ? undefined : input.technician?.trim();
      const technician = options.technicianFor
        ? await options.technicianFor(em, order)
        : ref
          ? await findTechnicianByRef(em, ref)
          : order.technician;
      if (ref && !technician) throw unknownTechnician('technician');

      const now = this.ctx.services.clock.now();
      const problems = checkAppointment(input.appointment, order.duration, order.country, now);
      if (problems.length === 0) problems.push(...(await this.dayProblems(order, input.appointment, now)));
      if (!technician) problems.push({ field: 'technician', message: 'FIELD_REQUIRED' });
      if (problems.length > 0 || !technician) {
        throw new AppError(CommonError.BAD_USER_INPUT, {
          message: problems[0].message,
          params: problems[0].params,
          fields: problems,
        });
      }
      assertSameCountry([order], technician);
      if (order.appointment.getTime() === input.appointment.getTime() && order.technician?.id === technician.id) {
        return order;
      }
      // The day the order joins must still be open; leaving a confirmed day is allowed, as for a migration.
      await assertSchedulesOpen(em, technician, [input.appointment]);
      const before = pickValues(orderValues(order), RECORDED);
      order.appointment = input.appointment;
      order.technician = technician;
      order.updatedAt = now;
      // A move back within the undo time (the console's undo, the consumer's, or a slip corrected) tells the
      // consumer nothing: its messages wait until then.
      order.undoableUntil = options.undoableUntil ?? undoableUntilFrom(now);
      await recordOrderEvents(this.ctx, em, options.kind ?? OrderEventKind.RESCHEDULED, [
        { order, ...changedValues(before, pickValues(orderValues(order), RECORDED)) },
      ]);
      await em.flush();
      return order;
    });
  }

  /** A window that has begun cannot be given; the date must be a working day of the order's country. */
  private async dayProblems(order: Order, appointment: Date, now: Date): Promise<FieldProblem[]> {
    if (appointment.getTime() < now.getTime()) return [{ field: 'appointment', message: 'ORDER_START_IN_PAST' }];
    const date = localDateOf(appointment, TIME_ZONE[order.country]);
    // Read inside the transaction's time, from the process's short-lived cache (a change here empties it).
    const holidays = await this.ctx.services.holidays.datesOf(order.country);
    if (weekdayOf(date) === 0) return [{ field: 'appointment', message: 'ORDER_DATE_IS_SUNDAY' }];
    const onHoliday = holidayProblem(date, order.country, holidays);
    return onHoliday ? [onHoliday] : [];
  }
}
