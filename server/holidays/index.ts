import { HolidayResolver } from './holiday.resolver.js';

export const holidayResolvers = [HolidayResolver] as const;
