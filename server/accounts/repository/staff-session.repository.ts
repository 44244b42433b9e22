import type { OfficeRole } from '../../common/auth/role.js';
import type { Country } from '../../common/locale.js';
import type { StatementSample } from '../../common/db/plain-statements.js';
import type { AppServices } from '../../context.js';

/** An account's id and the token version a token carries for it. */
export interface AccountVersion {
  id: number;
  tokenVersion: number;
}

const isInt4 = (value: number) => Number.isInteger(value) && value >= 0 && value <= 2_147_483_647;

/*
 * The rule of a staff session, its one home: the technician has the token's version, an admin (signed in, or
 * acting as the technician) is active with its own, and the session the token names was not ended (its row exists,
 * of that admin or technician). The technician's schedule checks a session in its own statement
 * with the same SQL (`technicianSessionHoldsSql`, planner/repository/schedule.repository.ts); the parameters come
 * from `staffSessionParams`, in this order.
 */

/** The technician row `t` has the token's version; a null version passes (a caller checked it already). */
const technicianVersionHoldsSql = (t: string): string => `(?::int is null or ${t}.token_version = ?::int)`;

/** The admin is active with the token's version, or there is no admin. */
const ADMIN_HOLDS_SQL = `(?::int is null or exists (
    select 1 from admins a where a.id = ?::int and not a.inactive and a.token_version = ?::int))`;

/**
 * The session row the token names exists, of the admin or of the technician; a token without one passes (made
 * before sessions were, it lives out its lifetime). One lookup by primary key, in the statement that checks the
 * account anyway: cheaper than any cache, and a sign-out holds on every instance at the next request.
 */
const SESSION_ROW_HOLDS_SQL = `(?::text is null or exists (
    select 1 from staff_sessions s where s.id = ?::text and (s.admin_id = ?::int or s.technician_id = ?::int)))`;

/**
 * The condition that a technician's session holds, for a statement of another domain that checks the session in the
 * same round trip: the technician row `t` has the token's version (a null version passes: a caller checked it
 * already), the acting admin, if any, is active with its own, and the session was not ended. Its parameters:
 * `staffSessionParams`.
 */
export const technicianSessionHoldsSql = (t: string): string =>
  `${technicianVersionHoldsSql(t)} and ${ADMIN_HOLDS_SQL} and ${SESSION_ROW_HOLDS_SQL}`;

/** The session a token names: its id, and the technician it belongs to when no admin does. */
export interface SessionRef {
  id: string | null;
  technicianId: number | null;
}

const NO_SESSION: SessionRef = { id: null, technicianId: null };

/**
 * The parameters of `technicianVersionHoldsSql`, `ADMIN_HOLDS_SQL` then `SESSION_ROW_HOLDS_SQL` (so of
 * `technicianSessionHoldsSql` too). A session belongs to the admin when there is one (acting), else the technician.
 */
export function staffSessionParams(
  technicianVersion: number | null,
  admin: AccountVersion | null,
  session: SessionRef = NO_SESSION,
): (number | string | null)[] {
  return [
    technicianVersion,
    technicianVersion,
    admin?.id ?? null,
    admin?.id ?? null,
    admin?.tokenVersion ?? null,
    session.id,
    session.id,
    admin?.id ?? null,
    admin ? null : session.technicianId,
  ];
}

/**
 * Whether a staff session still holds, in one statement on the pool. No entity is loaded: this runs before every
 * staff request, and the ORM's query building and hydration were most of its cost. A technician's country comes
 * with it: the visit day and the schedule need its zone.
 */
const SESSION_SQL = `
  select (select t.country from technicians t where t.id = ?::int and ${technicianVersionHoldsSql('t')})
           as technician_country,
         ${ADMIN_HOLDS_SQL} as admin_holds,
         ${SESSION_ROW_HOLDS_SQL} as session_holds,
         (select a.role from admins a where a.id = ?::int) as admin_role`;

/** The session statement as the start readies it on each connection: every staff request runs it first. */
export const SESSION_STATEMENT_SAMPLE: StatementSample = {
  sql: SESSION_SQL,
  params: [null, ...staffSessionParams(null, null), null],
};

/** A technician's session that holds: its country. */
export interface TechnicianSessionHolds {
  country: Country;
}

interface SessionRow {
  technician_country: Country | null;
  admin_holds: boolean;
  session_holds: boolean;
  admin_role: OfficeRole | null;
}

/** Session ids are ours (`newSessionId`): anything longer than the column matches no row. */
const SESSION_ID_MAX = 32;

async function sessionRow(
  services: Pick<AppServices, 'plainStatements'>,
  technician: AccountVersion | null,
  admin: AccountVersion | null,
  sessionId: string | null,
): Promise<SessionRow | undefined> {
  const accounts = [technician, admin].filter((account) => account !== null);
  // Signed by us, so well-formed; a value no column can hold matches no row.
  if (!accounts.every((account) => isInt4(account.id) && isInt4(account.tokenVersion))) return undefined;
  if (sessionId !== null && sessionId.length > SESSION_ID_MAX) return undefined;
  const [row] = await services.plainStatements.rows<SessionRow>(SESSION_SQL, [
    technician?.id ?? null,
    ...staffSessionParams(technician?.tokenVersion ?? null, admin, {
      id: sessionId,
      technicianId: technician?.id ?? null,
    }),
    admin?.id ?? null,
  ]);
  return row;
}

/**
 * The technician's session when it holds (the technician with that version, an acting admin active with its own,
 * the session not ended).
 */
export async function technicianSessionHolds(
  services: Pick<AppServices, 'plainStatements'>,
  technician: AccountVersion,
  actingAdmin: AccountVersion | null,
  sessionId: string | null,
): Promise<TechnicianSessionHolds | null> {
  const row = await sessionRow(services, technician, actingAdmin, sessionId);
  return row?.technician_country && row.admin_holds && row.session_holds ? { country: row.technician_country } : null;
}

/** An office account's role when its session holds (the account active with that version, the session not ended). */
export async function adminSessionHolds(
  services: Pick<AppServices, 'plainStatements'>,
  admin: AccountVersion,
  sessionId: string | null,
): Promise<OfficeRole | null> {
  const row = await sessionRow(services, null, admin, sessionId);
  return row?.admin_holds && row.session_holds ? row.admin_role : null;
}

/** Moves a session's last seen to `now`, unless it was written within `stepMs` (by any instance). */
export async function touchSessionLastSeen(
  services: Pick<AppServices, 'plainStatements'>,
  sessionId: string,
  now: Date,
  stepMs: number,
): Promise<void> {
  await services.plainStatements.rows(
    `update staff_sessions set last_seen_at = ?::timestamptz
      where id = ?::text and last_seen_at < ?::timestamptz - interval '1 millisecond' * ?::int`,
    [now.toISOString(), sessionId, now.toISOString(), stepMs],
  );
}
