import { defineErrorCodes } from '../common/errors/app-error.js';

/** Why a consumer reply is refused (besides the visit rules of consumers/consumer.errors.ts). */
export const ReplyError = defineErrorCodes({
  /** The visit window has started: the technician is on the way, the reply can no longer change. */
  REPLY_CLOSED: 409,
});
