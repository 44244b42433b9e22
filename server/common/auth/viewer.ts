import type { Country } from '../locale.js';
import type { ExternalHandling } from './tokens.js';
import { Role } from './role.js';

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
}

export interface AdminViewer {
  role: Role.ADMIN;
  adminId: number;
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
}

/** The authenticated caller of one request; null for anonymous callers. */
export type Viewer = ConsumerViewer | TechnicianViewer | AdminViewer;
