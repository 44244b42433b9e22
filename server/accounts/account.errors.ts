import { defineErrorCodes } from '../common/errors/app-error.js';

/** Sign-in and password-reset failures; the codes are the legacy portal's (docs/rules.md, Staff accounts). */
export const AccountError = defineErrorCodes({
  /** Sign-in: unknown e-mail, wrong password or inactive admin (one answer for all). Forgot: unknown e-mail. */
  NO_USER_FOUND: 404,
  /** A reset link that is unknown, used, expired or of the other kind of account. */
  INVALID_TOKEN: 400,
  PASSWORD_TOO_SHORT: 400,
  PASSWORD_TOO_LONG: 400,
  /** Signing one's own account out everywhere: each device signs itself out. */
  OWN_SESSIONS: 409,
});
