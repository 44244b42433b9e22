import { defineErrorCodes } from '../common/errors/app-error.js';

/** Why a rating is refused (besides the visit rules of consumers/consumer.errors.ts and bad input). */
export const RatingError = defineErrorCodes({
  /** The technician has not finished the visit yet: there is nothing to rate. */
  RATING_NOT_FINISHED: 409,
  /** More than the allowed days have passed since the visit was finished. */
  RATING_CLOSED: 409,
});
