import { createHash, randomBytes } from 'node:crypto';

/** Ten codes, each for one sign-in. */
export const RECOVERY_CODE_COUNT = 10;
/** Crockford's base32 (no i, l, o or u): 16 of its characters carry 80 random bits. */
const ALPHABET = '0123456789abcdefghjkmnpqrstvwxyz';
const LENGTH = 16;

/** A new code, in groups of four for reading aloud and typing: `k7pq-3mzd-…`. */
export function newRecoveryCode(): string {
  const bytes = randomBytes(LENGTH);
  const characters = [...bytes].map((byte) => ALPHABET[byte % 32]);
  return characters.join('').replace(/(.{4})(?!$)/g, '$1-');
}

/**
 * What was typed, as the code: case, spaces and hyphens do not matter, and o, i and l are read as 0, 1 and 1 (as
 * Crockford's base32 does). Null when it cannot be a code.
 */
export function normalizeRecoveryCode(typed: string): string | null {
  if (typed.length > 64) return null;
  const code = typed.toLowerCase().replace(/[\s-]/g, '').replace(/o/g, '0').replace(/[il]/g, '1');
  return code.length === LENGTH && [...code].every((character) => ALPHABET.includes(character)) ? code : null;
}

export function recoveryCodeHash(normalized: string): string {
  return createHash('sha256').update(normalized).digest('hex');
}
