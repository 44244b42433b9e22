import { defineErrorCodes } from '../common/errors/app-error.js';

export const AdminError = defineErrorCodes({
  ADMIN_EMAIL_TAKEN: 409,
  /** Deactivating or deleting one's own account. */
  OWN_ACCOUNT: 409,
  /** The change would leave no active admin. */
  LAST_ACTIVE_ADMIN: 409,
});
