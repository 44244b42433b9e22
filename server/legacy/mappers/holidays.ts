import type { LegacyHolidaysQuery } from '../legacy-operations.generated.js';
import { field, legacyCountry, type LegacyRequest } from '../legacy-values.js';

/** The holiday list answers `{date, country}` per holiday. */
export const toLegacyHolidays = (holidays: LegacyHolidaysQuery['holidays']) =>
  holidays.map(({ date, country }) => ({ date, country }));

/**
 * The create form. Legacy callers cannot answer the holiday guard's question (orders on that date):
 * they save as before.
 */
export const createHolidayInput = (request: LegacyRequest) => ({
  country: legacyCountry(field(request, 'country')),
  date: field(request, 'date'),
  saveDespiteOrders: true,
});
