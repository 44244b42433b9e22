import { Field, InputType, Int } from 'type-graphql';
import { WEBHOOK_EVENT_DESCRIPTIONS, WEBHOOK_EVENT_TYPES } from '../../shared/webhook-events.js';

/** The event types with what each says, as the schema describes them to integrators. */
const EVENT_LIST = WEBHOOK_EVENT_TYPES.map((type) => `${type} (${WEBHOOK_EVENT_DESCRIPTIONS[type].en})`).join('; ');

@InputType({ description: 'A new endpoint of an application.' })
export class CreateWebhookEndpointInput {
  @Field(() => Int, { description: 'The application.' })
  apiClientId!: number;

  @Field({ description: 'An https URL whose host is a public address.' })
  url!: string;

  @Field(() => [String], { description: `Event types to receive, at least one: ${EVENT_LIST}.` })
  events!: string[];
}

@InputType({ description: 'Changes to an endpoint; what is left out stays as it is.' })
export class UpdateWebhookEndpointInput {
  @Field(() => Int, { description: 'The endpoint.' })
  id!: number;

  @Field(() => String, { nullable: true, description: 'A new URL.' })
  url?: string | null;

  @Field(() => [String], { nullable: true, description: 'The event types to receive from now on (as at creation).' })
  events?: string[] | null;

  @Field(() => Boolean, {
    nullable: true,
    description: 'Turn it on (its failures are forgotten) or off.',
  })
  enabled?: boolean | null;
}

@InputType({ description: 'A new signing secret for an endpoint.' })
export class RotateWebhookSecretInput {
  @Field(() => Int, { description: 'The endpoint.' })
  id!: number;

  @Field(() => Int, {
    nullable: true,
    description: 'Hours the current secret keeps signing beside the new one (0 to 168, default 24).',
  })
  overlapHours?: number | null;
}
