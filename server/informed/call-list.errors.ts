import { defineErrorCodes } from '../common/errors/app-error.js';

/** Error codes of the call list. */
export const CallListError = defineErrorCodes({
  /** A call status for an order that is not on a call list: another day, or an order a partner makes. */
  CALL_ORDER_NOT_LISTED: 409,
});
