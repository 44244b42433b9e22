import { LockMode, type EntityManager, type FilterQuery } from '@mikro-orm/postgresql';
import { AppError } from '../../common/errors/app-error.js';
import { TIME_ZONE, type Country } from '../../common/locale.js';
import type { Connection, PageArgs } from '../../common/pagination.js';
import { localDayRange, type LocalDate, type LocalDayRange } from '../../../shared/zoned-time.js';
import { Order } from '../order.entity.js';
import { OrderError } from '../order.errors.js';
import type { OrderFilterInput, OrderSortInput } from '../order.inputs.js';
import { activeOrderSql, INCLUDING_DELETED } from './active-orders.js';
import { orderSelectionIds, searchOrders } from './order-search.js';

/** The order of every list of a day: by appointment, then id (unique), so equal starts never swap. */
const BY_APPOINTMENT = { appointment: 'asc', id: 'asc' } as const;

/**
 * SQL: the active orders `alias` of one technician within a day range; its parameters, in order, come from
 * `technicianDayParams`. For the statements that read a technician's day with its replies and statuses at once.
 */
export const technicianDaySql = (alias: string): string =>
  `${alias}.technician_id = ? and ${alias}.appointment >= ? and ${alias}.appointment < ? and ${activeOrderSql(alias)}`;

export const technicianDayParams = (technicianId: number, day: LocalDayRange): unknown[] => [
  technicianId,
  day.start,
  day.end,
];

/** What `activeForChange` throws instead of its own refusals, for a caller that tells its user otherwise. */
export interface ChangeRefusals {
  /** No order has the id. */
  notFound?: () => AppError;
  /** The order was deleted. */
  deleted?: (order: Order) => AppError;
  /** Only orders of these countries exist for the caller (an application's key); undefined: every country. */
  countries?: readonly Country[];
}

/** The condition that keeps to the caller's countries; nothing for a caller of every country. */
const inCountries = (countries: readonly Country[] | undefined): { country?: { $in: Country[] } } =>
  countries ? { country: { $in: [...countries] } } : {};

/**
 * The queries on orders. Services keep the rules (who may change what, and when) and ask here for the rows;
 * reads of deleted orders are named as such, every other read sees active orders only (active-orders.ts).
 */
export class OrderRepository {
  constructor(private readonly em: EntityManager) {}

  /** The dispatcher's list: search, filters, any sort, keyset cursors and a bounded count (order-search.ts). */
  search(
    filter: OrderFilterInput,
    technicianId: number | null,
    sort: OrderSortInput | null | undefined,
    page: PageArgs,
  ): Promise<Connection<Order>> {
    return searchOrders(this.em, filter, technicianId, sort, page);
  }

  /** The ids the list's filter matches, in the export's order, at most `limit` (order-search.ts). */
  selectionIds(filter: OrderFilterInput, technicianId: number | null, limit: number): Promise<number[]> {
    return orderSelectionIds(this.em, filter, technicianId, limit);
  }

  /**
   * The order with this id, to be changed in the caller's transaction: locked, read afresh (not from the identity
   * map: the lock is what makes the row current), and refused when there is none or it was deleted. The refusals
   * default to the dispatcher's ORDER_NOT_FOUND and ORDER_DELETED; a caller that speaks to someone else gives its
   * own (a consumer is told the visit is not found, a technician that it is not his), so a deleted order reveals
   * nothing the caller may not know.
   */
  async activeForChange(id: number, refusals: ChangeRefusals = {}): Promise<Order> {
    const order = await this.forChangeIncludingDeleted(id, refusals.countries);
    if (!order) throw refusals.notFound?.() ?? new AppError(OrderError.ORDER_NOT_FOUND);
    if (order.deletedAt) throw refusals.deleted?.(order) ?? new AppError(OrderError.ORDER_DELETED);
    return order;
  }

  /** The order with this id, deleted or not, locked and read afresh: for the one change a deleted order allows. */
  forChangeIncludingDeleted(id: number, countries?: readonly Country[]): Promise<Order | null> {
    return this.em.findOne(
      Order,
      { id, ...inCountries(countries) },
      { ...INCLUDING_DELETED, lockMode: LockMode.PESSIMISTIC_WRITE, refresh: true },
    );
  }

  /** The orders with these ids, deleted or not, locked in id order (two changes of overlapping sets never deadlock). */
  manyForChange(ids: readonly number[]): Promise<Order[]> {
    return this.em.find(
      Order,
      { id: { $in: [...ids] } },
      { ...INCLUDING_DELETED, orderBy: { id: 'asc' }, lockMode: LockMode.PESSIMISTIC_WRITE },
    );
  }

  /** The order with this reference number, deleted or not (locked when it is to be changed). */
  byReference(
    referenceNumber: string,
    options: { lock?: boolean; countries?: readonly Country[] } = {},
  ): Promise<Order | null> {
    return this.em.findOne(
      Order,
      { referenceNumber, ...inCountries(options.countries) },
      options.lock
        ? { ...INCLUDING_DELETED, lockMode: LockMode.PESSIMISTIC_WRITE }
        : { ...INCLUDING_DELETED, populate: ['technician'] },
    );
  }

  /**
   * The order with this id, deleted or not, for a read that answers a deleted order otherwise than a missing one
   * (a link that says the visit is cancelled, a message that may not go again); `isDeleted` tells which. `refresh`
   * reads the row as it is now, not as this entity manager last saw it.
   */
  findIncludingDeleted(id: number, options: { refresh?: boolean } = {}): Promise<Order | null> {
    return this.em.findOne(Order, id, options.refresh ? { ...INCLUDING_DELETED, refresh: true } : INCLUDING_DELETED);
  }

  /** The orders with these ids, deleted or not (a deleted one is told it is cancelled), unlocked. */
  manyIncludingDeleted(ids: readonly number[]): Promise<Order[]> {
    return this.em.find(Order, { id: { $in: [...ids] } }, INCLUDING_DELETED);
  }

  /** Whether an order, deleted or not, has this id. */
  async exists(id: number, countries?: readonly Country[]): Promise<boolean> {
    return (await this.em.count(Order, { id, ...inCountries(countries) }, INCLUDING_DELETED)) > 0;
  }

  /** Whether any order was ever stored, deleted or not. */
  async anyStored(): Promise<boolean> {
    return (await this.em.count(Order, {}, INCLUDING_DELETED)) > 0;
  }

  /** Whether any order, deleted or not, has this reference number (references are never reused). */
  async referenceTaken(referenceNumber: string): Promise<boolean> {
    return (await this.em.count(Order, { referenceNumber }, INCLUDING_DELETED)) > 0;
  }

  /** A technician's active orders of one local day in a zone, by appointment. */
  technicianDay(technicianId: number, date: LocalDate, zone: string): Promise<Order[]> {
    const day = localDayRange(date, zone);
    return this.em.find(
      Order,
      { technician: technicianId, appointment: { $gte: day.start, $lt: day.end } },
      { orderBy: BY_APPOINTMENT, populate: ['technician'] },
    );
  }

  /** The active orders of a country's local day (its own zone), as a condition for a count or a page. */
  countryDayCondition(country: Country, date: LocalDate): FilterQuery<Order> {
    const day = localDayRange(date, TIME_ZONE[country]);
    return { country, appointment: { $gte: day.start, $lt: day.end } };
  }

  /** A technician's active orders from an instant on, as a condition for a count, a page or a locked read. */
  technicianFromCondition(technicianId: number, from: Date): FilterQuery<Order> {
    return { technician: technicianId, appointment: { $gte: from } };
  }

  /** The active orders among these ids (a consumer's token), by appointment. */
  activeAmong(ids: readonly number[]): Promise<Order[]> {
    return this.em.find(Order, { id: { $in: [...ids] } }, { orderBy: BY_APPOINTMENT });
  }

  /** The active order with this reference among these ids (a consumer's token), or null. */
  activeAmongByReference(ids: readonly number[], referenceNumber: string): Promise<Order | null> {
    return this.em.findOne(Order, { id: { $in: [...ids] }, referenceNumber });
  }
}
