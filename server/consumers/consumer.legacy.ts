import type { LegacyVisitFragment } from '../common/legacy-operations.generated.js';
import { field, legacyCountry, toUnixSeconds, type LegacyRequest } from '../common/legacy-values.js';

/** The lookup form: postcode and house number (NL) or phone number (BE), and the country. */
export const lookUpVisitsInput = (request: LegacyRequest) => ({
  country: legacyCountry(field(request, 'country')),
  zipcode: field(request, 'zipcode'),
  houseNumber: field(request, 'houseNumber'),
  phoneNumber: field(request, 'phoneNumber'),
});

/** A visit as GET /api/appointment/ reads it. */
export const LEGACY_VISIT = /* GraphQL */ `
  fragment LegacyVisit on ConsumerVisit {
    name
    referenceNumber
    zipcode
    appointment
  }
`;

/** `appointment` is a Unix timestamp in seconds, as in the legacy admin order view. */
export function toLegacyVisit(visit: LegacyVisitFragment) {
  return {
    name: visit.name,
    reference_number: visit.referenceNumber,
    zipcode: visit.zipcode,
    appointment: toUnixSeconds(visit.appointment),
  };
}
