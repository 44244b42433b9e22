import { defineErrorCodes } from '../common/errors/app-error.js';

/** Why a visit record's change or read is refused. */
export const VisitRecordError = defineErrorCodes({
  /** Not an active order of the signed-in technician: the same answer for another's, a deleted or no order. */
  VISIT_RECORD_NOT_YOURS: 404,
  /** The technician records a visit on its day only. */
  VISIT_RECORD_NOT_TODAY: 409,
  /** The file is not an image that can be read whole (another kind of file, cut off, damaged). */
  VISIT_PHOTO_NOT_AN_IMAGE: 400,
  VISIT_PHOTO_TOO_LARGE: 413,
  VISIT_PHOTOS_TOO_MANY: 409,
  VISIT_SIGNATURE_TOO_LARGE: 413,
  /** The file did not arrive whole. */
  VISIT_FILE_NOT_RECEIVED: 400,
});
