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
}

export interface AdminViewer {
  role: Role.ADMIN;
  adminId: number;
}

/** The authenticated caller of one request; null for anonymous callers. */
export type Viewer = ConsumerViewer | TechnicianViewer | AdminViewer;
