import { defineErrorCodes } from '../common/errors/app-error.js';

/** Why a data request is refused. */
export const DataRequestError = defineErrorCodes({
  /** Neither an e-mail address nor a phone number of at least 6 digits. */
  DATA_SEARCH_INVALID: 400,
  /** No order names this address or number (any more). */
  DATA_SUBJECT_NOT_FOUND: 404,
  /** More orders than one person has: the search was not about one person. */
  DATA_SUBJECT_TOO_MANY: 400,
  /** Some of the person's visits are still to come: they are cancelled (deleted) first, then the data is erased. */
  ERASE_PLANNED_VISITS: 409,
  /** The second admin must be another admin than the one who asked. */
  ERASE_SAME_ADMIN: 409,
  /** The erase is not waiting for a confirmation (confirmed already, or no such request). */
  ERASE_NOT_PENDING: 409,
});
