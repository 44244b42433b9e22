import { defineErrorCodes } from '../common/errors/app-error.js';

/** Expected failures of the holiday calls. */
export const HolidayError = defineErrorCodes({
  HOLIDAY_EXISTS: 409,
});
