/**
 * The narrow expected time's front door: other folders import from here, never from a file inside visit-estimates/.
 * The one rule of a visit's place in its technician's day and of its narrow time (estimate-rules.ts), read for one
 * order or for a country's whole day in one statement each.
 */
import { VisitDayPlaceResolver } from './visit-estimate.resolver.js';

export const visitEstimateResolvers = [VisitDayPlaceResolver] as const;

export {
  estimateOfOrder,
  estimatesOfToday,
  dayPlaceOf,
  runsLate,
  type OrderDayEstimate,
} from './visit-estimate.service.js';
export { VisitDayMoment, VisitDayPlace } from './visit-estimate.types.js';
