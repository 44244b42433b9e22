import { createHmac, createSecretKey, type KeyObject } from 'node:crypto';
import http from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import type { Pool } from 'pg';
import type { WebhookConfig } from '../config.js';
import { resolveTarget, type AddressRefusal, type ResolvedTarget } from './webhook-address.js';
import { instant } from './repository/webhook.repository.js';
import { dispatchWebhookOutbox } from './repository/webhook-outbox.repository.js';
import {
  CLAIM_BATCH,
  claimDueDeliveries,
  isDelivered,
  disableFailingEndpoints,
  nextDueAt,
  recordAttempts,
  type ClaimedDelivery,
  type DisabledEndpoint,
  type Outcome,
} from './repository/webhook-delivery.repository.js';

export type { DisabledEndpoint } from './repository/webhook-delivery.repository.js';

/*
 * Sends the due deliveries. Per endpoint and order one at a time, in the order they were recorded: a delivery waits
 * while an earlier one of its order to that endpoint is pending (retrying); one that finally failed lets the next go.
 * A claim (a few minutes) keeps two instances off one delivery; no transaction is held while a request runs.
 * In the server it runs in a worker thread of its own (webhook-thread.ts), the outbox's dispatch with it: none of it
 * holds the API's event loop.
 */

/** The most of an answer read (its status is what counts); the rest is cut off. */
const MAX_ANSWER_BYTES = 64 * 1024;
/** Connections held open to one receiver's address at most; a round's further requests to it wait for one. */
const SOCKETS_PER_RECEIVER = 8;
/** An idle connection is closed after this, before the receiver's own keep-alive (often 5 s) would close it. */
const IDLE_SOCKET_MS = 4_000;
/** Requests started in one go of the event loop. */
const STARTED_AT_ONCE = 10;
/** Receivers whose connections are kept; the longest unused goes first. */
const KEPT_RECEIVERS = 200;

const WEBHOOK_SECRET_PREFIX = 'whsec_';

/** The secrets' keys, decoded once (a fan-out signs with a few secrets many times); forgotten when many. */
const keys = new Map<string, KeyObject>();
const KEPT_KEYS = 1_000;

function keyOf(secret: string): KeyObject {
  let key = keys.get(secret);
  if (!key) {
    if (keys.size >= KEPT_KEYS) keys.clear();
    const base64 = secret.startsWith(WEBHOOK_SECRET_PREFIX) ? secret.slice(WEBHOOK_SECRET_PREFIX.length) : secret;
    key = createSecretKey(Buffer.from(base64, 'base64'));
    keys.set(secret, key);
  }
  return key;
}

/** Standard Webhooks' `v1` signature: HMAC-SHA256 of `id.timestamp.body` with the secret's bytes, in base64. */
function sign(secret: string, messageId: string, sentAt: Date, body: string): string {
  const timestamp = Math.floor(sentAt.getTime() / 1000);
  return `v1,${createHmac('sha256', keyOf(secret)).update(`${messageId}.${timestamp}.${body}`).digest('base64')}`;
}

/** The `webhook-signature` header: the current secret's, and the previous one's during its overlap. */
export function signatureOf(
  delivery: Pick<ClaimedDelivery, 'message_id' | 'body' | 'secret' | 'previous_secret' | 'previous_secret_until'>,
  sentAt: Date,
  now: Date,
): string {
  const secrets = [delivery.secret];
  const until = instant(delivery.previous_secret_until);
  if (delivery.previous_secret && until && until > now) secrets.push(delivery.previous_secret);
  return secrets.map((secret) => sign(secret, delivery.message_id, sentAt, delivery.body)).join(' ');
}

/**
 * Kept-alive connections per receiver and checked address: a fan-out reuses a few connections instead of opening one
 * a request. The address is part of the key and every new connection is pinned to it, so a connection only ever goes
 * to the address checked for the request that uses it.
 */
const agents = new Map<string, http.Agent>();

function agentFor(target: ResolvedTarget): http.Agent {
  const key = `${target.url.protocol}//${target.url.host}|${target.address}`;
  let agent = agents.get(key);
  if (agent) {
    agents.delete(key);
  } else {
    const pinned: LookupFunction = (_hostname, options, callback) => {
      if (options.all) callback(null, [{ address: target.address, family: target.family }]);
      else callback(null, target.address, target.family);
    };
    const options = { keepAlive: true, maxSockets: SOCKETS_PER_RECEIVER, timeout: IDLE_SOCKET_MS, lookup: pinned };
    agent = target.url.protocol === 'https:' ? new https.Agent(options) : new http.Agent(options);
    if (agents.size >= KEPT_RECEIVERS) {
      const [oldest] = agents.keys();
      agents.get(oldest)?.destroy();
      agents.delete(oldest);
    }
  }
  agents.set(key, agent);
  return agent;
}

/** Closes the kept connections (a stopping sender's: nothing then holds its thread open). */
export function closeWebhookConnections(): void {
  for (const agent of agents.values()) agent.destroy();
  agents.clear();
}

type Posted = { statusCode: number | null; error: string | null };

/** One POST; `stale`: a kept connection the receiver had closed as it was reused, so nothing was answered. */
function postOnce(target: ResolvedTarget, body: string, headers: Record<string, string>, timeoutMs: number) {
  const client = target.url.protocol === 'https:' ? https : http;
  return new Promise<{ posted: Posted; stale: boolean }>((resolve) => {
    const request = client.request(
      target.url,
      {
        method: 'POST',
        headers: { ...headers, 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) },
        agent: agentFor(target),
        signal: AbortSignal.timeout(timeoutMs),
      },
      (answer) => {
        let read = 0;
        const statusCode = answer.statusCode ?? null;
        answer.on('data', (chunk: Buffer) => {
          read += chunk.length;
          if (read > MAX_ANSWER_BYTES) answer.destroy();
        });
        answer.on('error', () => resolve({ posted: { statusCode, error: null }, stale: false }));
        answer.on('close', () => resolve({ posted: { statusCode, error: null }, stale: false }));
      },
    );
    request.on('error', (error: NodeJS.ErrnoException) =>
      resolve({
        posted: {
          statusCode: null,
          error: (error.name === 'TimeoutError' ? 'TIMEOUT' : (error.code ?? error.name)).slice(0, 200),
        },
        stale: request.reusedSocket && error.code === 'ECONNRESET',
      }),
    );
    request.end(body);
  });
}

/** POSTs the body to the checked address (never a second lookup), within the timeout, reading a capped answer. */
async function post(target: ResolvedTarget, body: string, headers: Record<string, string>, timeoutMs: number) {
  const first = await postOnce(target, body, headers, timeoutMs);
  // Sent again once, on a new connection: the receiver most likely closed the kept one as idle (and it dedupes on
  // `webhook-id` in any case).
  return first.stale ? (await postOnce(target, body, headers, timeoutMs)).posted : first.posted;
}

async function send(
  delivery: ClaimedDelivery,
  target: { refusal: AddressRefusal } | ResolvedTarget,
  config: WebhookConfig,
  now: Date,
): Promise<Outcome> {
  if ('refusal' in target) return { statusCode: null, error: target.refusal, durationMs: 0 };
  const started = performance.now();
  // The receiver checks `webhook-timestamp` against its own clock (replay protection): real time, not the application's.
  const sentAt = new Date();
  const headers = {
    'webhook-id': delivery.message_id,
    'webhook-timestamp': String(Math.floor(sentAt.getTime() / 1000)),
    'webhook-signature': signatureOf(delivery, sentAt, now),
    'user-agent': 'Tijdvak-Webhooks/1',
  };
  const result = await post(target, delivery.body, headers, config.timeoutMs);
  return { ...result, durationMs: Math.round(performance.now() - started) };
}

export interface SendRun {
  sent: number;
  /** Of those sent, the ones answered with a 2xx. */
  delivered: number;
  disabled: DisabledEndpoint[];
  /** When the next pending delivery is due, if any. */
  nextDueAt: Date | null;
  /** The run stopped at its most rounds with every claim full (or the outbox not emptied): more may be due now. */
  more: boolean;
}

/**
 * One run of the webhooks' work: (a part of) the outbox into deliveries, then what is due sent. Safe on every
 * instance at once (the dispatcher's lock, the senders' claims).
 */
export async function dispatchAndSendWebhooks(
  pool: Pool,
  config: WebhookConfig,
  now: () => Date,
  stopping?: () => boolean,
) {
  // A part of a large outbox, then its deliveries sent; the caller comes back for the next part.
  const outbox = await dispatchWebhookOutbox(pool, now());
  const run = await sendDueWebhooks(pool, config, now, undefined, stopping);
  if (outbox.more) run.more = true;
  return run;
}

/**
 * Sends what is due (rounds of claims until none is left, `maxRounds`, or `stopping` says so between two rounds),
 * then turns off the endpoints failing for a day.
 */
export async function sendDueWebhooks(
  pool: Pool,
  config: WebhookConfig,
  now: () => Date,
  maxRounds = 20,
  stopping: () => boolean = () => false,
): Promise<SendRun> {
  let sent = 0;
  let delivered = 0;
  let more = false;
  for (let round = 0; round < maxRounds; round += 1) {
    if (stopping()) {
      more = true;
      break;
    }
    const claimed = await claimDueDeliveries(pool, now());
    if (claimed.length === 0) break;
    more = round === maxRounds - 1 && claimed.length === CLAIM_BATCH;
    // Each URL checked once a round, just before the round's requests to it.
    const targets = new Map(
      await Promise.all(
        [...new Set(claimed.map((delivery) => delivery.url))].map(
          async (url) => [url, await resolveTarget(url, config)] as const,
        ),
      ),
    );
    const attempts: Promise<{ delivery: ClaimedDelivery; outcome: Outcome }>[] = [];
    for (const [index, delivery] of claimed.entries()) {
      // The requests start a slice at a time, the API's requests waiting meanwhile between the slices.
      if (index > 0 && index % STARTED_AT_ONCE === 0) await new Promise((resolve) => setImmediate(resolve));
      const target = targets.get(delivery.url)!;
      attempts.push(send(delivery, target, config, now()).then((outcome) => ({ delivery, outcome })));
    }
    const outcomes = await Promise.all(attempts);
    await recordAttempts(pool, outcomes, now());
    delivered += outcomes.filter(({ outcome }) => isDelivered(outcome)).length;
    sent += claimed.length;
    // The API's requests waiting meanwhile go before the next round's work.
    await new Promise((resolve) => setImmediate(resolve));
  }
  const disabled = await disableFailingEndpoints(pool, now());
  return { sent, delivered, disabled, nextDueAt: await nextDueAt(pool), more };
}
