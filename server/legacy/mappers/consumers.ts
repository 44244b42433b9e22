import type { LegacyClientLookupMutation, LegacyVisitFragment } from '../legacy-operations.generated.js';
import { field, legacyCountry, toLegacySign, toUnixSeconds, type LegacyRequest } from '../legacy-values.js';
import { TIME_ZONE } from '../../common/locale.js';
import { localDayRange } from '../../../shared/zoned-time.js';
import type { AppContext } from '../../context.js';
import { lookUpVisitsDirectly } from '../../consumers/lookup.js';

/** The lookup form: postcode and house number (NL) or phone number (BE), and the country. */
export const lookUpVisitsInput = (request: LegacyRequest) => ({
  country: legacyCountry(field(request, 'country')),
  zipcode: field(request, 'zipcode'),
  houseNumber: field(request, 'houseNumber'),
  phoneNumber: field(request, 'phoneNumber'),
});

/**
 * The legacy lookup's operation run directly on the service, for variables GraphQL has coerced: the lookup is
 * the busiest call of the evening, and the GraphQL pipeline around one public field was a large share of its CPU.
 */
export async function legacyLookUpDirectly(
  context: AppContext,
  variables: Record<string, unknown>,
): Promise<LegacyClientLookupMutation> {
  const { dataToken, windowAvailable } = await lookUpVisitsDirectly(context, variables);
  return { lookUpVisits: { dataToken, windowAvailable } };
}

/** The lookup's answer as the legacy page reads it: `sign` 0 when the window can be shown, 1 while prepared. */
export const toLegacyLookup = ({ dataToken, windowAvailable }: LegacyClientLookupMutation['lookUpVisits']) => ({
  dataToken,
  sign: toLegacySign(windowAvailable),
});

/** A visit as GET /api/appointment/ reads it. */
export const LEGACY_VISIT = /* GraphQL */ `
  fragment LegacyVisit on ConsumerVisit {
    name
    referenceNumber
    zipcode
    country
    date
    appointment
  }
`;

/**
 * `appointment` is a Unix timestamp in seconds, as in the legacy admin order view. Until the window may
 * be shown (`sign` 1) it is the start of the visit's day in its country: the legacy page shows the day
 * and "being prepared", and the time is not given out before then.
 */
export function toLegacyVisit(visit: LegacyVisitFragment) {
  const start = visit.appointment ?? localDayRange(visit.date, TIME_ZONE[visit.country]).start.toISOString();
  return {
    name: visit.name,
    reference_number: visit.referenceNumber,
    zipcode: visit.zipcode,
    appointment: toUnixSeconds(start),
  };
}
