import { OrderEventKind } from './order-event-kind.js';
import type { AuditActor } from './order-audit.js';
import type { OrderValueField } from './order-values.js';

/**
 * Each recorded order field as SQL over an `orders` row (`row`) and its technician's personal number
 * (`number`): the keys and formats of `orderValues()` (order-values.ts), so events written in SQL and
 * in TypeScript read alike. `column` is what tells a change (the technician by id).
 */
const FIELDS: readonly {
  key: OrderValueField;
  column: string;
  value: (row: string, number: string) => string;
  /** Recorded only when set (OPTIONAL_ORDER_VALUE_FIELDS). */
  optional?: boolean;
}[] = [
  { key: 'referenceNumber', column: 'reference_number', value: (row) => `${row}.reference_number` },
  { key: 'name', column: 'name', value: (row) => `${row}.name` },
  { key: 'email', column: 'email', value: (row) => `${row}.email` },
  { key: 'phone', column: 'phone', value: (row) => `${row}.phone` },
  { key: 'zipcode', column: 'zipcode', value: (row) => `${row}.zipcode` },
  { key: 'street', column: 'street', value: (row) => `${row}.street`, optional: true },
  { key: 'houseNumber', column: 'house_number', value: (row) => `${row}.house_number` },
  {
    key: 'houseNumberAddition',
    column: 'house_number_addition',
    value: (row) => `${row}.house_number_addition`,
    optional: true,
  },
  { key: 'city', column: 'city', value: (row) => `${row}.city` },
  { key: 'country', column: 'country', value: (row) => `${row}.country::text` },
  {
    key: 'appointment',
    column: 'appointment',
    // As JavaScript's toISOString() writes it.
    value: (row) => `to_char(${row}.appointment at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`,
  },
  { key: 'duration', column: 'duration', value: (row) => `${row}.duration` },
  { key: 'technician', column: 'technician_id', value: (_row, number) => number },
  { key: 'special', column: 'special', value: (row) => `${row}.special` },
  { key: 'externalCompany', column: 'external_company', value: (row) => `${row}.external_company` },
];

/** Every field of the row, as a jsonb object; an optional field only when set. */
function allValuesSql(row: string, number: string): string {
  const pairs = (fields: typeof FIELDS) =>
    fields.map((field) => `'${field.key}', ${field.value(row, number)}`).join(', ');
  return (
    `(jsonb_build_object(${pairs(FIELDS.filter((field) => !field.optional))})` +
    ` || jsonb_strip_nulls(jsonb_build_object(${pairs(FIELDS.filter((field) => field.optional))})))`
  );
}

/**
 * The fields of `row` that differ from `other`, as a jsonb object. Compared column by column, which
 * is cheap; a field that is empty on this side is left out (jsonb_strip_nulls), which reads the same:
 * the history takes the fields of both sides, and a missing value is empty.
 */
function changedValuesSql(row: string, number: string, other: string): string {
  const fields = FIELDS.filter((field) => field.key !== 'referenceNumber' && field.key !== 'country');
  return `jsonb_strip_nulls(jsonb_build_object(${fields
    .map(
      (field) =>
        `'${field.key}', case when ${row}.${field.column} is distinct from ${other}.${field.column} ` +
        `then to_jsonb(${field.value(row, number)}) end`,
    )
    .join(', ')}))`;
}

/**
 * A data-modifying CTE (`name as (insert ...)`) for a statement whose CTE `upserted` returns
 * `orders` rows as written (`returning o.*, (xmax = 0) as inserted`): one IMPORT_CREATED event per
 * new row (all values after), one IMPORT_UPDATED per changed row (the changed values before and
 * after). The values before are read from `orders` in the same statement, whose snapshot precedes
 * the upsert: one primary-key lookup per changed row (LIMIT keeps the planner from hashing all of
 * `orders`). Rows the upsert left alone are not returned, so they record nothing. No row passes
 * through the server. Reference number and country never change in an import (they identify the order).
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
           case when u.inserted then null else ${changedValuesSql('old', 'old.technician_number', 'u')} end,
           case when u.inserted then ${allValuesSql('u', 'ut.personal_number')}
                else ${changedValuesSql('u', 'ut.personal_number', 'old')} end
    from upserted u
    left join technicians ut on ut.id = u.technician_id
    left join lateral (
      select previous.*, pt.personal_number as technician_number
      from orders previous left join technicians pt on pt.id = previous.technician_id
      where previous.id = u.id and not u.inserted
      limit 1
    ) old on true
  )`;
  return {
    sql,
    params: [occurredAt.toISOString(), actor.type, actor.adminId, actor.name, actor.importJobId],
  };
}
