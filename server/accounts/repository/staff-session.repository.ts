import type { Country } from '../../common/locale.js';
import type { AppServices } from '../../context.js';

/** An account's id and the token version a token carries for it. */
export interface AccountVersion {
  id: number;
  tokenVersion: number;
}

const isInt4 = (value: number) => Number.isInteger(value) && value >= 0 && value <= 2_147_483_647;

/*
 * The rule of a staff session, its one home: the technician has the token's version, and an admin (signed in, or
 * acting as the technician) is active with its own. The technician's schedule checks a session in its own statement
 * with the same SQL (`technicianSessionHoldsSql`, planner/repository/schedule.repository.ts); the parameters come
 * from `staffSessionParams`, in this order.
 */

/** The technician row `t` has the token's version; a null version passes (a caller checked it already). */
const technicianVersionHoldsSql = (t: string): string => `(?::int is null or ${t}.token_version = ?::int)`;

/** The admin is active with the token's version, or there is no admin. */
const ADMIN_HOLDS_SQL = `(?::int is null or exists (
    select 1 from admins a where a.id = ?::int and not a.inactive and a.token_version = ?::int))`;

/**
 * The condition that a technician's session holds, for a statement of another domain that checks the session in the
 * same round trip: the technician row `t` has the token's version (a null version passes: a caller checked it
 * already), and the acting admin, if any, is active with its own. Its parameters: `staffSessionParams`.
 */
export const technicianSessionHoldsSql = (t: string): string =>
  `${technicianVersionHoldsSql(t)} and ${ADMIN_HOLDS_SQL}`;

/** The parameters of `technicianVersionHoldsSql` then `ADMIN_HOLDS_SQL` (so of `technicianSessionHoldsSql` too). */
export function staffSessionParams(technicianVersion: number | null, admin: AccountVersion | null): (number | null)[] {
  return [technicianVersion, technicianVersion, admin?.id ?? null, admin?.id ?? null, admin?.tokenVersion ?? null];
}

/**
 * Whether a staff session still holds, in one statement on the pool. No entity is loaded: this runs before every
 * staff request, and the ORM's query building and hydration were most of its cost. A technician's country comes
 * with it: the visit day and the schedule need its zone.
 */
const SESSION_SQL = `
  select (select t.country from technicians t where t.id = ?::int and ${technicianVersionHoldsSql('t')})
           as technician_country,
         ${ADMIN_HOLDS_SQL} as admin_holds`;

/** A technician's session that holds: its country. */
export interface TechnicianSessionHolds {
  country: Country;
}

async function sessionRow(
  services: Pick<AppServices, 'plainStatements'>,
  technician: AccountVersion | null,
  admin: AccountVersion | null,
): Promise<{ technician_country: Country | null; admin_holds: boolean } | undefined> {
  const accounts = [technician, admin].filter((account) => account !== null);
  // Signed by us, so well-formed; a value no column can hold matches no row.
  if (!accounts.every((account) => isInt4(account.id) && isInt4(account.tokenVersion))) return undefined;
  const [row] = await services.plainStatements.rows<{ technician_country: Country | null; admin_holds: boolean }>(
    SESSION_SQL,
    [technician?.id ?? null, ...staffSessionParams(technician?.tokenVersion ?? null, admin)],
  );
  return row;
}

/** The technician's session when it holds (the technician with that version, an acting admin active with its own). */
export async function technicianSessionHolds(
  services: Pick<AppServices, 'plainStatements'>,
  technician: AccountVersion,
  actingAdmin: AccountVersion | null,
): Promise<TechnicianSessionHolds | null> {
  const row = await sessionRow(services, technician, actingAdmin);
  return row?.technician_country && row.admin_holds ? { country: row.technician_country } : null;
}

/** Whether an admin's session holds: the admin active with that version. */
export async function adminSessionHolds(
  services: Pick<AppServices, 'plainStatements'>,
  admin: AccountVersion,
): Promise<boolean> {
  return (await sessionRow(services, null, admin))?.admin_holds === true;
}
