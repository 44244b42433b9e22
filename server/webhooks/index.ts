import { WebhookResolver } from './webhook.resolver.js';

export const webhookResolvers = [WebhookResolver] as const;

// The dispatcher and sender (system/scheduled-work.ts defines them; tests run one round directly).
export { defineWebhookWork, runWebhooks } from './webhook-work.js';
