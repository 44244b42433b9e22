import type { EntityManager } from '@mikro-orm/postgresql';
import { announceChange } from '../events/change-notices.js';
import { Role } from './role.js';
import { bearerTokenOf, InvalidTokenError, type TokenService } from './tokens.js';

/**
 * Announced (after commit, to every instance) when staff sessions ended before their tokens expire: an admin
 * deactivated or deleted, a technician deleted, a password set anew. `/graphql` refuses such a token at its next
 * request (authentication reads the account every time); a stream opened before has no next request, so each
 * instance ends the streams of these accounts when it hears this (common/http/graphql-stream.ts).
 */
export const STAFF_SESSIONS_ENDED_TOPIC = 'staff-sessions-ended';

export type StaffAccountKind = 'admin' | 'technician';

/** How a staff account is named among the accounts a session depends on. */
export const staffAccountName = (kind: StaffAccountKind, id: number): string => `${kind}:${id}`;

/** Announces, in the transaction that ends them (pass its `em`), that these accounts' sessions ended. */
export async function announceSessionsEnded(
  em: EntityManager,
  kind: StaffAccountKind,
  ids: readonly number[],
): Promise<void> {
  if (ids.length === 0) return;
  await announceChange(em, { topic: STAFF_SESSIONS_ENDED_TOPIC, ids, detail: { account: kind } });
}

/** What a long-lived stream must know of its caller's session: who holds it, what ends it, and when. */
export interface TokenSession {
  /**
   * Whose streams count together: one consumer grant (each lookup and each personal link opened makes its own,
   * so a stranger who finds the same visits holds another), a technician, an admin.
   */
  holder: string;
  /** The orders a consumer's token names: every holder's streams of an order count together too. */
  orderIds: readonly number[];
  /** The staff accounts whose sessions ending ends this one: the account itself, and an acting admin. */
  accounts: readonly string[];
  /** When the token expires (milliseconds since the epoch, on the server's clock). */
  expiresAtMs: number;
}

/** The session of a bearer token whose signature, expiry and shape hold; null for none or a bad one. */
export function tokenSessionOf(authorization: string | undefined, tokens: TokenService): TokenSession | null {
  const token = bearerTokenOf(authorization);
  if (!token) return null;
  let claims;
  try {
    claims = tokens.verify(token);
  } catch (error) {
    if (error instanceof InvalidTokenError) return null;
    throw error;
  }
  const expiresAtMs = claims.exp * 1000;
  switch (claims.role) {
    case Role.CONSUMER:
      return {
        // A token made before grants were (it lives two hours at most) is a holder of its own, by its signature.
        holder: `consumer:${claims.jti ?? `token:${token.slice(token.lastIndexOf('.') + 1)}`}`,
        orderIds: claims.orders,
        accounts: [],
        expiresAtMs,
      };
    case Role.TECHNICIAN: {
      const accounts = [staffAccountName('technician', Number(claims.sub))];
      if (claims.act !== undefined) accounts.push(staffAccountName('admin', claims.act));
      return { holder: `technician:${claims.sub}`, orderIds: [], accounts, expiresAtMs };
    }
    case Role.ADMIN:
      return {
        holder: `admin:${claims.sub}`,
        orderIds: [],
        accounts: [staffAccountName('admin', Number(claims.sub))],
        expiresAtMs,
      };
  }
}
