import { Field, Int, ObjectType } from 'type-graphql';
import { RequireRoleForAll } from '../common/auth/require-role.js';
import { ConsumerReply } from '../replies/consumer-reply.entity.js';
import { OFFICE } from '../common/auth/role.js';

@ObjectType({
  description:
    'Whether the customer of an order knows the visit window: their lookups on the consumer site that listed this order, and their reply.',
})
@RequireRoleForAll(...OFFICE)
export class OrderInformed {
  @Field(() => Int, {
    description:
      'Lookups by this customer (same address in NL, same phone number in BE) that listed this order: after it was created, before its window ended.',
  })
  lookupCount!: number;

  @Field(() => Date, { nullable: true, description: 'The first of those lookups.' })
  firstLookupAt!: Date | null;

  @Field(() => Date, { nullable: true, description: 'The last of those lookups.' })
  lastLookupAt!: Date | null;

  @Field({ description: 'When the window is first shown to the customer: 13:30 on the working day before the visit.' })
  windowShownFrom!: Date;

  @Field(() => Date, {
    nullable: true,
    description:
      'The first lookup at or after `windowShownFrom`: when the customer saw the window. Null: not seen (yet).',
  })
  windowSeenAt!: Date | null;

  @Field(() => ConsumerReply, { nullable: true, description: "The customer's reply; null when there is none." })
  reply!: ConsumerReply | null;
}
