import type { Country } from '../locale.js';
import type { ExternalHandling } from './tokens.js';
import { isOfficeRole, type OfficeRole, Role } from './role.js';

export interface ConsumerViewer {
  role: Role.CONSUMER;
  orderIds: readonly number[];
  external: ExternalHandling;
}

export interface TechnicianViewer {
  role: Role.TECHNICIAN;
  technicianId: number;
  /** The admin who opened the technician area as this technician, if any. */
  actingAdminId: number | null;
  /** The technician's country, read with the session: its zone makes "today" and the next working day. */
  country: Country;
  /** The session the token names (an acting admin's own); undefined for a token made before sessions were. */
  sessionId?: string;
}

/** An office account: its role is the account's own (read with the session), its token names only the account. */
export interface AdminViewer {
  role: OfficeRole;
  adminId: number;
  /** The session the token names; undefined for a token made before sessions were. */
  sessionId?: string;
}

/**
 * A technician's token whose signature, expiry and shape were verified but whose session was not checked yet: the
 * technician must still exist with this token version, and an acting admin be active with its own. A call that
 * checks both in its own statement (the legacy schedule) takes this instead of a `TechnicianViewer`.
 */
export interface TechnicianSession {
  technicianId: number;
  tokenVersion: number;
  actingAdmin: { id: number; tokenVersion: number } | null;
  /** The session the token names, if it names one: it must not have ended. */
  sessionId: string | null;
}

/** The authenticated caller of one request; null for anonymous callers. */
export type Viewer = ConsumerViewer | TechnicianViewer | AdminViewer;

/** The office account calling (any office role); undefined for anyone else. */
export function officeViewerOf(viewer: Viewer | null | undefined): AdminViewer | undefined {
  return viewer && isOfficeRole(viewer.role) ? (viewer as AdminViewer) : undefined;
}
