import {
  LookUpVisitsLegacyFieldsResolver,
  OrderLegacyFieldsResolver,
  ScheduleOrderLegacyFieldsResolver,
} from './legacy-fields.resolver.js';

export const legacyFieldResolvers = [
  LookUpVisitsLegacyFieldsResolver,
  OrderLegacyFieldsResolver,
  ScheduleOrderLegacyFieldsResolver,
] as const;
