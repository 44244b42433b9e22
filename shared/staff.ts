/**
 * Rules for the accounts of technicians and admins, on the server and on their screens (docs/rules.md,
 * Staff accounts). No imports.
 */

/** First and last names of staff. */
export const PERSON_NAME_MAX_LENGTH = 100;

/** A technician's personal number (the N-number): letters and digits, `.`, `_` and `-` inside. */
export const PERSONAL_NUMBER_PATTERN = /^[\p{L}\p{N}][\p{L}\p{N}._-]*$/u;
export const PERSONAL_NUMBER_MAX_LENGTH = 32;

/** Shortest passwords: technicians type theirs on a phone in the van; admins reach everything. */
export const PASSWORD_MIN_LENGTH = { technician: 6, admin: 10 } as const;
/** Longest password hashed: far beyond any pass phrase, short enough that hashing stays cheap. */
export const PASSWORD_MAX_LENGTH = 256;

/** A person's name as every screen, text and audit record writes it: first name, last name. */
export function fullName(person: { firstname: string; lastname: string }): string {
  return `${person.firstname} ${person.lastname}`.trim();
}

/** The roles of an office account, as the schema names them (`OfficeRole`). */
export type OfficeRoleName = 'ADMIN' | 'DISPATCHER' | 'VIEWER';

/**
 * What an office screen or button needs: `read` (every office role), `plan` (orders, call list, reassigning:
 * admins and dispatchers) or `manage` (staff accounts, settings, imports, exports, statistics: admins). The server's
 * rule is each operation's `@auth` in the schema; the console hides what the role may not do with this.
 */
export type OfficeRight = 'read' | 'plan' | 'manage';

const RIGHTS_OF: Record<OfficeRoleName, readonly OfficeRight[]> = {
  ADMIN: ['read', 'plan', 'manage'],
  DISPATCHER: ['read', 'plan'],
  VIEWER: ['read'],
};

/** Whether an office role has a right; an unknown role (still loading) has none but `read`. */
export function officeMay(role: OfficeRoleName | undefined, right: OfficeRight): boolean {
  return role === undefined ? right === 'read' : RIGHTS_OF[role].includes(right);
}
