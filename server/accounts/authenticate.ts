import type { AppServices } from '../context.js';
import { applicationOfKey, looksLikeApplicationKey } from '../api-clients/index.js';
import { adminSessionHolds, technicianSessionHolds } from './repository/staff-session.repository.js';
import { Role } from '../common/auth/role.js';
import { bearerTokenOf, InvalidTokenError, type TokenService } from '../common/auth/tokens.js';
import type { TokenClaims } from '../common/auth/tokens.js';
import type { TechnicianSession, Viewer } from '../common/auth/viewer.js';
import { noteSessionSeen } from './session-seen.js';

/** The claims of a bearer token whose signature, expiry and shape hold; null for none or a bad one. */
function claimsOf(authorization: string | undefined, tokens: TokenService): TokenClaims | null {
  const token = bearerTokenOf(authorization);
  if (!token) return null;
  try {
    return tokens.verify(token);
  } catch (error) {
    if (error instanceof InvalidTokenError) return null;
    throw error;
  }
}

/**
 * A technician's token as a session still to be checked (see `TechnicianSession`): for a call whose statement
 * checks it with the same rule as `authenticate` (the technician's token version, the acting admin active with
 * its own). Undefined for any other token, which `authenticate` then takes.
 */
export function technicianSessionOf(
  authorization: string | undefined,
  tokens: TokenService,
): TechnicianSession | undefined {
  const claims = claimsOf(authorization, tokens);
  if (claims?.role !== Role.TECHNICIAN) return undefined;
  return {
    technicianId: Number(claims.sub),
    tokenVersion: claims.ver,
    actingAdmin: claims.act === undefined ? null : { id: claims.act, tokenVersion: claims.actVer ?? Number.NaN },
    sessionId: claims.sid ?? null,
  };
}

/**
 * Turns a bearer token into the caller. Staff tokens are checked against the database on every
 * request, so a deactivated admin, a deleted technician or a changed password ends the session at once.
 */
export async function authenticate(
  authorization: string | undefined,
  services: Pick<AppServices, 'tokens' | 'plainStatements' | 'clock' | 'logger'>,
): Promise<Viewer | null> {
  // An application's key (`tvk_…`) is no signed token: it is looked up by its hash.
  const bearer = bearerTokenOf(authorization);
  if (bearer !== undefined && looksLikeApplicationKey(bearer)) return applicationOfKey(bearer, services);
  const claims = claimsOf(authorization, services.tokens);
  if (!claims) return null;
  switch (claims.role) {
    case Role.CONSUMER:
      return { role: Role.CONSUMER, orderIds: claims.orders, external: claims.external };
    case Role.TECHNICIAN: {
      const technicianId = Number(claims.sub);
      // Acting as the technician: the admin's own session must still be valid too.
      const acting = claims.act === undefined ? null : { id: claims.act, tokenVersion: claims.actVer ?? Number.NaN };
      const session = await technicianSessionHolds(
        services,
        { id: technicianId, tokenVersion: claims.ver },
        acting,
        claims.sid ?? null,
      );
      if (!session) return null;
      if (claims.sid !== undefined) noteSessionSeen(services, claims.sid);
      return {
        role: Role.TECHNICIAN,
        technicianId,
        actingAdminId: claims.act ?? null,
        country: session.country,
        sessionId: claims.sid,
      };
    }
    case Role.ADMIN: {
      const adminId = Number(claims.sub);
      // The role is the account's, not the token's: a change holds from the next request.
      const role = await adminSessionHolds(services, { id: adminId, tokenVersion: claims.ver }, claims.sid ?? null);
      if (!role) return null;
      if (claims.sid !== undefined) noteSessionSeen(services, claims.sid);
      return { role, adminId, sessionId: claims.sid };
    }
  }
}
