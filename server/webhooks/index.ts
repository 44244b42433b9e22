import { WebhookResolver } from './webhook.resolver.js';

export const webhookResolvers = [WebhookResolver] as const;

// The dispatcher and sender, defined with the rest of the scheduled work (system/scheduled-work.ts).
export { defineWebhookWork, removeOldWebhookDeliveries } from './webhook-work.js';
export { dueBacklog as webhookBacklog } from './repository/webhook-delivery.repository.js';
