import type { Country } from '../../common/locale.js';
import type { AppServices } from '../../context.js';

/*
 * The tables of applications, their keys, their use per minute and the answers kept for idempotent writes: their one
 * home. Plain statements without entities: a key is checked and its budget counted on every call an integrator
 * makes, each in one round trip.
 */

type Statements = Pick<AppServices, 'plainStatements'>;

/** Plain statements answer instants as PostgreSQL's text: read back as dates. */
const instant = (value: Date | string | null): Date | null => (value === null ? null : new Date(value));

function withInstants<Row extends { last_used_at: Date | null }>(row: Row): Row {
  const dated: Row = { ...row, last_used_at: instant(row.last_used_at) };
  if ('created_at' in row) Object.assign(dated, { created_at: instant(row.created_at as Date) });
  if ('revoked_at' in row) Object.assign(dated, { revoked_at: instant(row.revoked_at as Date | null) });
  return dated;
}

/** An application as the console lists it. */
export interface ApiClientRow {
  id: number;
  name: string;
  scopes: string[];
  countries: Country[];
  request_budget: number;
  cost_budget: number;
  created_at: Date;
  revoked_at: Date | null;
  last_used_at: Date | null;
  /** The prefixes of its keys still valid, the newest first. */
  prefixes: string[];
}

/** An application whose key holds, with when it was last marked used. */
export interface KeyHolderRow {
  id: number;
  name: string;
  scopes: string[];
  countries: Country[];
  request_budget: number;
  cost_budget: number;
  last_used_at: Date | null;
}

const CLIENT_COLUMNS = `c.id, c.name, c.scopes, c.countries, c.request_budget, c.cost_budget, c.created_at,
  c.revoked_at, c.last_used_at,
  coalesce((select array_agg(k.prefix order by k.created_at desc, k.id desc) from api_client_keys k
    where k.client_id = c.id and (k.expires_at is null or k.expires_at > ?::timestamptz)), '{}') as prefixes`;

/** The most applications the console lists (an operator holds a handful). */
export const API_CLIENT_LIST_LIMIT = 200;

export async function listApiClients(services: Statements, now: Date): Promise<ApiClientRow[]> {
  const rows = await services.plainStatements.rows<ApiClientRow>(
    `select ${CLIENT_COLUMNS} from api_clients c order by c.revoked_at is not null, lower(c.name), c.id limit ?`,
    [now.toISOString(), API_CLIENT_LIST_LIMIT],
  );
  return rows.map(withInstants);
}

export async function apiClientById(services: Statements, id: number, now: Date): Promise<ApiClientRow | undefined> {
  const [row] = await services.plainStatements.rows<ApiClientRow>(
    `select ${CLIENT_COLUMNS} from api_clients c where c.id = ?::int`,
    [now.toISOString(), id],
  );
  return row && withInstants(row);
}

export interface NewApiClient {
  name: string;
  scopes: string[];
  countries: Country[];
  requestBudget: number;
  costBudget: number;
  adminId: number | null;
  prefix: string;
  keyHash: string;
  now: Date;
}

/** Creates an application with its first key, in one statement. */
export async function insertApiClient(services: Statements, client: NewApiClient): Promise<number> {
  const [row] = await services.plainStatements.rows<{ id: number }>(
    `with created as (
       insert into api_clients (name, scopes, countries, request_budget, cost_budget, created_at, created_by_admin_id)
       values (?, ?::text[], ?::text[], ?::int, ?::int, ?::timestamptz, ?::int) returning id)
     insert into api_client_keys (client_id, prefix, key_hash, created_at)
       select id, ?, ?, ?::timestamptz from created returning client_id as id`,
    [
      client.name,
      client.scopes,
      client.countries,
      client.requestBudget,
      client.costBudget,
      client.now.toISOString(),
      client.adminId,
      client.prefix,
      client.keyHash,
      client.now.toISOString(),
    ],
  );
  return row.id;
}

/**
 * Gives a live application a new key; its keys still valid stay valid until `oldKeysUntil` (at the latest). Answers
 * false for an application that is unknown or revoked.
 */
export async function rotateApiClientKey(
  services: Statements,
  rotation: { id: number; prefix: string; keyHash: string; oldKeysUntil: Date; now: Date },
): Promise<boolean> {
  const rows = await services.plainStatements.rows<{ id: number }>(
    `with client as (select id from api_clients where id = ?::int and revoked_at is null for update),
     ended as (update api_client_keys k set expires_at = ?::timestamptz from client
       where k.client_id = client.id and (k.expires_at is null or k.expires_at > ?::timestamptz))
     insert into api_client_keys (client_id, prefix, key_hash, created_at)
       select id, ?, ?, ?::timestamptz from client returning client_id as id`,
    [
      rotation.id,
      rotation.oldKeysUntil.toISOString(),
      rotation.oldKeysUntil.toISOString(),
      rotation.prefix,
      rotation.keyHash,
      rotation.now.toISOString(),
    ],
  );
  return rows.length > 0;
}

/** Revokes an application at once: none of its keys is taken any more. False for an unknown one. */
export async function revokeApiClient(services: Statements, id: number, now: Date): Promise<boolean> {
  const rows = await services.plainStatements.rows<{ id: number }>(
    `update api_clients set revoked_at = coalesce(revoked_at, ?::timestamptz) where id = ?::int returning id`,
    [now.toISOString(), id],
  );
  return rows.length > 0;
}

/** The live application whose valid key has this prefix and hash. */
export async function keyHolder(
  services: Statements,
  prefix: string,
  keyHash: string,
  now: Date,
): Promise<KeyHolderRow | undefined> {
  const [row] = await services.plainStatements.rows<KeyHolderRow>(
    `select c.id, c.name, c.scopes, c.countries, c.request_budget, c.cost_budget, c.last_used_at
       from api_client_keys k join api_clients c on c.id = k.client_id
      where k.prefix = ? and k.key_hash = ? and c.revoked_at is null
        and (k.expires_at is null or k.expires_at > ?::timestamptz)`,
    [prefix, keyHash, now.toISOString()],
  );
  return row && withInstants(row);
}

/** Marks the application used now, unless it was marked within the last minute (one write a minute at most). */
export async function markApiClientUsed(services: Statements, id: number, now: Date): Promise<void> {
  await services.plainStatements.rows(
    `update api_clients set last_used_at = ?::timestamptz
      where id = ?::int and (last_used_at is null or last_used_at < ?::timestamptz - interval '1 minute')`,
    [now.toISOString(), id, now.toISOString()],
  );
}

/** The use of an application's minute after counting a call: what it has spent, or undefined when refused. */
export interface UsageRow {
  requests: number;
  cost: number;
}

/**
 * Counts one call of `cost` in the application's minute, only if both budgets hold it; answers the minute's use
 * after it, or undefined (nothing counted) when a budget would be exceeded. One row per application and minute,
 * shared by every instance: the upsert's row lock orders concurrent calls.
 */
export async function spendUsage(
  services: Statements,
  spend: { id: number; windowStart: Date; cost: number; requestBudget: number; costBudget: number },
): Promise<UsageRow | undefined> {
  const [row] = await services.plainStatements.rows<UsageRow>(
    `insert into api_client_usage as u (client_id, window_start, requests, cost)
       select ?::int, ?::timestamptz, 1, ?::int where ?::int >= 1 and ?::int <= ?::int
     on conflict (client_id, window_start) do update
       set requests = u.requests + 1, cost = u.cost + excluded.cost
       where u.requests + 1 <= ?::int and u.cost + excluded.cost <= ?::int
     returning requests, cost`,
    [
      spend.id,
      spend.windowStart.toISOString(),
      spend.cost,
      spend.requestBudget,
      spend.cost,
      spend.costBudget,
      spend.requestBudget,
      spend.costBudget,
    ],
  );
  return row;
}

/** What the application has spent in this minute (after a refusal). */
export async function usageOf(services: Statements, id: number, windowStart: Date): Promise<UsageRow> {
  const [row] = await services.plainStatements.rows<UsageRow>(
    `select requests, cost from api_client_usage where client_id = ?::int and window_start = ?::timestamptz`,
    [id, windowStart.toISOString()],
  );
  return row ?? { requests: 0, cost: 0 };
}

/** A kept idempotent write: the hash of its request and its answer (null while the first call runs). */
export interface IdempotentRow {
  request_hash: string;
  answer: Record<string, unknown> | null;
}

/**
 * Claims an idempotency key for a caller: undefined when this call is the first (it then runs and keeps its
 * answer), else the row of the first call.
 */
export async function claimIdempotencyKey(
  services: Statements,
  claim: { caller: string; key: string; requestHash: string; now: Date },
): Promise<IdempotentRow | undefined> {
  const [inserted] = await services.plainStatements.rows<{ caller: string }>(
    `insert into idempotency_keys (caller, key, request_hash, created_at) values (?, ?, ?, ?::timestamptz)
     on conflict (caller, key) do nothing returning caller`,
    [claim.caller, claim.key, claim.requestHash, claim.now.toISOString()],
  );
  if (inserted) return undefined;
  const [row] = await services.plainStatements.rows<IdempotentRow>(
    `select request_hash, answer from idempotency_keys where caller = ? and key = ?`,
    [claim.caller, claim.key],
  );
  // Removed between the two statements (its call failed): the caller may try again.
  return row ?? { request_hash: claim.requestHash, answer: null };
}

/** Keeps the first call's answer under its key. */
export async function keepIdempotentAnswer(
  services: Statements,
  kept: { caller: string; key: string; answer: Record<string, unknown> },
): Promise<void> {
  await services.plainStatements.rows(`update idempotency_keys set answer = ?::jsonb where caller = ? and key = ?`, [
    JSON.stringify(kept.answer),
    kept.caller,
    kept.key,
  ]);
}

/** Frees a key whose first call failed (it changed nothing), so it can be sent again. */
export async function releaseIdempotencyKey(services: Statements, caller: string, key: string): Promise<void> {
  await services.plainStatements.rows(`delete from idempotency_keys where caller = ? and key = ? and answer is null`, [
    caller,
    key,
  ]);
}

/** Removes idempotency keys and minutes of use older than `before`; answers how many rows went. */
export async function deleteExpiredApiClientRows(services: Statements, before: Date): Promise<number> {
  const [row] = await services.plainStatements.rows<{ deleted: number }>(
    `with keys as (delete from idempotency_keys where created_at < ?::timestamptz returning 1),
          usage as (delete from api_client_usage where window_start < ?::timestamptz returning 1)
     select ((select count(*) from keys) + (select count(*) from usage))::int as deleted`,
    [before.toISOString(), before.toISOString()],
  );
  return row.deleted;
}
