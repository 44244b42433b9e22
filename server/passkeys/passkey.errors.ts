import { defineErrorCodes } from '../common/errors/app-error.js';

/** Passkey registration and sign-in failures. */
export const PasskeyError = defineErrorCodes({
  /**
   * The browser's answer did not prove the passkey: another site's origin, a challenge used before or expired, no
   * user verification, a bad signature, or a counter that did not move on (a copied key).
   */
  PASSKEY_REFUSED: 401,
  /** A passkey this server does not know (removed, or of another kind of account). */
  PASSKEY_UNKNOWN: 404,
  /** Adding a passkey this account (or another) has already. */
  PASSKEY_ALREADY_ADDED: 409,
  /** An account has `PASSKEYS_PER_ACCOUNT` passkeys at most. */
  TOO_MANY_PASSKEYS: 409,
});
