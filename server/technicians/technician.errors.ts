import { defineErrorCodes } from '../common/errors/app-error.js';

export const TechnicianError = defineErrorCodes({
  /** The e-mail address or personal number belongs to another technician. */
  TECHNICIAN_ALREADY_EXISTS: 409,
  /** The technician still has orders to visit in his country: moving him to another would strand them. */
  TECHNICIAN_COUNTRY_HAS_ORDERS: 409,
});
