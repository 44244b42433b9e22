import { createHash, randomBytes } from 'node:crypto';

/** 32 random bytes, URL-safe: 43 characters. */
const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

/** A new reset token; only its hash is stored, so a database leak gives no working links. */
export function newResetToken(): { token: string; hash: string } {
  const token = randomBytes(32).toString('base64url');
  return { token, hash: hashResetToken(token) };
}

export function hashResetToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

export function looksLikeResetToken(token: string): boolean {
  return TOKEN_PATTERN.test(token);
}
