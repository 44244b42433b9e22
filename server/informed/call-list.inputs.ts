import { Field, InputType, Int } from 'type-graphql';
import { CALL_NOTE_MAX_LENGTH } from '../../shared/call-list.js';
import { CallStatus } from './order-call.entity.js';

@InputType({ description: "The outcome of a call from the call list, for one order on today's list." })
export class SetCallStatusInput {
  @Field(() => Int, { description: 'The order id.' })
  orderId!: number;

  @Field(() => CallStatus, {
    nullable: true,
    description: 'What came of the call; null clears the status (not called yet), with no note.',
  })
  status?: CallStatus | null;

  @Field(() => String, {
    nullable: true,
    description: `A note with the status: plain text on one line, at most ${CALL_NOTE_MAX_LENGTH} characters, trimmed (empty: no note).`,
  })
  note?: string | null;
}
