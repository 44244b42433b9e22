import { Field, InputType, Int } from 'type-graphql';
import { RATING_COMMENT_MAX_LENGTH, RATING_MAX, RATING_MIN } from '../../shared/ratings.js';

@InputType({ description: 'A rating of one finished visit of the data token. Sending it again changes it.' })
export class RateVisitInput {
  @Field({ description: 'The reference number of the visit, as `consumerVisits` lists it.' })
  referenceNumber!: string;

  @Field(() => Int, { description: `The score, ${RATING_MIN} (poor) to ${RATING_MAX} (excellent).` })
  score!: number;

  @Field(() => String, {
    nullable: true,
    description: `An optional comment, plain text, at most ${RATING_COMMENT_MAX_LENGTH} characters; line breaks allowed. Empty or left out: no comment.`,
  })
  comment?: string | null;
}
