import { Field, Int, ObjectType } from 'type-graphql';
import { RequireRoleForAll } from '../common/auth/require-role.js';
import { MessageChannel, MessageKind, MessageStatus } from './consumer-message.entity.js';
import { MessageFailureCode } from './message-failure.js';
import { OFFICE } from '../common/auth/role.js';

@ObjectType({ description: 'One message to the consumer of an order, as the order screen lists it.' })
@RequireRoleForAll(...OFFICE)
export class ConsumerMessageLogEntry {
  @Field(() => Int, { description: 'The message; `resendConsumerMessage` takes it.' })
  id!: number;

  @Field(() => MessageKind, { description: 'What it tells: the window, an update or a cancellation.' })
  kind!: MessageKind;

  @Field(() => MessageChannel, { description: 'E-mail or SMS.' })
  channel!: MessageChannel;

  @Field(() => String, {
    nullable: true,
    description:
      'Where it went, masked (`j•••@example.nl`, `06 •••• 5678`): enough to recognise, not to copy. Null once removed after the visit.',
  })
  maskedRecipient!: string | null;

  @Field(() => MessageStatus, { description: 'Queued, sent, failed or skipped; see `openedAt` for a mail read.' })
  status!: MessageStatus;

  @Field(() => String, {
    nullable: true,
    description:
      "The technical detail of `failureCode`: the mail server's or SMS provider's own words (English), addresses and " +
      'numbers left out. Null once removed after the visit.',
  })
  failureReason!: string | null;

  @Field(() => MessageFailureCode, {
    nullable: true,
    description: 'Why the last try failed (also while a retry waits), or why it was skipped; null when neither.',
  })
  failureCode!: MessageFailureCode | null;

  @Field(() => Int, { description: 'Tries to hand it over so far, resends included.' })
  tries!: number;

  @Field({ description: 'When it was written (queued).' })
  createdAt!: Date;

  @Field(() => Date, { nullable: true, description: 'When it was handed over last.' })
  sentAt!: Date | null;

  @Field(() => Date, { nullable: true, description: 'When the last try failed for good.' })
  failedAt!: Date | null;

  @Field(() => Date, {
    nullable: true,
    description:
      "E-mail only: the first time the mail's image was loaded after it was sent (and before the order's next mail). " +
      'Mail programs that block images never report it.',
  })
  openedAt!: Date | null;
}

@ObjectType({ description: "The messages to an order's consumer, newest first." })
@RequireRoleForAll(...OFFICE)
export class OrderMessageLog {
  @Field(() => Int, { description: 'All messages of the order; `messages` holds the newest of them.' })
  totalCount!: number;

  @Field(() => [ConsumerMessageLogEntry], { description: 'At most 50, newest first.' })
  messages!: ConsumerMessageLogEntry[];
}
