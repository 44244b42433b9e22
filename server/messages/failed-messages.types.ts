import { ArgsType, Field, Int, ObjectType } from 'type-graphql';
import { RequireRoleForAll } from '../common/auth/require-role.js';
import { OFFICE } from '../common/auth/role.js';
import { Country } from '../common/locale.js';
import { connectionType, PageArgs } from '../common/pagination.js';
import { MessageChannel, MessageKind } from './consumer-message.entity.js';
import { MessageFailureCode } from './message-failure.js';

@ObjectType({ description: 'A consumer message that failed for good, with its order, as the office log lists it.' })
@RequireRoleForAll(...OFFICE)
export class FailedConsumerMessage {
  @Field(() => Int, { description: 'The message; `resendConsumerMessage` takes it.' })
  id!: number;

  @Field(() => MessageKind, { description: 'What it told.' })
  kind!: MessageKind;

  @Field(() => MessageChannel, { description: 'E-mail or SMS.' })
  channel!: MessageChannel;

  @Field(() => String, {
    nullable: true,
    description: "Where it was to go, masked as in the order's message log. Null once removed after the visit.",
  })
  maskedRecipient!: string | null;

  @Field(() => MessageFailureCode, { description: 'Why the last try failed.' })
  failureCode!: MessageFailureCode;

  @Field(() => String, {
    nullable: true,
    description: "The mail server's or SMS provider's own words (English). Null once removed after the visit.",
  })
  failureReason!: string | null;

  @Field(() => Int, { description: 'Tries to hand it over.' })
  tries!: number;

  @Field({ description: 'When the last try failed for good.' })
  failedAt!: Date;

  @Field(() => Int, { description: 'The order (its `id`).' })
  orderId!: number;

  @Field({ description: "The order's reference number." })
  referenceNumber!: string;

  @Field(() => Country, { description: "The order's country." })
  country!: Country;
}

export const FailedConsumerMessageConnection = connectionType(FailedConsumerMessage, OFFICE);

@ArgsType()
export class FailedConsumerMessagesArgs extends PageArgs {
  @Field(() => MessageFailureCode, { nullable: true, description: 'Only the messages that failed for this reason.' })
  failureCode?: MessageFailureCode | null;
}
