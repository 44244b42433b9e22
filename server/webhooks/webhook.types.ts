import { Field, ID, Int, ObjectType } from 'type-graphql';
import { RequireRoleForAll } from '../common/auth/require-role.js';
import { Role } from '../common/auth/role.js';

@ObjectType({
  description:
    "A URL of an application that receives its events, signed per the Standard Webhooks specification with the endpoint's secret.",
})
@RequireRoleForAll(Role.ADMIN)
export class WebhookEndpoint {
  @Field(() => Int, { description: 'Database id.' })
  id!: number;

  @Field(() => Int, { description: 'The application it belongs to.' })
  apiClientId!: number;

  @Field({ description: 'Where the events are posted (https).' })
  url!: string;

  @Field(() => [String], { description: 'The event types it receives, such as order.created.' })
  events!: string[];

  @Field({ description: 'False once an admin turned it off or it failed for a day: nothing is sent.' })
  enabled!: boolean;

  @Field(() => Date, { nullable: true, description: 'When it was turned off.' })
  disabledAt!: Date | null;

  @Field(() => Date, { nullable: true, description: 'Since when its requests fail; cleared by a success.' })
  failingSince!: Date | null;

  @Field(() => Date, {
    nullable: true,
    description: 'Until when the secret before the last rotation still signs beside the new one.',
  })
  previousSecretUntil!: Date | null;

  @Field({ description: 'When it was created.' })
  createdAt!: Date;
}

@ObjectType({ description: 'An endpoint with its new secret: the secret is shown this once, and never again.' })
@RequireRoleForAll(Role.ADMIN)
export class WebhookEndpointSecretPayload {
  @Field(() => WebhookEndpoint, { description: 'The endpoint.' })
  endpoint!: WebhookEndpoint;

  @Field({ description: 'The signing secret, `whsec_…` (base64 after the prefix).' })
  secret!: string;
}

@ObjectType({ description: 'One event sent, or being sent, to one endpoint.' })
@RequireRoleForAll(Role.ADMIN)
export class WebhookDelivery {
  @Field(() => ID, { description: 'Database id.' })
  id!: string;

  @Field(() => Int, { description: 'The endpoint.' })
  endpointId!: number;

  @Field({ description: 'The `webhook-id` header: the same on every attempt and redelivery of this event.' })
  messageId!: string;

  @Field({ description: 'The event type.' })
  type!: string;

  @Field(() => Int, { nullable: true, description: 'The order it is about, if any.' })
  orderId!: number | null;

  @Field({ description: 'PENDING (waiting or retrying), DELIVERED (a 2xx answer) or FAILED (a day of failures).' })
  status!: string;

  @Field(() => Int, { description: 'Requests made so far.' })
  attempts!: number;

  @Field({ description: 'When the event was recorded.' })
  createdAt!: Date;

  @Field(() => Date, { nullable: true, description: 'When the last request was made.' })
  lastAttemptAt!: Date | null;

  @Field(() => Int, { nullable: true, description: "The last answer's HTTP status, if there was one." })
  lastStatusCode!: number | null;

  @Field(() => Int, { nullable: true, description: 'How long the last request took, in milliseconds.' })
  lastDurationMs!: number | null;

  @Field(() => String, { nullable: true, description: 'Why the last request failed without an answer.' })
  lastError!: string | null;

  @Field(() => Date, { nullable: true, description: 'When the next request is due (pending deliveries).' })
  nextAttemptAt!: Date | null;
}
