import { LookUpVisitsLegacyFieldsResolver, ScheduleOrderLegacyFieldsResolver } from './legacy-fields.resolver.js';

export const legacyFieldResolvers = [LookUpVisitsLegacyFieldsResolver, ScheduleOrderLegacyFieldsResolver] as const;
