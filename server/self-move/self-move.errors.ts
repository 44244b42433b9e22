import { defineErrorCodes } from '../common/errors/app-error.js';

/** Why a consumer's move of a visit is refused (besides the visit rules of consumers/consumer.errors.ts). */
export const SelfMoveError = defineErrorCodes({
  /** Self-service is switched off for the order's country: the consumer asks for a call instead. */
  MOVE_OFF: 409,
  /** The visit has started or the technician set out: it can no longer be moved. */
  MOVE_CLOSED: 409,
  /** A window we did not offer this visit (another day, hour or a day that cannot take it). */
  MOVE_OFFER_UNKNOWN: 400,
  /** The place was offered but another visit took it meanwhile: fresh offers follow. */
  MOVE_OFFER_TAKEN: 409,
  /** There is no move of the consumer to undo, or its minutes have passed. */
  MOVE_UNDO_CLOSED: 409,
});
