import { defineErrorCodes } from '../common/errors/app-error.js';

/** Why a consumer message is not sent again. */
export const MessageError = defineErrorCodes({
  MESSAGE_NOT_FOUND: 404,
  /** Messages, or this message's channel, are switched off for the order's country. */
  MESSAGES_OFF: 409,
  /** The address asked for no more messages. */
  MESSAGE_UNSUBSCRIBED: 409,
  /** A deleted order is told nothing more (its cancellation went when it was deleted). */
  MESSAGE_ORDER_DELETED: 409,
  /** It waits to be sent already: a second job would send it twice. */
  MESSAGE_ALREADY_QUEUED: 409,
  /** A later message on the channel told the consumer something newer. */
  MESSAGE_SUPERSEDED: 409,
  /** The visit is over: nothing to tell any more. */
  MESSAGE_VISIT_OVER: 409,
  /** A thank-you whose visit can no longer be rated (no longer finished, or the days for rating are over). */
  MESSAGE_RATING_CLOSED: 409,
  /** The order has no address on the channel any more. */
  MESSAGE_NO_ADDRESS: 409,
});
