import { createHmac, createSecretKey, randomBytes, type KeyObject } from 'node:crypto';
import jwt, { type JwtPayload } from 'jsonwebtoken';
import type { Clock } from '../clock.js';
import { Role } from './role.js';

/** One algorithm, pinned on both sides: a token naming another (or `none`) is refused. */
const ALGORITHM = 'HS256';
const ISSUER = 'tijdvak';
/** A secret tokens are signed or verified with, and the id its tokens name in their `kid` header. */
interface SigningKey {
  id: string;
  key: KeyObject;
  /** The JOSE header jsonwebtoken writes for HS256 with this key id, encoded once. */
  encodedHeader: string;
}

/**
 * The key id is derived from the secret (a keyed hash, which tells nothing of the secret): moving the current secret
 * to JWT_PREVIOUS_SECRETS keeps its id, so nothing else needs naming.
 */
function signingKey(secret: string): SigningKey {
  const id = createHmac('sha256', secret).update('tijdvak token key id').digest('base64url').slice(0, 16);
  return {
    id,
    key: createSecretKey(Buffer.from(secret, 'utf8')),
    encodedHeader: Buffer.from(JSON.stringify({ alg: ALGORITHM, typ: 'JWT', kid: id })).toString('base64url'),
  };
}

/** The `kid` of a token's header: undefined when it names none, null when the header cannot be read. */
function keyIdOf(token: string): string | undefined | null {
  try {
    const header: unknown = JSON.parse(Buffer.from(token.slice(0, token.indexOf('.')), 'base64url').toString());
    if (typeof header !== 'object' || header === null) return null;
    const { kid } = header as { kid?: unknown };
    if (kid === undefined) return undefined;
    return typeof kid === 'string' ? kid : null;
  } catch {
    return null;
  }
}

export interface ExternalHandling {
  /** True when an external company handles the visit. */
  state: boolean;
  /** Which external company (0 or 1); 0 when not external. */
  company: number;
}

/** The token's `external` claim for a visit: an external company (0 or 1) makes it, or we do. */
export function externalHandlingOf(order: { externalCompany: number | null } | undefined): ExternalHandling {
  return order && order.externalCompany !== null
    ? { state: true, company: order.externalCompany }
    : { state: false, company: 0 };
}

export interface ConsumerClaims {
  role: Role.CONSUMER;
  /** The orders this token may read: those found by the address lookup. */
  orders: number[];
  external: ExternalHandling;
  /**
   * The grant: one per lookup or personal-link opening, so that whoever found the same visits by the same address
   * holds a grant of their own (the live streams are counted per grant). Absent from tokens made before it was.
   */
  jti?: string;
}

export interface TechnicianClaims {
  role: Role.TECHNICIAN;
  sub: string;
  /** URL-encoded, as the legacy client decodes it. */
  firstname: string;
  ver: number;
  /** Set when an admin opened the technician area as this technician. */
  act?: number;
  /**
   * That admin's token version when it did: the acting session ends with the admin's own sessions
   * (password reset, deactivation), not only with the technician's.
   */
  actVer?: number;
  /**
   * The session (a `staff_sessions` row): the technician's own, or the acting admin's. Absent from tokens made before
   * sessions were; such a token holds until it expires, unlisted (docs/decisions/security.md, Staff accounts).
   */
  sid?: string;
}

/** An office account's token, whatever its role: the role is the account's, read at every request. */
export interface AdminClaims {
  role: Role.ADMIN;
  sub: string;
  ver: number;
  /** The session, as in `TechnicianClaims.sid`. */
  sid?: string;
}

export type TokenClaims = ConsumerClaims | TechnicianClaims | AdminClaims;

/** Claims of a verified token, with its expiry (seconds since the epoch). */
export type VerifiedClaims = TokenClaims & { readonly exp: number };

/** The token of an `Authorization: Bearer ...` header; undefined for anything else. */
export function bearerTokenOf(authorization: string | undefined): string | undefined {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(authorization ?? '');
  return match?.[1];
}

export class InvalidTokenError extends Error {
  constructor(readonly reason: 'EXPIRED' | 'INVALID') {
    super(`Token ${reason.toLowerCase()}`);
  }
}

export interface TokenLifetimes {
  consumer: number;
  technician: number;
  admin: number;
}

function hasValidShape(payload: JwtPayload): payload is JwtPayload & TokenClaims {
  switch (payload.role) {
    case Role.CONSUMER:
      return (
        Array.isArray(payload.orders) &&
        payload.orders.every((id: unknown) => Number.isInteger(id)) &&
        typeof payload.external === 'object' &&
        payload.external !== null &&
        (payload.jti === undefined || typeof payload.jti === 'string')
      );
    case Role.TECHNICIAN:
      return (
        (payload.sid === undefined || typeof payload.sid === 'string') &&
        typeof payload.sub === 'string' &&
        Number.isInteger(payload.ver) &&
        typeof payload.firstname === 'string' &&
        // acting as the technician: both the admin and its token version, or neither
        (payload.act === undefined
          ? payload.actVer === undefined
          : Number.isInteger(payload.act) && Number.isInteger(payload.actVer))
      );
    case Role.ADMIN:
      return (
        typeof payload.sub === 'string' &&
        Number.isInteger(payload.ver) &&
        (payload.sid === undefined || typeof payload.sid === 'string')
      );
    default:
      return false;
  }
}

/** Verified tokens remembered: a technician or a consumer sends the same token with every request. */
const VERIFIED_TOKENS = 1000;
/** Random bytes of a consumer's grant id: never guessed, never repeated. */
const GRANT_BYTES = 12;

/** Signs and verifies the bearer tokens of all three roles, reading time from the server clock. */
export class TokenService {
  /**
   * Tokens whose signature, issuer and shape were checked, with their claims: checking the HMAC was
   * 5-8 % of an authenticated request's CPU. Only expiry depends on the time; it is checked on every use.
   */
  private readonly verified = new Map<string, { claims: VerifiedClaims; exp: number }>();

  /**
   * The secrets as key objects, made once: given a string, jsonwebtoken first tries to read it as a public key on
   * every call (and fails), a large share of each authenticated request's CPU. New tokens are signed with the
   * current one; a token of a previous one stays valid until it expires, so rotating the secret signs nobody out.
   */
  private readonly current: SigningKey;
  private readonly byId: Map<string, SigningKey>;

  constructor(
    secret: string,
    private readonly clock: Clock,
    private readonly lifetimes: TokenLifetimes,
    previousSecrets: readonly string[] = [],
  ) {
    this.current = signingKey(secret);
    this.byId = new Map([this.current, ...previousSecrets.map(signingKey)].map((key) => [key.id, key]));
  }

  /**
   * The token jsonwebtoken's `sign` would make with `keyid`, byte for byte (its header, its claim order: the claims, `iat`,
   * `exp`, `iss`), signed with node's HMAC directly: jsonwebtoken's checks of its options and key around the same
   * HMAC were about 5 % of a lookup's CPU. Verifying stays with jsonwebtoken (the algorithm pinned, expiry and
   * issuer required), so every verifier of these tokens accepts them as before.
   */
  private sign(claims: TokenClaims, lifetimeSeconds: number): string {
    const iat = this.clock.nowSeconds();
    const payload = { ...claims, iat, exp: iat + lifetimeSeconds, iss: ISSUER };
    const signed = `${this.current.encodedHeader}.${Buffer.from(JSON.stringify(payload)).toString('base64url')}`;
    return `${signed}.${createHmac('sha256', this.current.key).update(signed).digest('base64url')}`;
  }

  /** A new grant each time (a lookup, a personal link opened), even for the same visits in the same second. */
  signConsumer(orderIds: number[], external: ExternalHandling): string {
    const jti = randomBytes(GRANT_BYTES).toString('base64url');
    return this.sign({ role: Role.CONSUMER, orders: orderIds, external, jti }, this.lifetimes.consumer);
  }

  /** `sessionId`: the technician's session, or the acting admin's; omitted only by tests arranging a caller. */
  signTechnician(
    technician: { id: number; firstname: string; tokenVersion: number },
    actingAdmin?: { id: number; tokenVersion: number },
    sessionId?: string,
  ): string {
    const claims: TechnicianClaims = {
      role: Role.TECHNICIAN,
      sub: String(technician.id),
      firstname: encodeURIComponent(technician.firstname),
      ver: technician.tokenVersion,
    };
    if (actingAdmin) {
      claims.act = actingAdmin.id;
      claims.actVer = actingAdmin.tokenVersion;
    }
    if (sessionId !== undefined) claims.sid = sessionId;
    return this.sign(claims, this.lifetimes.technician);
  }

  signAdmin(admin: { id: number; tokenVersion: number }, sessionId?: string): string {
    const claims: AdminClaims = { role: Role.ADMIN, sub: String(admin.id), ver: admin.tokenVersion };
    if (sessionId !== undefined) claims.sid = sessionId;
    return this.sign(claims, this.lifetimes.admin);
  }

  /** How long a new token of a staff account lives, in seconds: its session row expires with it. */
  staffLifetimeSeconds(kind: 'admin' | 'technician'): number {
    return this.lifetimes[kind];
  }

  verify(token: string): VerifiedClaims {
    const known = this.verified.get(token);
    if (known) {
      // jsonwebtoken's rule: expired from the second `exp` on.
      if (this.clock.nowSeconds() >= known.exp) throw new InvalidTokenError('EXPIRED');
      return known.claims;
    }
    const keyId = keyIdOf(token);
    // A token without a key id was signed before tokens named theirs: only the current secret may have made it.
    const key = keyId === undefined ? this.current : keyId === null ? undefined : this.byId.get(keyId);
    if (!key) throw new InvalidTokenError('INVALID');
    let payload: string | JwtPayload;
    try {
      payload = jwt.verify(token, key.key, {
        algorithms: [ALGORITHM],
        issuer: ISSUER,
        clockTimestamp: this.clock.nowSeconds(),
      });
    } catch (error) {
      throw new InvalidTokenError(error instanceof jwt.TokenExpiredError ? 'EXPIRED' : 'INVALID');
    }
    // jsonwebtoken checks `exp` only when present: a token without one would never expire.
    if (typeof payload === 'string' || typeof payload.exp !== 'number' || !hasValidShape(payload)) {
      throw new InvalidTokenError('INVALID');
    }
    const claims: VerifiedClaims = Object.freeze({ ...payload, exp: payload.exp });
    if (this.verified.size >= VERIFIED_TOKENS) this.verified.delete(this.verified.keys().next().value!);
    this.verified.set(token, { claims, exp: payload.exp });
    return claims;
  }
}
