import { Field, ObjectType } from 'type-graphql';
import { RequireRoleForAll } from '../common/auth/require-role.js';
import { Role } from '../common/auth/role.js';
import { Country } from '../common/locale.js';
import { LocalDateScalar } from '../common/time/date-scalars.js';
import { ConsumerReply } from '../replies/consumer-reply.entity.js';

@ObjectType({ description: 'The answer to a successful lookup.' })
export class LookUpVisitsPayload {
  @Field({
    description:
      'A short-lived CONSUMER bearer token that may read the found visits only; it carries `external { state, company }`.',
  })
  dataToken!: string;

  @Field({
    description:
      'Whether the visit window of the nearest visit can be shown (from 13:30 local time on the working day before the visit); false while it is still being prepared.',
  })
  windowAvailable!: boolean;
}

@ObjectType({
  description:
    'How the consumer will be told the window when it is published (13:30 on the working day before), with the addresses masked.',
})
@RequireRoleForAll(Role.CONSUMER)
export class VisitMessageNotice {
  @Field(() => String, {
    nullable: true,
    description: 'The e-mail address the window will be sent to, masked (`j•••@example.nl`); null: no e-mail.',
  })
  email!: string | null;

  @Field(() => String, {
    nullable: true,
    description: 'The mobile number the text message will go to, masked (`06 •••• 5678`); null: no text message.',
  })
  mobile!: string | null;
}

@ObjectType({ description: 'A visit as the consumer who looked it up sees it.' })
@RequireRoleForAll(Role.CONSUMER)
export class ConsumerVisit {
  /** The order behind the visit, for the fields other domains add (its progress, its rating); not shown. */
  orderId!: number;

  @Field({ description: 'The order reference number.' })
  referenceNumber!: string;

  @Field({ description: 'Customer name, for the greeting.' })
  name!: string;

  @Field({ description: 'Postcode, upper case without spaces.' })
  zipcode!: string;

  @Field(() => Country, { description: "The visit's country: its day and times are in that country's zone." })
  country!: Country;

  @Field(() => LocalDateScalar, { description: "The visit's day in its country's zone, shown from the start." })
  date!: string;

  @Field(() => Date, {
    nullable: true,
    description:
      'Start of the visit window; null until `windowAvailable`: before then the plan may still change, so no time is given out.',
  })
  appointment!: Date | null;

  @Field(() => Date, {
    nullable: true,
    description: 'End of the visit window (start plus its length, three hours); null until `windowAvailable`.',
  })
  end!: Date | null;

  @Field({
    description:
      'True from 13:30 local time on the working day before the visit: until then the window may still change and is not shown.',
  })
  windowAvailable!: boolean;

  @Field(() => Date, {
    description:
      "When the window is first shown: 13:30 on the working day before the visit, in the order's country's zone.",
  })
  windowShownFrom!: Date;

  @Field(() => VisitMessageNotice, {
    nullable: true,
    description:
      'Before the window is shown: where it will be sent when it is (masked). Null once it is shown, or when the order has no address to send it to.',
  })
  messageNotice!: VisitMessageNotice | null;

  @Field(() => ConsumerReply, {
    nullable: true,
    description: 'What the consumer replied to this visit so far; null before any reply.',
  })
  reply!: ConsumerReply | null;

  @Field({
    description:
      'True while the consumer may reply (and download the calendar file): the window is shown, we make the visit ourselves, and it has not started yet.',
  })
  replyOpen!: boolean;
}
