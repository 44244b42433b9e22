import { defineErrorCodes } from '../common/errors/app-error.js';

/** Codes of the consumer lookup (spec section 8). */
export const ConsumerError = defineErrorCodes({
  /** No order at this address or phone number today or later (or it was deleted). */
  NO_ORDERS_FOUND: 404,
});
