import { OrderEventKind } from './order-event-kind.js';
import type { AuditActor } from './order-audit.js';

/**
 * An `orders` row (alias `row`, its technician joined as `technician`) as a jsonb object with the
 * keys and formats of `orderValues()` (order-values.ts): events written in SQL and in TypeScript
 * read alike. The instant is written as JavaScript's toISOString() writes it.
 */
export function orderValuesSql(row: string, technician: string): string {
  return `jsonb_build_object(
    'referenceNumber', ${row}.reference_number, 'name', ${row}.name, 'email', ${row}.email, 'phone', ${row}.phone,
    'zipcode', ${row}.zipcode, 'houseNumber', ${row}.house_number, 'city', ${row}.city, 'country', ${row}.country::text,
    'appointment', to_char(${row}.appointment at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
    'duration', ${row}.duration, 'technician', ${technician}.personal_number, 'special', ${row}.special,
    'externalCompany', ${row}.external_company)`;
}

/** The keys of jsonb `values` whose value differs in jsonb `other`. */
const changedSql = (values: string, other: string) =>
  `(select jsonb_object_agg(e.key, e.value) from jsonb_each(${values}) e where e.value is distinct from ${other} -> e.key)`;

/**
 * A data-modifying CTE (`name as (insert ...)`) for a statement whose CTE `upserted` returns
 * `orders` rows as written (`returning o.*, (xmax = 0) as inserted`): one IMPORT_CREATED event per
 * new row (all values after), one IMPORT_UPDATED per changed row (the changed values before and after).
 * The values before are read from `orders` in the same statement, whose snapshot precedes the upsert.
 * Rows the upsert left alone are not returned, so they record nothing. No row passes through the server.
 */
export function importEventsCte(
  name: string,
  actor: AuditActor,
  occurredAt: Date,
): { sql: string; params: (string | number | null)[] } {
  const sql = `${name} as (
    insert into order_events (order_id, occurred_at, kind, actor_type, actor_admin_id, actor_name, import_job_id, before, after)
    select u.id, ?::timestamptz,
           case when u.inserted then '${OrderEventKind.IMPORT_CREATED}' else '${OrderEventKind.IMPORT_UPDATED}' end,
           ?, ?::int, ?::text, ?::uuid,
           case when u.inserted then null else ${changedSql('old_values.v', 'new_values.v')} end,
           case when u.inserted then new_values.v else ${changedSql('new_values.v', 'old_values.v')} end
    from upserted u
    left join technicians ut on ut.id = u.technician_id
    left join orders old on old.id = u.id and not u.inserted
    left join technicians ot on ot.id = old.technician_id
    cross join lateral (select ${orderValuesSql('u', 'ut')} as v) new_values
    cross join lateral (select case when old.id is null then null else ${orderValuesSql('old', 'ot')} end as v) old_values
  )`;
  return {
    sql,
    params: [occurredAt.toISOString(), actor.type, actor.adminId, actor.name, actor.importJobId],
  };
}
