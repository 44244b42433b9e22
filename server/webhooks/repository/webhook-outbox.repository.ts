import { randomUUID } from 'node:crypto';
import type { Pool } from 'pg';
import { plainTransactionOn, type PlainQuery } from '../../common/db/plain-statements.js';
import { WEBHOOK_EVENT_SCOPES, type WebhookEventType } from '../../../shared/webhook-events.js';
import { eventsOfOrderChange } from '../webhook-events.js';
import { instant } from './webhook.repository.js';
import { RETRY_WINDOW_MS } from '../webhook-retries.js';

/*
 * The outbox (filled by triggers in the transaction of each change) turned into deliveries, one per event and
 * subscribed endpoint, in the order of the outbox: one dispatcher at a time (an advisory lock), each batch in one
 * transaction that takes its outbox rows and writes their deliveries, so none is lost or written twice.
 */

/** Outbox rows a transaction takes: with 5 endpoints, 500 deliveries, a short statement. */
const BATCH = 100;
/** The advisory lock of the dispatcher (any fixed number the application uses for nothing else). */
const DISPATCH_LOCK = 0x7765_6268;

interface OutboxRow {
  id: string;
  source: 'ORDER_EVENT' | 'MESSAGE' | 'IMPORT';
  source_id: string;
  order_id: number | null;
}

interface EndpointTarget {
  id: number;
  events: string[];
  countries: string[];
  scopes: string[];
}

/** An event as sent: `{type, timestamp, data}`; `country` picks the applications that may see it. */
interface WebhookEvent {
  type: WebhookEventType;
  orderId: number | null;
  country: string;
  body: { type: WebhookEventType; timestamp: string; data: Record<string, unknown> };
}

interface OrderEventFacts {
  id: number;
  order_id: number;
  kind: string;
  occurred_at: Date | string;
  actor_type: string;
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
  reference_number: string;
  country: string;
}

interface MessageFacts {
  id: number;
  order_id: number;
  kind: string;
  channel: string;
  failure_code: string | null;
  failed_at: Date | string | null;
  reference_number: string;
  country: string;
}

interface ImportFacts {
  id: string;
  country: string;
  file_name: string;
  status: string;
  created: number;
  updated: number;
  unchanged: number;
  error_count: number;
  finished_at: Date | string | null;
}

const iso = (value: Date | string | null, fallback: Date) => (instant(value) ?? fallback).toISOString();

async function eventsOf(query: PlainQuery, rows: OutboxRow[], now: Date): Promise<Map<string, WebhookEvent[]>> {
  const ids = (source: OutboxRow['source']) => rows.filter((row) => row.source === source).map((row) => row.source_id);
  const events = new Map<string, WebhookEvent[]>();
  const orderEvents = ids('ORDER_EVENT');
  if (orderEvents.length > 0) {
    const facts = await query<OrderEventFacts>(
      `select e.id, e.order_id, e.kind, e.occurred_at, e.actor_type, e.before, e.after, o.reference_number, o.country
       from order_events e join orders o on o.id = e.order_id where e.id = any(?::int[])`,
      [orderEvents],
    );
    for (const fact of facts) {
      const data = {
        orderId: fact.order_id,
        referenceNumber: fact.reference_number,
        country: fact.country,
        change: fact.kind,
        actor: fact.actor_type,
        before: fact.before ?? {},
        after: fact.after ?? {},
      };
      events.set(
        `ORDER_EVENT:${fact.id}`,
        eventsOfOrderChange(fact.kind, fact.after).map((type) => ({
          type,
          orderId: fact.order_id,
          country: fact.country,
          body: { type, timestamp: iso(fact.occurred_at, now), data },
        })),
      );
    }
  }
  const messages = ids('MESSAGE');
  if (messages.length > 0) {
    const facts = await query<MessageFacts>(
      `select m.id, m.order_id, m.kind, m.channel, m.failure_code, m.failed_at, o.reference_number, o.country
       from consumer_messages m join orders o on o.id = m.order_id where m.id = any(?::int[])`,
      [messages],
    );
    for (const fact of facts) {
      const type = 'message.failed';
      events.set(`MESSAGE:${fact.id}`, [
        {
          type,
          orderId: fact.order_id,
          country: fact.country,
          body: {
            type,
            timestamp: iso(fact.failed_at, now),
            data: {
              orderId: fact.order_id,
              referenceNumber: fact.reference_number,
              country: fact.country,
              messageId: fact.id,
              kind: fact.kind,
              channel: fact.channel,
              failureCode: fact.failure_code,
            },
          },
        },
      ]);
    }
  }
  const imports = ids('IMPORT');
  if (imports.length > 0) {
    const facts = await query<ImportFacts>(
      `select id, country, file_name, status, created, updated, unchanged, error_count, finished_at
       from import_jobs where id = any(?::uuid[])`,
      [imports],
    );
    for (const fact of facts) {
      const type = 'import.finished';
      events.set(`IMPORT:${fact.id}`, [
        {
          type,
          orderId: null,
          country: fact.country,
          body: {
            type,
            timestamp: iso(fact.finished_at, now),
            data: {
              importId: fact.id,
              country: fact.country,
              fileName: fact.file_name,
              status: fact.status,
              created: fact.created,
              updated: fact.updated,
              unchanged: fact.unchanged,
              errorCount: fact.error_count,
            },
          },
        },
      ]);
    }
  }
  return events;
}

/** Whether an endpoint receives an event: subscribed, and its application holds the scope and the country. */
const receives = (endpoint: EndpointTarget, event: WebhookEvent) =>
  endpoint.events.includes(event.type) &&
  endpoint.scopes.includes(WEBHOOK_EVENT_SCOPES[event.type]) &&
  endpoint.countries.includes(event.country);

/**
 * One batch of the outbox; answers how many outbox rows it took (0: the outbox is empty, or another dispatches). Each
 * event's body is sent once, as one JSON document with bind parameters, and fanned out to its endpoints by the
 * statement.
 */
async function dispatchBatch(pool: Pool, now: Date): Promise<number> {
  return plainTransactionOn(pool, async (query) => {
    const [lock] = await query<{ locked: boolean }>(`select pg_try_advisory_xact_lock(?) as locked`, [DISPATCH_LOCK]);
    if (!lock.locked) return 0;
    const rows = await query<OutboxRow>(
      `delete from webhook_outbox where id in (select id from webhook_outbox order by id limit ?)
       returning id::text as id, source, source_id, order_id`,
      [BATCH],
    );
    if (rows.length === 0) return 0;
    rows.sort((a, b) => (BigInt(a.id) < BigInt(b.id) ? -1 : 1));
    const endpoints = await query<EndpointTarget>(
      `select e.id, e.events, c.countries::text[] as countries, c.scopes from webhook_endpoints e
       join api_clients c on c.id = e.client_id where e.enabled and c.revoked_at is null`,
      [],
    );
    const events = await eventsOf(query, rows, now);
    /** The events as sent, each once: message id, type, order, body. */
    const sent: { m: string; t: WebhookEventType; o: number | null; b: WebhookEvent['body'] }[] = [];
    /** Per delivery, in the outbox's order: its event (1-based, as `with ordinality` counts) and endpoint. */
    const deliveries = { event: [] as number[], endpoint: [] as number[] };
    for (const row of rows) {
      for (const event of events.get(`${row.source}:${row.source_id}`) ?? []) {
        const receivers = endpoints.filter((endpoint) => receives(endpoint, event));
        if (receivers.length === 0) continue;
        sent.push({ m: `msg_${randomUUID().replaceAll('-', '')}`, t: event.type, o: event.orderId, b: event.body });
        for (const endpoint of receivers) {
          deliveries.event.push(sent.length);
          deliveries.endpoint.push(endpoint.id);
        }
      }
    }
    if (sent.length > 0) {
      await query(
        `insert into webhook_deliveries (endpoint_id, message_id, type, order_id, payload, status, next_attempt_at,
           retry_until, created_at)
         select d.endpoint_id, e.event->>'m', e.event->>'t', (e.event->>'o')::int, e.event->'b', 'PENDING',
           ?::timestamptz, ?::timestamptz, ?::timestamptz
         from unnest(?::int[], ?::int[]) with ordinality as d(event, endpoint_id, n)
           join jsonb_array_elements(?::jsonb) with ordinality as e(event, i) on e.i = d.event
         order by d.n`,
        [
          now.toISOString(),
          new Date(now.getTime() + RETRY_WINDOW_MS).toISOString(),
          now.toISOString(),
          deliveries.event,
          deliveries.endpoint,
          JSON.stringify(sent),
        ],
      );
    }
    return rows.length;
  });
}

/**
 * Turns up to `maxBatches` batches of the outbox into deliveries; answers whether the outbox may hold more (the caller
 * sends what is due first, then comes back). On a `pg` pool: in the server, the sender's thread and its pool.
 */
export async function dispatchWebhookOutbox(pool: Pool, now: Date, maxBatches = 10): Promise<{ more: boolean }> {
  for (let batch = 0; batch < maxBatches; batch += 1) {
    if ((await dispatchBatch(pool, now)) < BATCH) return { more: false };
  }
  return { more: true };
}
