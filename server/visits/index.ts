/**
 * The visits domain's front door: other folders import from here, never from a file inside visits/
 * (.dependency-cruiser.cjs refuses it). Its resolvers, the visit status as others speak of it, and the pieces of the
 * technician's schedule statement an order of the day is read with.
 */
import { OrderVisitStatusResolver, VisitResolver } from './visit.resolver.js';

export const visitResolvers = [VisitResolver, OrderVisitStatusResolver] as const;

// An order of the technician's day, in the schedule and the visit day alike.
export { ScheduleOrder } from './visit.types.js';
export { VisitStatus } from './visit-status.entity.js';

// An order of the day read in the statement that finds the orders (order `o`), so that the technician's schedule
// stays one round trip: the columns (with or without the reply and status joined), the joins, and the row's order.
export {
  PLAIN_SCHEDULE_ORDER_COLUMNS,
  PLAIN_SCHEDULE_ORDER_FIELDS,
  SCHEDULE_ORDER_COLUMNS,
  SCHEDULE_ORDER_JOINS,
  plainScheduleOrderOfRow,
  scheduleOrderOfRow,
  toScheduleOrder,
  type PlainScheduleOrder,
} from './schedule-order-sql.js';
