import { Field, InputType } from 'type-graphql';
import { VisitAnswer } from '../replies/consumer-reply.entity.js';

@InputType({
  description:
    'A consumer reply to one visit of the data token. Give the answer, the access note or both; what is left out stays as it was.',
})
export class ReplyToVisitInput {
  @Field({ description: 'The reference number of the visit, as `consumerVisits` lists it.' })
  referenceNumber!: string;

  @Field(() => VisitAnswer, { nullable: true, description: 'The one-tap answer; left out: unchanged.' })
  answer?: VisitAnswer | null;

  @Field(() => String, {
    nullable: true,
    description:
      'Access note as plain text (floor, bell, parking), at most 300 characters; line breaks allowed. Empty: removes the note. Left out: unchanged.',
  })
  accessNote?: string | null;
}
