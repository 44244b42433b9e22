/** An admin as the legacy REST calls return it (docs/rules.md, Legacy REST calls): inactive as 0 or 1. */
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
    inactive: admin.inactive ? 1 : 0,
  };
}

/** The legacy form sends inactive as '0' or '1'; anything else goes through and is refused by GraphQL. */
export function fromLegacyFlag(value: unknown): unknown {
  const text = typeof value === 'string' ? value.trim().toLowerCase() : value;
  if (text === '1' || text === 'true' || text === 1 || text === true) return true;
  if (text === '0' || text === 'false' || text === 0 || text === false || text === '' || text === undefined)
    return false;
  return value;
}
