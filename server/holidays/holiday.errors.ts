import { defineErrorCodes } from '../common/errors/app-error.js';

/** Expected failures of the holiday calls. */
export const HolidayError = defineErrorCodes({
  HOLIDAY_EXISTS: 409,
  /** Active orders fall on the date; saved only when the caller says to save anyway. */
  HOLIDAY_HAS_ORDERS: 409,
});
