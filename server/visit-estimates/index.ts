/**
 * The narrow expected time's front door: other folders import from here, never from a file inside visit-estimates/.
 * The one rule of a visit's place in its technician's day and of its narrow time (estimate-rules.ts), read for one
 * order or for a country's whole day in one statement each.
 */
import { VisitDayPlaceResolver } from './visit-estimate.resolver.js';

export const visitEstimateResolvers = [VisitDayPlaceResolver] as const;

// For other domains: one order's narrow time and place in its day, every visit of a country's today, and whether a
// visit runs late (the notice and the board's mark).
export { estimateOfOrder, estimatesOfToday, runsLate } from './visit-estimate.service.js';
