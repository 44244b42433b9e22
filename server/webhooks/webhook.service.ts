import { randomBytes } from 'node:crypto';
import { AppError, type FieldProblem } from '../common/errors/app-error.js';
import { refuseFieldProblems } from '../common/errors/common.errors.js';
import type { AppContext } from '../context.js';
import { isWebhookEventType } from '../../shared/webhook-events.js';
import { resolveTarget } from './webhook-address.js';
import { WebhookError } from './webhook.errors.js';
import type {
  CreateWebhookEndpointInput,
  RotateWebhookSecretInput,
  UpdateWebhookEndpointInput,
} from './webhook.inputs.js';
import type { WebhookDelivery, WebhookEndpoint, WebhookEndpointSecretPayload } from './webhook.types.js';
import {
  countEndpoints,
  deleteEndpoint,
  deliveriesOf,
  deliveryById,
  DELIVERY_LOG_LIMIT,
  endpointById,
  endpointsOf,
  ENDPOINTS_PER_APPLICATION,
  insertEndpoint,
  lockLiveApplication,
  requeueDelivery,
  rotateEndpointSecret,
  updateEndpoint,
  type DeliveryRow,
  type EndpointRow,
} from './repository/webhook.repository.js';
import { RETRY_WINDOW_MS } from './webhook-retries.js';

const DEFAULT_OVERLAP_HOURS = 24;
const MAX_OVERLAP_HOURS = 168;
const URL_MAX_LENGTH = 2000;

const isInt4 = (value: number) => Number.isInteger(value) && value >= 1 && value <= 2_147_483_647;

/** A new signing secret: 32 random bytes, as the Standard Webhooks libraries read it. */
export function newWebhookSecret(): string {
  return `whsec_${randomBytes(32).toString('base64')}`;
}

const toEndpoint = (row: EndpointRow): WebhookEndpoint => ({
  id: row.id,
  apiClientId: row.client_id,
  url: row.url,
  events: row.events,
  enabled: row.enabled,
  disabledAt: row.disabled_at,
  failingSince: row.failing_since,
  previousSecretUntil: row.previous_secret_until,
  createdAt: row.created_at,
});

const toDelivery = (row: DeliveryRow): WebhookDelivery => ({
  id: row.id,
  endpointId: row.endpoint_id,
  messageId: row.message_id,
  type: row.type,
  orderId: row.order_id,
  status: row.status,
  attempts: row.attempts,
  createdAt: row.created_at,
  lastAttemptAt: row.last_attempt_at,
  lastStatusCode: row.last_status_code,
  lastDurationMs: row.last_duration_ms,
  lastError: row.last_error,
  nextAttemptAt: row.status === 'PENDING' ? row.next_attempt_at : null,
});

/** Applications' webhook endpoints and their delivery log, managed by admins. */
export class WebhookService {
  constructor(private readonly ctx: AppContext) {}

  async endpoints(apiClientId: number): Promise<WebhookEndpoint[]> {
    if (!isInt4(apiClientId)) return [];
    return (await endpointsOf(this.ctx.em, apiClientId)).map(toEndpoint);
  }

  async create(input: CreateWebhookEndpointInput): Promise<WebhookEndpointSecretPayload> {
    const events = this.checkedEvents(input.events);
    const url = await this.checkedUrl(
      input.url,
      events === null ? [{ field: 'events', message: 'WEBHOOK_EVENTS_INVALID' }] : [],
    );
    if (!isInt4(input.apiClientId)) throw new AppError(WebhookError.WEBHOOK_APPLICATION_NOT_FOUND);
    const secret = newWebhookSecret();
    const id = await this.ctx.em.transactional(async (em) => {
      if (!(await lockLiveApplication(em, input.apiClientId))) {
        throw new AppError(WebhookError.WEBHOOK_APPLICATION_NOT_FOUND);
      }
      if ((await countEndpoints(em, input.apiClientId)) >= ENDPOINTS_PER_APPLICATION) {
        throw new AppError(WebhookError.WEBHOOK_ENDPOINT_LIMIT);
      }
      return insertEndpoint(em, {
        clientId: input.apiClientId,
        url,
        events: events ?? [],
        secret,
        now: this.ctx.services.clock.now(),
      });
    });
    return { endpoint: await this.byId(id), secret };
  }

  async update(input: UpdateWebhookEndpointInput): Promise<WebhookEndpoint> {
    const events = input.events === null || input.events === undefined ? null : this.checkedEvents(input.events);
    const problems: FieldProblem[] =
      input.events !== null && input.events !== undefined && events === null
        ? [{ field: 'events', message: 'WEBHOOK_EVENTS_INVALID' }]
        : [];
    const url = input.url === null || input.url === undefined ? null : await this.checkedUrl(input.url, problems);
    refuseFieldProblems(problems);
    if (!isInt4(input.id)) throw new AppError(WebhookError.WEBHOOK_NOT_FOUND);
    const updated = await updateEndpoint(this.ctx.em, {
      id: input.id,
      url,
      events,
      enabled: input.enabled ?? null,
      now: this.ctx.services.clock.now(),
    });
    if (!updated) throw new AppError(WebhookError.WEBHOOK_NOT_FOUND);
    return this.byId(input.id);
  }

  async rotateSecret(input: RotateWebhookSecretInput): Promise<WebhookEndpointSecretPayload> {
    const overlapHours = input.overlapHours ?? DEFAULT_OVERLAP_HOURS;
    if (!(Number.isInteger(overlapHours) && overlapHours >= 0 && overlapHours <= MAX_OVERLAP_HOURS)) {
      refuseFieldProblems([{ field: 'overlapHours', message: 'WEBHOOK_OVERLAP_INVALID' }]);
    }
    if (!isInt4(input.id)) throw new AppError(WebhookError.WEBHOOK_NOT_FOUND);
    const secret = newWebhookSecret();
    const previousUntil = new Date(this.ctx.services.clock.now().getTime() + overlapHours * 3_600_000);
    if (!(await rotateEndpointSecret(this.ctx.em, { id: input.id, secret, previousUntil }))) {
      throw new AppError(WebhookError.WEBHOOK_NOT_FOUND);
    }
    return { endpoint: await this.byId(input.id), secret };
  }

  async delete(id: number): Promise<boolean> {
    if (!isInt4(id) || !(await deleteEndpoint(this.ctx.em, id))) throw new AppError(WebhookError.WEBHOOK_NOT_FOUND);
    return true;
  }

  async deliveries(apiClientId: number, first: number): Promise<WebhookDelivery[]> {
    if (!isInt4(apiClientId)) return [];
    const limit = Math.min(Math.max(Number.isInteger(first) ? first : DELIVERY_LOG_LIMIT, 1), DELIVERY_LOG_LIMIT);
    return (await deliveriesOf(this.ctx.em, apiClientId, limit)).map(toDelivery);
  }

  async redeliver(id: string): Promise<WebhookDelivery> {
    if (!/^[1-9]\d{0,17}$/.test(id)) throw new AppError(WebhookError.WEBHOOK_NOT_FOUND);
    const now = this.ctx.services.clock.now();
    if (!(await requeueDelivery(this.ctx.em, id, now, new Date(now.getTime() + RETRY_WINDOW_MS)))) {
      throw new AppError(WebhookError.WEBHOOK_NOT_FOUND);
    }
    const row = await deliveryById(this.ctx.em, id);
    if (!row) throw new AppError(WebhookError.WEBHOOK_NOT_FOUND);
    await this.ctx.services.jobs.send(WEBHOOK_SEND_QUEUE_NAME, {}, { singletonKey: WEBHOOK_SEND_QUEUE_NAME });
    return toDelivery(row);
  }

  /** The subscribed event types without repeats; null when one is unknown or none is given. */
  private checkedEvents(events: readonly string[]): string[] | null {
    const unique = [...new Set(events.map((event) => event.trim()))];
    return unique.length > 0 && unique.every(isWebhookEventType) ? unique : null;
  }

  /** The URL, refused (with the other problems) unless it may be used and its host resolves to public addresses. */
  private async checkedUrl(raw: string, problems: FieldProblem[]): Promise<string> {
    const trimmed = raw.trim();
    if (trimmed.length === 0 || trimmed.length > URL_MAX_LENGTH) {
      refuseFieldProblems([...problems, { field: 'url', message: 'WEBHOOK_URL_INVALID' }]);
    }
    const target = await resolveTarget(trimmed, this.ctx.services.config.webhooks);
    if ('refusal' in target) refuseFieldProblems([...problems, { field: 'url', message: target.refusal }]);
    refuseFieldProblems(problems);
    return trimmed;
  }

  private async byId(id: number): Promise<WebhookEndpoint> {
    const row = await endpointById(this.ctx.em, id);
    if (!row) throw new AppError(WebhookError.WEBHOOK_NOT_FOUND);
    return toEndpoint(row);
  }
}

/** The queue of the sender (webhook-work.ts). */
export const WEBHOOK_SEND_QUEUE_NAME = 'webhooks.send';
