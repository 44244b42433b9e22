import { createHash, randomBytes } from 'node:crypto';

/** A key as it is handed out once: `tvk_<prefix>_<secret>`, 8 hex characters and 32 random bytes (base64url). */
export interface IssuedKey {
  key: string;
  prefix: string;
  hash: string;
}

const KEY_FORM = /^tvk_([0-9a-f]{8})_[A-Za-z0-9_-]{43}$/;

/**
 * The stored form of a key: its SHA-256. The key holds 256 random bits, so a fast hash cannot be reversed by
 * guessing, and it is computed on every call (argon2 per request would cost tens of milliseconds each).
 */
export const hashOfKey = (key: string): string => createHash('sha256').update(key).digest('hex');

export function issueKey(): IssuedKey {
  const prefix = randomBytes(4).toString('hex');
  const key = `tvk_${prefix}_${randomBytes(32).toString('base64url')}`;
  return { key, prefix, hash: hashOfKey(key) };
}

/** Whether a bearer token has the form of an application key (then no other kind of token is tried). */
export const looksLikeApplicationKey = (token: string): boolean => token.startsWith('tvk_');

/** The prefix of a well-formed key; undefined for anything else. */
export const prefixOfKey = (token: string): string | undefined => KEY_FORM.exec(token)?.[1];
