import { Field, InputType, Int } from 'type-graphql';
import { RATING_COMMENT_MAX_LENGTH, RATING_MAX, RATING_MIN } from '../../shared/ratings.js';

/**
 * The score and comment of a rating, the same whichever way the visit is named (data token or rating link). Only the two
 * inputs that inherit its fields reach the schema.
 */
@InputType()
export abstract class RatingScoreInput {
  @Field(() => Int, { description: `The score, ${RATING_MIN} (poor) to ${RATING_MAX} (excellent).` })
  score!: number;

  @Field(() => String, {
    nullable: true,
    description: `An optional comment, plain text, at most ${RATING_COMMENT_MAX_LENGTH} characters; line breaks allowed. Empty or left out: no comment.`,
  })
  comment?: string | null;
}

@InputType({ description: 'A rating of one finished visit of the data token. Sending it again changes it.' })
export class RateVisitInput extends RatingScoreInput {
  @Field({ description: 'The reference number of the visit, as `consumerVisits` lists it.' })
  referenceNumber!: string;
}
