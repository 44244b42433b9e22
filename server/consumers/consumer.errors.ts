import { defineErrorCodes } from '../common/errors/app-error.js';

/** Codes of the consumer lookup (the legacy portal's) and of what a consumer does with a found visit. */
export const ConsumerError = defineErrorCodes({
  /** No order at this address or phone number today or later (or it was deleted). */
  NO_ORDERS_FOUND: 404,
  /** The number was typed without addition, and its visits all have one: which door is the consumer's? */
  HOUSE_NUMBER_ADDITION_NEEDED: 409,
  /** The data token does not cover a (not deleted) visit with this reference number. */
  VISIT_NOT_FOUND: 404,
  /** The window is not shown yet (before 13:30 on the working day before): nothing to put in a calendar or answer to. */
  VISIT_WINDOW_NOT_AVAILABLE: 409,
  /** An external company makes this visit and agrees the time itself. */
  VISIT_EXTERNAL: 409,
});
