import type { Country } from '../locale.js';
import { AppError } from '../errors/app-error.js';
import { CommonError } from '../errors/common.errors.js';
import type { ExternalHandling } from './tokens.js';
import { isOfficeRole, type OfficeRole, Role } from './role.js';
import type { ApiScope } from './scope.js';

export interface ConsumerViewer {
  role: Role.CONSUMER;
  orderIds: readonly number[];
  external: ExternalHandling;
  application?: undefined;
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
  application?: undefined;
}

/** An office account: its role is the account's own (read with the session), its token names only the account. */
export interface AdminViewer {
  role: OfficeRole;
  adminId: number;
  /** The session the token names; undefined for a token made before sessions were. */
  sessionId?: string;
  application?: undefined;
}

/** An integrator's application, by its key: the admin's role rules, narrowed by its scopes and countries. */
export interface ApplicationCaller {
  id: number;
  name: string;
  scopes: ReadonlySet<ApiScope>;
  countries: readonly Country[];
  /** Its budgets per minute: requests, and the summed GraphQL cost of their operations. */
  requestBudget: number;
  costBudget: number;
}

/**
 * An application calling with its key (`Authorization: Bearer tvk_…`). It takes the admin's role rules, but every
 * field needs a scope of its own too (`@scope`); it is no staff member (`adminId` null), and its changes are
 * recorded as the application's.
 */
export interface ApplicationViewer {
  role: Role.ADMIN;
  adminId: null;
  application: ApplicationCaller;
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
export type Viewer = ConsumerViewer | TechnicianViewer | AdminViewer | ApplicationViewer;

/** The office account calling (any office role); undefined for anyone else, an application's key included. */
export function officeViewerOf(viewer: Viewer | null | undefined): AdminViewer | undefined {
  return viewer && isOfficeRole(viewer.role) && !viewer.application ? (viewer as AdminViewer) : undefined;
}

/**
 * The countries whose orders, visits and figures the caller may read: an application's key reads only the countries
 * it was given; undefined (every country) for anyone else, whose role rules say the rest.
 */
export function readableCountries(viewer: Viewer | null | undefined): readonly Country[] | undefined {
  return viewer?.application?.countries;
}

/** Whether the caller may read the orders, visits and figures of this country (see readableCountries). */
export function mayReadCountry(viewer: Viewer | null | undefined, country: Country): boolean {
  const countries = readableCountries(viewer);
  return !countries || countries.includes(country);
}

/**
 * The country a read asked for, checked against the caller's: a country it may not read is refused (FORBIDDEN, as a
 * missing scope is); none asked for is the caller's only country when it has one, else null (every country).
 */
export function readableCountryOf(
  viewer: Viewer | null | undefined,
  asked: Country | null | undefined,
): Country | null {
  const countries = readableCountries(viewer);
  if (asked) {
    if (countries && !countries.includes(asked)) {
      throw new AppError(CommonError.FORBIDDEN, {
        message: 'API_CLIENT_COUNTRY_NOT_READABLE',
        params: { country: asked },
      });
    }
    return asked;
  }
  return countries?.length === 1 ? countries[0] : null;
}
