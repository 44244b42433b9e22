import { UniqueConstraintViolationException, type EntityManager } from '@mikro-orm/postgresql';
import { assertCountryAllowed } from '../api-clients/index.js';
import { Admin } from '../admins/admin.entity.js';
import { recordOrderEvents } from '../audit/order-audit.js';
import { OrderEventKind } from '../audit/order-event-kind.js';
import { orderValues, pickValues } from '../audit/order-values.js';
import { AppError, type FieldProblem } from '../common/errors/app-error.js';
import { CommonError } from '../common/errors/common.errors.js';
import { type Connection, type PageArgs, type SortKey } from '../common/pagination.js';
import type { AppContext } from '../context.js';
import type { Technician } from '../technicians/index.js';
import { checkAppointment, holidayProblem, isInPlanningYears } from './appointment-rules.js';
import { CONTROL_CHARACTERS } from '../../shared/text.js';
import { checkOrderFields } from './order-fields.js';
import { Order, VISIT_DURATION_SECONDS } from './order.entity.js';
import { OrderError } from './order.errors.js';
import type { CreateOrderInput, OrderFilterInput, OrderSortInput, ReassignOrderInput } from './order.inputs.js';
import { checkOrderFilter } from './repository/order-search.js';
import { regionLanguageOf } from './order-language.js';
import { OrderRepository } from './repository/order.repository.js';
import { assertSchedulesOpen, ScheduleConfirmation, scheduleDateOf } from '../schedule/index.js';
import { TIME_ZONE } from '../common/locale.js';
import { formatDayMonthYear, localDateOf } from '../../shared/zoned-time.js';
import { findTechnicianByRef } from './technician-ref.js';
import { assertSameCountry, technicianCountryProblem } from './technician-country.js';
import { fullName } from '../../shared/staff.js';
import { UNDO_SECONDS } from '../../shared/orders.js';
import { officeViewerOf, readableCountries, readableCountryOf } from '../common/auth/viewer.js';

/**
 * The console shows its undo for `UNDO_SECONDS` from when the answer arrives; the answer and the undo's own request
 * take time too, so the consumer's message waits this much longer than the button stays.
 */
const UNDO_MARGIN_SECONDS = 5;

/** Until when a change made at `now` can be undone in the console, and so stays untold to the consumer. */
export const undoableUntilFrom = (now: Date): Date =>
  new Date(now.getTime() + (UNDO_SECONDS + UNDO_MARGIN_SECONDS) * 1000);

/** The one stable order of order lists: by appointment, then id (unique), so cursors are exact. */
export const ORDER_SORT: readonly SortKey<Order>[] = [
  { property: 'appointment', kind: 'date' },
  { property: 'id', kind: 'number' },
];

const duplicateReference = () =>
  new AppError(OrderError.DUPLICATE_REFERENCE_NUMBER, {
    fields: [{ field: 'referenceNumber', message: 'DUPLICATE_REFERENCE_NUMBER' }],
  });

const orderDeleted = () => new AppError(OrderError.ORDER_DELETED);

/** Text that can never match (NUL and other control characters) is refused before it reaches the database. */
export function assertPlainText(value: string, field: string): void {
  if (CONTROL_CHARACTERS.test(value)) {
    throw new AppError(CommonError.BAD_USER_INPUT, {
      message: 'INVALID_CHARACTERS',
      fields: [{ field, message: 'INVALID_CHARACTERS' }],
    });
  }
}

export function unknownTechnician(field: string): AppError {
  return new AppError(OrderError.UNKNOWN_TECHNICIAN, { fields: [{ field, message: 'UNKNOWN_TECHNICIAN' }] });
}

/**
 * Refuses a filter the order list would refuse (text that is not plain, a search without a word, "informed" without
 * a start, an unknown technician) before any list work, and gives the filter's technician as an id (null: any). The
 * list and the export of a selection both ask here, so they refuse the same filters with the same codes.
 */
export async function checkedOrderFilter(em: EntityManager, filter: OrderFilterInput): Promise<number | null> {
  if (filter.search) assertPlainText(filter.search, 'search');
  if (filter.referenceNumber) assertPlainText(filter.referenceNumber, 'referenceNumber');
  // A refusal costs nothing: not a connection, not a place among the lists.
  checkOrderFilter(filter);
  if (!filter.technician) return null;
  const technician = await findTechnicianByRef(em, filter.technician);
  if (!technician) throw unknownTechnician('technician');
  return technician.id;
}

/** Creating, finding, reassigning and deleting orders. */
export class OrderService {
  constructor(private readonly ctx: AppContext) {}

  private get now(): Date {
    return this.ctx.services.clock.now();
  }

  /** Until when a change made now can be undone, and so stays untold to the consumer. */
  private get undoableUntil(): Date {
    return undoableUntilFrom(this.now);
  }

  /** Creates an order after checking every field; all problems are reported at once, per field. */
  async create(input: CreateOrderInput): Promise<Order> {
    const em = this.ctx.em;
    const country = input.country ?? this.ctx.country;
    assertCountryAllowed(this.ctx, country);
    const { fields, problems } = checkOrderFields({ ...input, country });
    problems.push(...checkAppointment(input.appointment, input.duration ?? VISIT_DURATION_SECONDS, country, this.now));
    if (isInPlanningYears(input.appointment)) {
      const holidays = await this.ctx.services.holidays.datesOf(country);
      const onHoliday = holidayProblem(localDateOf(input.appointment, TIME_ZONE[country]), country, holidays);
      if (onHoliday) problems.push(onHoliday);
    }
    const technician = await this.technicianProblem(input.technician, problems);
    const countryProblem = technician && technicianCountryProblem(country, technician);
    if (countryProblem) problems.push(countryProblem);
    if (!fields || !technician || problems.length > 0) {
      throw new AppError(CommonError.BAD_USER_INPUT, { message: 'ORDER_INVALID', fields: problems });
    }
    if (await new OrderRepository(em).referenceTaken(fields.referenceNumber)) throw duplicateReference();
    await assertSchedulesOpen(em, technician, [input.appointment]);
    try {
      return await em.transactional(async (tem) => {
        const order = tem.create(Order, {
          ...fields,
          appointment: input.appointment,
          duration: VISIT_DURATION_SECONDS,
          technician,
          special: input.special ?? false,
          language: input.language ?? regionLanguageOf(country, fields.zipcode),
          externalCompany: null,
          createdAt: this.now,
          updatedAt: this.now,
        });
        await recordOrderEvents(this.ctx, tem, OrderEventKind.CREATED, [
          { order, before: null, after: orderValues(order) },
        ]);
        return order;
      });
    } catch (error) {
      // Two admins creating the same reference at once: the unique index decides.
      if (error instanceof UniqueConstraintViolationException) throw duplicateReference();
      throw error;
    }
  }

  private async technicianProblem(ref: string, problems: FieldProblem[]): Promise<Technician | null> {
    if (ref.trim() === '') {
      problems.push({ field: 'technician', message: 'FIELD_REQUIRED' });
      return null;
    }
    const technician = await findTechnicianByRef(this.ctx.em, ref);
    if (!technician) problems.push({ field: 'technician', message: 'UNKNOWN_TECHNICIAN' });
    return technician;
  }

  /** The order with this reference number (deleted or not). */
  async byReference(referenceNumber: string): Promise<Order> {
    const reference = referenceNumber.trim();
    assertPlainText(reference, 'referenceNumber');
    // An application's key finds only orders of its countries: the others are not found, as for anyone.
    const countries = readableCountries(this.ctx.viewer);
    const order = reference ? await new OrderRepository(this.ctx.em).byReference(reference, { countries }) : null;
    if (!order) {
      throw new AppError(OrderError.ORDER_NOT_FOUND, { message: 'ORDER_REFERENCE_NOT_FOUND', params: { reference } });
    }
    return order;
  }

  /** Gives an active order another technician; refused for deleted orders and confirmed schedules. */
  reassign(input: ReassignOrderInput): Promise<Order> {
    return this.ctx.em.transactional(async (em) => {
      const technician = await findTechnicianByRef(em, input.technician);
      if (!technician) throw unknownTechnician('technician');
      const reference = input.referenceNumber.trim();
      assertPlainText(reference, 'referenceNumber');
      const countries = readableCountries(this.ctx.viewer);
      const order = reference ? await new OrderRepository(em).byReference(reference, { lock: true, countries }) : null;
      if (!order) {
        throw new AppError(OrderError.ORDER_NOT_FOUND, { message: 'ORDER_REFERENCE_NOT_FOUND', params: { reference } });
      }
      if (order.deletedAt) throw orderDeleted();
      await em.populate(order, ['technician']);
      if (order.technician?.id !== technician.id) {
        assertSameCountry([order], technician);
        await assertSchedulesOpen(em, technician, [order.appointment]);
        const before = pickValues(orderValues(order), ['technician']);
        order.technician = technician;
        order.updatedAt = this.now;
        order.undoableUntil = this.undoableUntil;
        await recordOrderEvents(this.ctx, em, OrderEventKind.REASSIGNED, [
          { order, before, after: pickValues(orderValues(order), ['technician']) },
        ]);
      }
      await em.flush();
      return order;
    });
  }

  /** Soft delete: the order stays, marked with the moment and the admin; it cannot be undone or repeated. */
  delete(id: number): Promise<Order> {
    const office = officeViewerOf(this.ctx.viewer);
    const application = this.ctx.viewer?.application;
    if (!office && !application) throw new AppError(CommonError.FORBIDDEN);
    return this.ctx.em.transactional(async (em) => {
      const order = await new OrderRepository(em).activeForChange(id, {
        countries: readableCountries(this.ctx.viewer),
      });
      // An application deletes in its own name: no staff member to point to.
      const admin = office ? await em.findOneOrFail(Admin, { id: office.adminId }) : null;
      order.deletedAt = this.now;
      order.deletedBy = admin;
      order.deletedByName = admin ? fullName(admin) : (application?.name ?? '');
      // The personal links sent so far end for good: a restore announces a new one (docs/rules.md, Personal link).
      order.linkGeneration += 1;
      order.updatedAt = this.now;
      order.undoableUntil = this.undoableUntil;
      await recordOrderEvents(this.ctx, em, OrderEventKind.DELETED, [
        { order, before: { deleted: false }, after: { deleted: true } },
      ]);
      await em.flush();
      await em.populate(order, ['technician']);
      return order;
    });
  }

  /**
   * Undoes a deletion while the visit can still happen as planned: not for a past day, not for a day its
   * technician confirmed, not when its technician was deleted meanwhile (docs/rules.md, Orders).
   */
  restore(id: number): Promise<Order> {
    return this.ctx.em.transactional(async (em) => {
      const order = await new OrderRepository(em).forChangeIncludingDeleted(id, readableCountries(this.ctx.viewer));
      if (!order) throw new AppError(OrderError.ORDER_NOT_FOUND);
      if (!order.deletedAt) throw new AppError(OrderError.ORDER_NOT_RESTORABLE, { message: 'ORDER_NOT_DELETED' });
      // Its customer was erased on request (docs/rules.md, Personal data): a visit to nobody is not planned again.
      if (order.anonymisedAt) {
        throw new AppError(OrderError.ORDER_NOT_RESTORABLE, { message: 'ORDER_RESTORE_ANONYMISED' });
      }
      await em.populate(order, ['technician']);
      if (!order.technician) {
        throw new AppError(OrderError.ORDER_NOT_RESTORABLE, { message: 'ORDER_RESTORE_NO_TECHNICIAN' });
      }
      const zone = TIME_ZONE[order.country];
      const day = localDateOf(order.appointment, zone);
      if (day < localDateOf(this.now, zone)) {
        throw new AppError(OrderError.ORDER_NOT_RESTORABLE, {
          message: 'ORDER_RESTORE_PAST',
          params: { date: formatDayMonthYear(day) },
        });
      }
      await assertSchedulesOpen(em, order.technician, [order.appointment]);
      order.deletedAt = null;
      order.deletedBy = null;
      order.deletedByName = null;
      order.updatedAt = this.now;
      await recordOrderEvents(this.ctx, em, OrderEventKind.RESTORED, [
        { order, before: { deleted: true }, after: { deleted: false } },
      ]);
      await em.flush();
      return order;
    });
  }

  /** Whether the order's technician confirmed the schedule of the order's date (changes there are refused). */
  async dayConfirmed(order: Order): Promise<boolean> {
    const em = this.ctx.em;
    await em.populate(order, ['technician']);
    const technician = order.technician;
    if (!technician) return false;
    const date = scheduleDateOf(technician, order.appointment);
    return (await em.count(ScheduleConfirmation, { technician: technician.id, date })) > 0;
  }

  /** A page of orders matching the filter, by appointment then id. */
  async list(
    filter: OrderFilterInput | null | undefined,
    page: PageArgs,
    sort?: OrderSortInput | null,
  ): Promise<Connection<Order>> {
    const technicianId = filter ? await checkedOrderFilter(this.ctx.em, filter) : null;
    // An application's key lists the orders of its own country only (another country asked for is refused).
    const country = readableCountryOf(this.ctx.viewer, filter?.country);
    const narrowed: OrderFilterInput = country ? { ...filter, country } : (filter ?? {});
    // Within the lists' share of the pool and under their own statement timeout (common/db/list-query-gate.ts).
    return this.ctx.services.listQueries.run(this.ctx.em, (em) =>
      new OrderRepository(em).search(narrowed, technicianId, sort, page),
    );
  }
}
