import { createHmac, createSecretKey, type KeyObject } from 'node:crypto';
import jwt from 'jsonwebtoken';
import type { Clock } from '../../common/clock.js';
import type { SessionOwner } from '../staff-session.service.js';

/**
 * The "second factor pending" step of a sign-in: proof that the password was right, good for nothing but the second
 * step. Signed with a key of its own (derived from JWT_SECRET for this one purpose), so no bearer-token check can
 * ever accept it; the algorithm is pinned and it expires after a few minutes.
 */
const ALGORITHM = 'HS256';
const ISSUER = 'tijdvak';
const AUDIENCE = 'second-factor';
/** Long enough to open the authenticator app (or find a recovery code), short enough to be of little use stolen. */
export const CHALLENGE_LIFETIME_SECONDS = 5 * 60;

export interface ChallengeClaims {
  owner: SessionOwner;
  /** The account's token version at the password step: a password change meanwhile ends the challenge. */
  tokenVersion: number;
  /** The account has no second factor but must have one: the challenge opens its set-up, then the sign-in. */
  setup: boolean;
}

const keys = new Map<string, KeyObject>();

function keyOf(secret: string): KeyObject {
  let key = keys.get(secret);
  if (!key) {
    key = createSecretKey(createHmac('sha256', secret).update('tijdvak second-factor challenge').digest());
    keys.set(secret, key);
  }
  return key;
}

export function signChallenge(secret: string, clock: Clock, claims: ChallengeClaims): string {
  const iat = clock.nowSeconds();
  return jwt.sign(
    {
      sub: `${claims.owner.kind}:${claims.owner.id}`,
      ver: claims.tokenVersion,
      setup: claims.setup,
      iat,
      exp: iat + CHALLENGE_LIFETIME_SECONDS,
    },
    keyOf(secret),
    { algorithm: ALGORITHM, issuer: ISSUER, audience: AUDIENCE },
  );
}

/** The claims of a valid, unexpired challenge; null for anything else. */
export function readChallenge(secret: string, clock: Clock, token: string): ChallengeClaims | null {
  try {
    const payload = jwt.verify(token, keyOf(secret), {
      algorithms: [ALGORITHM],
      issuer: ISSUER,
      audience: AUDIENCE,
      clockTimestamp: clock.nowSeconds(),
    });
    if (typeof payload === 'string' || typeof payload.exp !== 'number') return null;
    const match = /^(admin|technician):(\d{1,10})$/.exec(String(payload.sub));
    const { ver, setup } = payload as { ver?: unknown; setup?: unknown };
    if (!match || !Number.isInteger(ver) || typeof setup !== 'boolean') return null;
    return {
      owner: { kind: match[1] as 'admin' | 'technician', id: Number(match[2]) },
      tokenVersion: ver as number,
      setup,
    };
  } catch {
    return null;
  }
}
