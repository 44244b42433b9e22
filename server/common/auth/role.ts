/** Who is calling: a consumer's or technician's token, or an office account's token and that account's role. */
export enum Role {
  CONSUMER = 'CONSUMER',
  TECHNICIAN = 'TECHNICIAN',
  ADMIN = 'ADMIN',
  DISPATCHER = 'DISPATCHER',
  VIEWER = 'VIEWER',
}

export const ROLE_DESCRIPTIONS: Record<Role, string> = {
  [Role.CONSUMER]: 'A customer who looked up a visit; may read only the matched orders.',
  [Role.TECHNICIAN]: 'A signed-in technician; may read and confirm only their own schedule.',
  [Role.ADMIN]: 'An active office account with every right: staff accounts, settings, imports and exports too.',
  [Role.DISPATCHER]:
    'An active office account that plans: orders, call list, board, rescheduling and reassigning; not staff accounts, settings, imports or exports.',
  [Role.VIEWER]: 'An active office account that only reads: the console, the board and the office figures.',
};

/** The roles of an office account (an `admins` row); its token names the account, the row names the role. */
export type OfficeRole = Role.ADMIN | Role.DISPATCHER | Role.VIEWER;

export const OFFICE_ROLES = [Role.ADMIN, Role.DISPATCHER, Role.VIEWER] as const satisfies readonly OfficeRole[];

/** Everything the office reads: every office role. */
export const OFFICE: [Role, ...Role[]] = [...OFFICE_ROLES];

/** Changing orders and their visits: the office roles that plan. */
export const PLANNING: [Role, ...Role[]] = [Role.ADMIN, Role.DISPATCHER];

/** Every staff member with a session: the office roles and technicians. */
export const STAFF: [Role, ...Role[]] = [...OFFICE_ROLES, Role.TECHNICIAN];

export function isOfficeRole(role: Role | undefined): role is OfficeRole {
  return role === Role.ADMIN || role === Role.DISPATCHER || role === Role.VIEWER;
}
