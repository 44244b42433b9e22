import type { LegacyAdminFragment } from '../legacy-operations.generated.js';
import { field, fromLegacyFlag, toLegacyFlag, type LegacyRequest } from '../legacy-values.js';

/** An admin as the legacy REST calls read it. */
export const LEGACY_ADMIN = /* GraphQL */ `
  fragment LegacyAdmin on Admin {
    id
    firstname
    lastname
    email
    inactive
  }
`;

/** An admin as the legacy calls answer it: inactive as 0 or 1. */
export function toLegacyAdmin(admin: LegacyAdminFragment) {
  return {
    id: admin.id,
    firstname: admin.firstname,
    lastname: admin.lastname,
    email: admin.email,
    inactive: toLegacyFlag(admin.inactive),
  };
}

/** The admin form (create and edit): inactive as '0' or '1'. */
export const legacyAdminInput = (request: LegacyRequest) => ({
  firstname: field(request, 'firstname'),
  lastname: field(request, 'lastname'),
  email: field(request, 'email'),
  inactive: fromLegacyFlag(request.body.inactive),
});
