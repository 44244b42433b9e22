/** A visit as GET /api/appointment/ returns it (docs/rules.md, Legacy REST calls). */
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
    appointment: Math.floor(Date.parse(visit.appointment) / 1000),
  };
}
