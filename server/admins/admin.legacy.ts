import { toLegacyFlag } from '../common/legacy-values.js';

/** An admin as the legacy REST calls return it (spec section 3): inactive as 0 or 1. */
export interface LegacyAdminSource {
  id: number;
  firstname: string;
  lastname: string;
  email: string;
  inactive: boolean;
}

export const ADMIN_LEGACY_FIELDS = 'id firstname lastname email inactive';

export function toLegacyAdmin(admin: LegacyAdminSource) {
  return {
    id: admin.id,
    firstname: admin.firstname,
    lastname: admin.lastname,
    email: admin.email,
    inactive: toLegacyFlag(admin.inactive),
  };
}
