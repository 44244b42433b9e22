import { defineErrorCodes } from '../common/errors/app-error.js';

export const TechnicianError = defineErrorCodes({
  /** The e-mail address or personal number belongs to another technician. */
  TECHNICIAN_ALREADY_EXISTS: 409,
});
