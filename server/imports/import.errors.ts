import { defineErrorCodes } from '../common/errors/app-error.js';

/** Error codes of import windows and the CSV import. */
export const ImportError = defineErrorCodes({
  IMPORT_SETTINGS_INVALID: 400,
  IMPORT_FILE_MISSING: 400,
  IMPORT_FILE_TOO_LARGE: 413,
  IMPORT_NOT_TEXT: 400,
  IMPORT_NOT_UTF8: 400,
  IMPORT_FILE_EMPTY: 400,
  IMPORT_NO_ROWS: 400,
  /** Legacy code of a row report (the GraphQL answer is the `ImportRowErrors` result, not an error). */
  IMPORT_ROWS_INVALID: 400,
  IMPORT_JOB_ID_INVALID: 400,
  IMPORT_JOB_ID_TAKEN: 409,
  /** Another import is running (imports go one at a time: they may touch the same orders). */
  IMPORT_IN_PROGRESS: 409,
});
