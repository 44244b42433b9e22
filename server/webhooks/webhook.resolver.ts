import { Arg, Ctx, ID, Int, Mutation, Query, Resolver } from 'type-graphql';
import { RequireRoleForAll } from '../common/auth/require-role.js';
import { Role } from '../common/auth/role.js';
import type { AppContext } from '../context.js';
import { CreateWebhookEndpointInput, RotateWebhookSecretInput, UpdateWebhookEndpointInput } from './webhook.inputs.js';
import { WebhookService } from './webhook.service.js';
import { WebhookDelivery, WebhookEndpoint, WebhookEndpointSecretPayload } from './webhook.types.js';

/** Staff only: no scope opens these to an application's key. */
@Resolver()
@RequireRoleForAll(Role.ADMIN)
export class WebhookResolver {
  @Query(() => [WebhookEndpoint], { description: "An application's webhook endpoints (at most 20), oldest first." })
  webhookEndpoints(
    @Ctx() ctx: AppContext,
    @Arg('apiClientId', () => Int) apiClientId: number,
  ): Promise<WebhookEndpoint[]> {
    return new WebhookService(ctx).endpoints(apiClientId);
  }

  @Query(() => [WebhookDelivery], {
    description: "An application's webhook deliveries over its endpoints, the newest first (`first`: 1 to 100).",
  })
  webhookDeliveries(
    @Ctx() ctx: AppContext,
    @Arg('apiClientId', () => Int) apiClientId: number,
    @Arg('first', () => Int, { defaultValue: 50 }) first: number,
  ): Promise<WebhookDelivery[]> {
    return new WebhookService(ctx).deliveries(apiClientId, first);
  }

  @Mutation(() => WebhookEndpointSecretPayload, {
    description:
      'Subscribes an application to events at a URL (https, a public address); its signing secret is shown this once.',
  })
  createWebhookEndpoint(
    @Ctx() ctx: AppContext,
    @Arg('input', () => CreateWebhookEndpointInput) input: CreateWebhookEndpointInput,
  ): Promise<WebhookEndpointSecretPayload> {
    return new WebhookService(ctx).create(input);
  }

  @Mutation(() => WebhookEndpoint, { description: "Changes an endpoint's URL or events, or turns it on or off." })
  updateWebhookEndpoint(
    @Ctx() ctx: AppContext,
    @Arg('input', () => UpdateWebhookEndpointInput) input: UpdateWebhookEndpointInput,
  ): Promise<WebhookEndpoint> {
    return new WebhookService(ctx).update(input);
  }

  @Mutation(() => WebhookEndpointSecretPayload, {
    description:
      'Gives an endpoint a new signing secret, shown this once; the current one keeps signing beside it for `overlapHours`.',
  })
  rotateWebhookSecret(
    @Ctx() ctx: AppContext,
    @Arg('input', () => RotateWebhookSecretInput) input: RotateWebhookSecretInput,
  ): Promise<WebhookEndpointSecretPayload> {
    return new WebhookService(ctx).rotateSecret(input);
  }

  @Mutation(() => Boolean, { description: 'Removes an endpoint with its delivery log.' })
  deleteWebhookEndpoint(@Ctx() ctx: AppContext, @Arg('id', () => Int) id: number): Promise<boolean> {
    return new WebhookService(ctx).delete(id);
  }

  @Mutation(() => WebhookDelivery, {
    description: 'Sends a delivery again now, with the same `webhook-id`, retried for a day if it fails.',
  })
  redeliverWebhook(@Ctx() ctx: AppContext, @Arg('id', () => ID) id: string): Promise<WebhookDelivery> {
    return new WebhookService(ctx).redeliver(id);
  }
}
