import { defineErrorCodes } from '../common/errors/app-error.js';

/** Error codes of the CSV export. */
export const ExportError = defineErrorCodes({
  /** Every export place of this server process is taken; the answer says when to try again. */
  EXPORTS_BUSY: 503,
  /** The selection holds more orders than one selection export takes (`EXPORT_SELECTION_MAX`): narrow the filter. */
  EXPORT_SELECTION_TOO_LARGE: 400,
});
