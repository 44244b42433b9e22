import http from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import type { EntityManager } from '@mikro-orm/postgresql';
import { Webhook } from 'standardwebhooks';
import type { WebhookConfig } from '../config.js';
import { resolveTarget, type ResolvedTarget } from './webhook-address.js';
import { instant } from './repository/webhook.repository.js';
import {
  CLAIM_BATCH,
  claimDueDeliveries,
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
 */

/** The most of an answer read (its status is what counts); the rest is cut off. */
const MAX_ANSWER_BYTES = 64 * 1024;

/** The `webhook-signature` header: the current secret's, and the previous one's during its overlap. */
export function signatureOf(
  delivery: Pick<ClaimedDelivery, 'message_id' | 'body' | 'secret' | 'previous_secret' | 'previous_secret_until'>,
  sentAt: Date,
  now: Date,
): string {
  const secrets = [delivery.secret];
  const until = instant(delivery.previous_secret_until);
  if (delivery.previous_secret && until && until > now) secrets.push(delivery.previous_secret);
  return secrets.map((secret) => new Webhook(secret).sign(delivery.message_id, sentAt, delivery.body)).join(' ');
}

/** POSTs the body to the checked address (never a second lookup), within the timeout, reading a capped answer. */
function post(target: ResolvedTarget, body: string, headers: Record<string, string>, timeoutMs: number) {
  const pinned: LookupFunction = (_hostname, options, callback) => {
    if (options.all) callback(null, [{ address: target.address, family: target.family }]);
    else callback(null, target.address, target.family);
  };
  const client = target.url.protocol === 'https:' ? https : http;
  return new Promise<{ statusCode: number | null; error: string | null }>((resolve) => {
    const request = client.request(
      target.url,
      {
        method: 'POST',
        headers: { ...headers, 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) },
        lookup: pinned,
        agent: false,
        signal: AbortSignal.timeout(timeoutMs),
      },
      (answer) => {
        let read = 0;
        const statusCode = answer.statusCode ?? null;
        answer.on('data', (chunk: Buffer) => {
          read += chunk.length;
          if (read > MAX_ANSWER_BYTES) answer.destroy();
        });
        answer.on('error', () => resolve({ statusCode, error: null }));
        answer.on('close', () => resolve({ statusCode, error: null }));
      },
    );
    request.on('error', (error: NodeJS.ErrnoException) =>
      resolve({
        statusCode: null,
        error: (error.name === 'TimeoutError' ? 'TIMEOUT' : (error.code ?? error.name)).slice(0, 200),
      }),
    );
    request.end(body);
  });
}

async function send(delivery: ClaimedDelivery, config: WebhookConfig, now: Date): Promise<Outcome> {
  const started = performance.now();
  const target = await resolveTarget(delivery.url, config);
  if ('refusal' in target) return { statusCode: null, error: target.refusal, durationMs: 0 };
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
  disabled: DisabledEndpoint[];
  /** When the next pending delivery is due, if any. */
  nextDueAt: Date | null;
  /** The run stopped at its most rounds with every claim full: more may be due now. */
  more: boolean;
}

/** Sends what is due (rounds of claims until none is left or `maxRounds`), then turns off the endpoints failing for a day. */
export async function sendDueWebhooks(
  em: EntityManager,
  config: WebhookConfig,
  now: () => Date,
  maxRounds = 20,
): Promise<SendRun> {
  let sent = 0;
  let more = false;
  for (let round = 0; round < maxRounds; round += 1) {
    const claimed = await claimDueDeliveries(em, now());
    if (claimed.length === 0) break;
    more = round === maxRounds - 1 && claimed.length === CLAIM_BATCH;
    const attempts = await Promise.all(
      claimed.map(async (delivery) => ({ delivery, outcome: await send(delivery, config, now()) })),
    );
    await recordAttempts(em, attempts, now());
    sent += claimed.length;
  }
  const disabled = await disableFailingEndpoints(em, now());
  return { sent, disabled, nextDueAt: await nextDueAt(em), more };
}
