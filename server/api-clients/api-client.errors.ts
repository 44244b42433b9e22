import { defineErrorCodes } from '../common/errors/app-error.js';

/** Why a call about applications or an idempotent write is refused. */
export const ApiClientError = defineErrorCodes({
  /** No application with this id, or it was revoked (a revoked one cannot be rotated). */
  API_CLIENT_NOT_FOUND: 404,
  /** The Idempotency-Key was used before with another request: the first one's answer does not fit this one. */
  IDEMPOTENCY_KEY_REUSED: 422,
  /** The first call with this Idempotency-Key is still running: try again in a moment. */
  IDEMPOTENCY_KEY_IN_USE: 409,
  /** An application's key writes only orders of the countries it was given. */
  API_CLIENT_COUNTRY_NOT_ALLOWED: 403,
});
