import { defineErrorCodes } from '../common/errors/app-error.js';

/** Error codes of orders and their migration between technicians. */
export const OrderError = defineErrorCodes({
  ORDER_NOT_FOUND: 404,
  DUPLICATE_REFERENCE_NUMBER: 409,
  /** A deleted order cannot be changed, deleted again or migrated. */
  ORDER_DELETED: 409,
  UNKNOWN_TECHNICIAN: 400,
  /** An order to migrate does not belong to the source technician. */
  ORDER_NOT_OF_SOURCE: 409,
  MIGRATION_SAME_TECHNICIAN: 400,
  /** The technician works in another country than the order's address. */
  TECHNICIAN_OTHER_COUNTRY: 409,
  /** A technician who still has orders to visit cannot be deleted without moving them. */
  TECHNICIAN_HAS_ORDERS: 409,
  /** A deleted order's day is past or confirmed, or it has no technician left: it stays deleted. */
  ORDER_NOT_RESTORABLE: 409,
  /** The new date is a Sunday or a holiday of the order's country. */
  ORDER_DATE_NOT_WORKING_DAY: 400,
});
