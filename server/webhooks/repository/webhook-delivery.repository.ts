import type { EntityManager } from '@mikro-orm/postgresql';
import type { Pool } from 'pg';
import { plainQuery, plainQueryOn, plainTransactionOn } from '../../common/db/plain-statements.js';
import { nextAttemptAt, RETRY_WINDOW_MS } from '../webhook-retries.js';
import { instant } from './webhook.repository.js';

/**
 * The statements of the sender (webhook-sender.ts): claims, outcomes, endpoints turned off. On a `pg` pool, not an
 * entity manager: the sender runs in a worker thread of its own with a small pool (webhook-thread.ts), no ORM there.
 */

/**
 * Deliveries claimed at once, sent side by side (a receiver gets a few connections, see the sender): a fan-out of
 * 50 000 needs few rounds, each two short statements.
 */
export const CLAIM_BATCH = 200;
const CLAIM_MS = 120_000;

export interface ClaimedDelivery {
  id: string;
  endpoint_id: number;
  message_id: string;
  body: string;
  attempts: number;
  retry_until: Date | string;
  url: string;
  secret: string;
  previous_secret: string | null;
  previous_secret_until: Date | string | null;
  /** The claim's end as this run wrote it (ISO): its outcome is recorded only while the claim is still this one. */
  claimed_until: string;
}

export interface Outcome {
  statusCode: number | null;
  error: string | null;
  durationMs: number;
}

/** A 2xx answer. */
export const isDelivered = (outcome: Outcome) =>
  outcome.statusCode !== null && outcome.statusCode >= 200 && outcome.statusCode < 300;

/** An endpoint failing for a day: turned off, its pending deliveries failed. */
export interface DisabledEndpoint {
  id: number;
  url: string;
  clientName: string;
}

/**
 * The due deliveries no earlier one of their order holds back, claimed for a few minutes: one statement with bind
 * parameters, as the outcomes below, so a round costs the event loop little. It walks the pending ones by id
 * (`webhook_deliveries_pending_id_idx`) and stops at the batch, whatever the table's statistics say: its transaction
 * forbids a sort, and the enabled endpoints are one array read once. A fan-out grows the table faster than it is
 * analysed; believing it small, the planner read every pending delivery and sorted them all, or started from the
 * endpoints and did the same (27-60 ms a claim with 50 000 pending, against 4-7 ms). Whether an earlier delivery of
 * the order waits is asked per row (`offset 0` keeps it a subquery, not a join) in the words of its own index,
 * `webhook_deliveries_waiting_idx` (PENDING is the one status neither delivered nor failed): joined, or on the
 * pending index by id, it read every pending delivery for each row when the statistics said none was pending.
 */
export async function claimDueDeliveries(pool: Pool, now: Date): Promise<ClaimedDelivery[]> {
  return plainTransactionOn(pool, async (query) => {
    await query(`select set_config('enable_sort', 'off', true)`, []);
    const { sql, params, claimedUntil } = claimStatement(now);
    const rows = await query<Omit<ClaimedDelivery, 'claimed_until'>>(sql, params);
    return rows.map((row) => ({ ...row, claimed_until: claimedUntil }));
  });
}

/** The claim's statement and values (its plan is examined by the tests). */
export function claimStatement(now: Date): { sql: string; params: unknown[]; claimedUntil: string } {
  const claimedUntil = new Date(now.getTime() + CLAIM_MS).toISOString();
  return {
    claimedUntil,
    sql: `with due as (
         select d.id from webhook_deliveries d
         where d.status = 'PENDING' and d.next_attempt_at <= ?::timestamptz
           and (d.claimed_until is null or d.claimed_until <= ?::timestamptz)
           and d.endpoint_id = any(array(select e.id from webhook_endpoints e join api_clients c on c.id = e.client_id
             where e.enabled and c.revoked_at is null))
           and not exists (select 1 from webhook_deliveries p where p.endpoint_id = d.endpoint_id
             and p.order_id = d.order_id and p.status <> 'DELIVERED' and p.status <> 'FAILED' and p.id < d.id
             offset 0)
         order by d.id limit ? for update of d skip locked)
       update webhook_deliveries d set claimed_until = ?::timestamptz from due, webhook_endpoints e
       where d.id = due.id and e.id = d.endpoint_id
       returning d.id::text as id, d.endpoint_id, d.message_id, d.payload::text as body, d.attempts, d.retry_until,
         e.url, e.secret, e.previous_secret, e.previous_secret_until`,
    params: [now.toISOString(), now.toISOString(), CLAIM_BATCH, claimedUntil],
  };
}

/**
 * The outcomes of one round of requests, in one statement (one pool connection a round, not two a request, so the
 * API's requests queue behind fewer): each delivered, retried later, or failed at the end of its day; an endpoint
 * that answered one of them is not failing, one that answered none is failing since now. A delivery whose claim is
 * no longer this round's keeps what it says: a round slowed past its claim (a thread starved of CPU) would otherwise
 * overwrite the outcome of the run that claimed it next, or undo a resend asked for meanwhile. Answers how many
 * outcomes were recorded.
 */
export async function recordAttempts(
  pool: Pool,
  attempts: readonly { delivery: ClaimedDelivery; outcome: Outcome }[],
  now: Date,
): Promise<number> {
  if (attempts.length === 0) return 0;
  const rows = attempts.map(({ delivery, outcome }) => {
    const ok = isDelivered(outcome);
    const count = delivery.attempts + 1;
    const retryUntil = instant(delivery.retry_until) ?? now;
    const gaveUp = !ok && now >= retryUntil;
    return {
      id: delivery.id,
      claimed_until: delivery.claimed_until,
      status: ok ? 'DELIVERED' : gaveUp ? 'FAILED' : 'PENDING',
      attempts: count,
      next_attempt_at: (ok || gaveUp ? now : nextAttemptAt(count, now, retryUntil)).toISOString(),
      status_code: outcome.statusCode,
      duration_ms: outcome.durationMs,
      error: ok ? null : (outcome.error ?? `HTTP_${outcome.statusCode ?? 0}`),
    };
  });
  // Only a change of an endpoint is written: a fan-out's requests would otherwise queue for its one row's lock. An
  // endpoint is judged by the outcomes recorded only: a round past its claims would mark it failing after the run
  // that claimed them next found it answering.
  const [{ recorded }] = await plainQueryOn(pool)<{ recorded: number }>(
    `with recorded as (
       update webhook_deliveries d set status = o.status, attempts = o.attempts, next_attempt_at = o.next_attempt_at,
         claimed_until = null, last_attempt_at = ?::timestamptz, last_status_code = o.status_code,
         last_duration_ms = o.duration_ms, last_error = o.error
       from jsonb_to_recordset(?::jsonb) as o(id bigint, claimed_until timestamptz, status text, attempts int,
         next_attempt_at timestamptz, status_code int, duration_ms int, error text)
       where d.id = o.id and d.claimed_until = o.claimed_until returning d.endpoint_id, o.status),
     answered as (select distinct endpoint_id from recorded where status = 'DELIVERED'),
     answering as (update webhook_endpoints set failing_since = null
       where id in (select endpoint_id from answered) and failing_since is not null returning id),
     failing as (update webhook_endpoints set failing_since = ?::timestamptz
       where id in (select endpoint_id from recorded except select endpoint_id from answered)
         and failing_since is null returning id)
     select (select count(*) from recorded)::int as recorded`,
    [now.toISOString(), JSON.stringify(rows), now.toISOString()],
  );
  return recorded;
}

/** Turns off the endpoints failing for a day and fails their pending deliveries; answers them. */
export async function disableFailingEndpoints(pool: Pool, now: Date): Promise<DisabledEndpoint[]> {
  return plainTransactionOn(pool, async (query) => {
    const disabled = await query<{ id: number; url: string; client_name: string }>(
      `update webhook_endpoints e set enabled = false, disabled_at = ?::timestamptz from api_clients c
       where c.id = e.client_id and e.enabled and e.failing_since <= ?::timestamptz
       returning e.id, e.url, c.name as client_name`,
      [now.toISOString(), new Date(now.getTime() - RETRY_WINDOW_MS).toISOString()],
    );
    if (disabled.length > 0) {
      await query(
        `update webhook_deliveries set status = 'FAILED', claimed_until = null, last_error = 'ENDPOINT_DISABLED'
         where endpoint_id = any(?::int[]) and status = 'PENDING'`,
        [disabled.map((row) => row.id)],
      );
    }
    return disabled.map((row) => ({ id: row.id, url: row.url, clientName: row.client_name }));
  });
}

/** When the next pending delivery of an enabled endpoint is due. */
export async function nextDueAt(pool: Pool): Promise<Date | null> {
  const [next] = await plainQueryOn(pool)<{ at: Date | string | null }>(
    `select min(d.next_attempt_at) as at from webhook_deliveries d join webhook_endpoints e on e.id = d.endpoint_id
     where d.status = 'PENDING' and e.enabled`,
    [],
  );
  return instant(next?.at ?? null);
}

/** The deliveries due now (pending, their next try come, their endpoint on) and the oldest one's age in seconds. */
export async function dueBacklog(em: EntityManager): Promise<{ due: number; oldestDueSeconds: number }> {
  const [row] = await (
    await plainQuery(em)
  )<{ due: number; oldest: number | null }>(
    `select count(*)::int as due, extract(epoch from now() - min(d.created_at))::float8 as oldest
     from webhook_deliveries d join webhook_endpoints e on e.id = d.endpoint_id and e.enabled
     where d.status = 'PENDING' and d.next_attempt_at <= now()`,
    [],
  );
  return { due: row.due, oldestDueSeconds: Math.max(0, row.oldest ?? 0) };
}

/** The active admins' addresses, told when an endpoint is turned off. */
export async function adminAddresses(em: EntityManager): Promise<string[]> {
  const rows = await em.execute<{ email: string }[]>(
    `select email from admins where role = 'ADMIN' and not inactive order by id limit 50`,
    [],
  );
  return rows.map((row) => row.email);
}

/**
 * Removes up to `limit` delivered or failed deliveries whose last attempt (their record, when never tried) is before
 * `before`, the oldest first; answers how many. Pending ones stay, however old: they are still being sent.
 */
export async function deleteFinishedDeliveries(em: EntityManager, before: Date, limit: number): Promise<number> {
  const [row] = await em.execute<{ deleted: number }[]>(
    `with gone as (delete from webhook_deliveries where id in (
       select id from webhook_deliveries
       where status <> 'PENDING' and coalesce(last_attempt_at, created_at) < ?::timestamptz
       order by coalesce(last_attempt_at, created_at) limit ?) returning 1)
     select count(*)::int as deleted from gone`,
    [before.toISOString(), limit],
  );
  return row.deleted;
}
