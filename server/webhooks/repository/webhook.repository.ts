import { arrayLiteral } from '../../common/db/array-literal.js';
import type { EntityManager } from '@mikro-orm/postgresql';

/*
 * The tables of webhook endpoints and deliveries: their one home. Plain statements on the caller's entity manager
 * (a request's, or a job's fork), no entities: the dispatcher and the sender work on many rows at once.
 */

/** Plain statements answer instants as text or dates: read back as dates. */
export const instant = (value: Date | string | null): Date | null => (value === null ? null : new Date(value));

export interface EndpointRow {
  id: number;
  client_id: number;
  url: string;
  events: string[];
  enabled: boolean;
  disabled_at: Date | null;
  failing_since: Date | null;
  previous_secret_until: Date | null;
  created_at: Date;
}

const ENDPOINT_COLUMNS = `id, client_id, url, events, enabled, disabled_at, failing_since, previous_secret_until, created_at`;

/** The most endpoints an application holds. */
export const ENDPOINTS_PER_APPLICATION = 20;

function datedEndpoint(row: EndpointRow): EndpointRow {
  return {
    ...row,
    disabled_at: instant(row.disabled_at),
    failing_since: instant(row.failing_since),
    previous_secret_until: instant(row.previous_secret_until),
    created_at: instant(row.created_at) as Date,
  };
}

export async function endpointsOf(em: EntityManager, clientId: number): Promise<EndpointRow[]> {
  const rows = await em.execute<EndpointRow[]>(
    `select ${ENDPOINT_COLUMNS} from webhook_endpoints where client_id = ? order by id limit ?`,
    [clientId, ENDPOINTS_PER_APPLICATION],
  );
  return rows.map(datedEndpoint);
}

export async function endpointById(em: EntityManager, id: number): Promise<EndpointRow | undefined> {
  const [row] = await em.execute<EndpointRow[]>(`select ${ENDPOINT_COLUMNS} from webhook_endpoints where id = ?`, [id]);
  return row && datedEndpoint(row);
}

/** Whether a live (not revoked) application has this id; locks it, so its endpoints are counted exactly. */
export async function lockLiveApplication(em: EntityManager, clientId: number): Promise<boolean> {
  const rows = await em.execute<{ id: number }[]>(
    `select id from api_clients where id = ? and revoked_at is null for update`,
    [clientId],
  );
  return rows.length > 0;
}

export async function countEndpoints(em: EntityManager, clientId: number): Promise<number> {
  const [row] = await em.execute<{ count: string }[]>(
    `select count(*) as count from webhook_endpoints where client_id = ?`,
    [clientId],
  );
  return Number(row.count);
}

export async function insertEndpoint(
  em: EntityManager,
  endpoint: { clientId: number; url: string; events: string[]; secret: string; now: Date },
): Promise<number> {
  const [row] = await em.execute<{ id: number }[]>(
    `insert into webhook_endpoints (client_id, url, events, secret, created_at)
     values (?, ?, ?::text[], ?, ?) returning id`,
    [endpoint.clientId, endpoint.url, arrayLiteral(endpoint.events), endpoint.secret, endpoint.now.toISOString()],
  );
  return row.id;
}

export async function updateEndpoint(
  em: EntityManager,
  change: { id: number; url: string | null; events: string[] | null; enabled: boolean | null; now: Date },
): Promise<boolean> {
  const rows = await em.execute<{ id: number }[]>(
    `update webhook_endpoints set
       url = coalesce(?, url),
       events = coalesce(?::text[], events),
       enabled = coalesce(?::boolean, enabled),
       disabled_at = case when ?::boolean is null then disabled_at when ?::boolean then null
         else coalesce(disabled_at, ?::timestamptz) end,
       failing_since = case when ?::boolean then null else failing_since end
     where id = ? returning id`,
    [
      change.url,
      change.events === null ? null : arrayLiteral(change.events),
      change.enabled,
      change.enabled,
      change.enabled,
      change.now.toISOString(),
      change.enabled,
      change.id,
    ],
  );
  return rows.length > 0;
}

export async function rotateEndpointSecret(
  em: EntityManager,
  rotation: { id: number; secret: string; previousUntil: Date },
): Promise<boolean> {
  const rows = await em.execute<{ id: number }[]>(
    `update webhook_endpoints set previous_secret = secret, previous_secret_until = ?, secret = ? where id = ? returning id`,
    [rotation.previousUntil.toISOString(), rotation.secret, rotation.id],
  );
  return rows.length > 0;
}

export async function deleteEndpoint(em: EntityManager, id: number): Promise<boolean> {
  const rows = await em.execute<{ id: number }[]>(`delete from webhook_endpoints where id = ? returning id`, [id]);
  return rows.length > 0;
}

export interface DeliveryRow {
  id: string;
  endpoint_id: number;
  message_id: string;
  type: string;
  order_id: number | null;
  status: string;
  attempts: number;
  created_at: Date;
  next_attempt_at: Date;
  last_attempt_at: Date | null;
  last_status_code: number | null;
  last_duration_ms: number | null;
  last_error: string | null;
}

const DELIVERY_COLUMNS = `d.id::text as id, d.endpoint_id, d.message_id, d.type, d.order_id, d.status, d.attempts,
  d.created_at, d.next_attempt_at, d.last_attempt_at, d.last_status_code, d.last_duration_ms, d.last_error`;

function datedDelivery(row: DeliveryRow): DeliveryRow {
  return {
    ...row,
    created_at: instant(row.created_at) as Date,
    next_attempt_at: instant(row.next_attempt_at) as Date,
    last_attempt_at: instant(row.last_attempt_at),
  };
}

/** The most deliveries the log lists at once. */
export const DELIVERY_LOG_LIMIT = 100;

/** An application's deliveries, the newest first. */
export async function deliveriesOf(em: EntityManager, clientId: number, first: number): Promise<DeliveryRow[]> {
  const rows = await em.execute<DeliveryRow[]>(
    `select ${DELIVERY_COLUMNS} from webhook_endpoints e
       cross join lateral (select * from webhook_deliveries d where d.endpoint_id = e.id order by d.id desc limit ?) d
     where e.client_id = ? order by d.id desc limit ?`,
    [first, clientId, first],
  );
  return rows.map(datedDelivery);
}

export async function deliveryById(em: EntityManager, id: string): Promise<DeliveryRow | undefined> {
  const [row] = await em.execute<DeliveryRow[]>(
    `select ${DELIVERY_COLUMNS} from webhook_deliveries d where d.id = ?::bigint`,
    [id],
  );
  return row && datedDelivery(row);
}

/** Sends a delivery again, at once, with a day of retries of its own (its endpoint must be enabled). */
export async function requeueDelivery(em: EntityManager, id: string, now: Date, retryUntil: Date): Promise<boolean> {
  const rows = await em.execute<{ id: string }[]>(
    `update webhook_deliveries set status = 'PENDING', next_attempt_at = ?, retry_until = ?, claimed_until = null
     where id = ?::bigint returning id::text`,
    [now.toISOString(), retryUntil.toISOString(), id],
  );
  return rows.length > 0;
}
