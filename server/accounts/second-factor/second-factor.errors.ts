import { defineErrorCodes } from '../../common/errors/app-error.js';

/** The second step of a staff sign-in, and the set-up of a second factor. */
export const SecondFactorError = defineErrorCodes({
  /** A password-only sign-in of an account that has, or must have, a second factor: use the two-step sign-in. */
  SECOND_FACTOR_REQUIRED: 403,
  /** The pending sign-in is unknown, expired, or its account changed meanwhile: sign in again. */
  SIGN_IN_CHALLENGE_INVALID: 401,
  /** A wrong, expired, malformed or already used code (or a wrong password where one proves the caller). */
  SECOND_FACTOR_CODE_INVALID: 400,
  /** Set-up asked while one is on, or a code asked while none is on. */
  SECOND_FACTOR_STATE: 409,
  /** An admin resets another's factor; its own goes through its account page. */
  OWN_SECOND_FACTOR: 409,
});
