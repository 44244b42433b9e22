import { toUnixSeconds } from '../common/legacy-values.js';

/** A visit as GET /api/appointment/ returns it (spec sections 3 and 7). */
export interface LegacyVisitSource {
  name: string;
  referenceNumber: string;
  zipcode: string;
  appointment: string;
}

export const VISIT_LEGACY_FIELDS = 'name referenceNumber zipcode appointment';

/** `appointment` is a Unix timestamp in seconds, as in the legacy admin order view. */
export function toLegacyVisit(visit: LegacyVisitSource) {
  return {
    name: visit.name,
    reference_number: visit.referenceNumber,
    zipcode: visit.zipcode,
    appointment: toUnixSeconds(visit.appointment),
  };
}
