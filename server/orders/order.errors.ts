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
});
