import { HolidayResolver } from './holiday.resolver.js';

export const holidayResolvers = [HolidayResolver] as const;

// The working days other domains count with.
export { nextWorkingDay } from './working-days.js';
