import type { EntityManager } from '@mikro-orm/postgresql';
import { Admin } from '../admins/admin.entity.js';
import { Role } from '../common/auth/role.js';
import { InvalidTokenError, type TokenService } from '../common/auth/tokens.js';
import type { TokenClaims } from '../common/auth/tokens.js';
import type { TechnicianSession, Viewer } from '../common/auth/viewer.js';
import { Technician } from '../technicians/technician.entity.js';

export function bearerTokenOf(authorization: string | undefined): string | undefined {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(authorization ?? '');
  return match?.[1];
}

async function isActiveAdmin(em: EntityManager, adminId: number, tokenVersion: number): Promise<boolean> {
  const admin = await em.findOne(Admin, { id: adminId });
  return admin !== null && !admin.inactive && admin.tokenVersion === tokenVersion;
}

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
  };
}

/**
 * Turns a bearer token into the caller. Staff tokens are checked against the database on every
 * request, so a deactivated admin, a deleted technician or a changed password ends the session at once.
 * The loaded row stays in the request's identity map, so resolvers reading it cost no second query.
 */
export async function authenticate(
  authorization: string | undefined,
  tokens: TokenService,
  /** The request's entity manager, asked for only when a staff token needs its row checked. */
  entityManager: () => EntityManager,
): Promise<Viewer | null> {
  const claims = claimsOf(authorization, tokens);
  if (!claims) return null;
  switch (claims.role) {
    case Role.CONSUMER:
      return { role: Role.CONSUMER, orderIds: claims.orders, external: claims.external };
    case Role.TECHNICIAN: {
      const em = entityManager();
      const technicianId = Number(claims.sub);
      const technician = await em.findOne(Technician, { id: technicianId });
      if (!technician || technician.tokenVersion !== claims.ver) return null;
      // Acting as the technician: the admin's own session must still be valid too.
      if (claims.act !== undefined && !(await isActiveAdmin(em, claims.act, claims.actVer ?? Number.NaN))) return null;
      return { role: Role.TECHNICIAN, technicianId, actingAdminId: claims.act ?? null };
    }
    case Role.ADMIN: {
      const adminId = Number(claims.sub);
      return (await isActiveAdmin(entityManager(), adminId, claims.ver)) ? { role: Role.ADMIN, adminId } : null;
    }
  }
}
