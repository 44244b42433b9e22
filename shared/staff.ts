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
