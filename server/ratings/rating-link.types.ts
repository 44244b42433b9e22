import { createUnionType, Field, InputType, Int, ObjectType, registerEnumType } from 'type-graphql';
import { Country, Language } from '../common/locale.js';
import { RatingLinkRefusal } from '../consumer-links/rating-link.js';
import { RATING_CHANGEABLE_DAYS, RATING_MAX, RATING_MIN } from '../../shared/ratings.js';
import { RatingScoreInput } from './visit-rating.inputs.js';

registerEnumType(RatingLinkRefusal, {
  name: 'RatingLinkRefusal',
  description: 'Why a rating link does not open the rating.',
  valuesConfig: {
    INVALID: { description: 'Not a rating link we made: mistyped, cut off, tampered with, or another kind of link.' },
    EXPIRED: {
      description: `The visit can no longer be rated (${RATING_CHANGEABLE_DAYS} days after it was finished).`,
    },
    REVOKED: {
      description:
        'The order was deleted, or its visit was moved, given to another technician or is no longer finished.',
    },
  },
});

@ObjectType({
  description: 'The rating as the rating link shows it: the score and the comment, nothing about the order.',
})
export class LinkedRating {
  @Field(() => Int, { description: `The score, ${RATING_MIN} (poor) to ${RATING_MAX} (excellent).` })
  score!: number;

  @Field(() => String, { nullable: true, description: 'The comment, plain text; null without one.' })
  comment!: string | null;

  @Field({ description: 'When the consumer last changed the rating.' })
  updatedAt!: Date;
}

@ObjectType({
  description:
    "The visit a rating link rates: what its page shows, and nothing that opens the order's details or replies.",
})
export class RatingLinkVisit {
  @Field({ description: 'The order reference number, as the message showed it.' })
  referenceNumber!: string;

  @Field({ description: "The start of the visit's window: its date, in the country's zone." })
  appointment!: Date;

  @Field(() => Country, { description: "The order's country." })
  country!: Country;

  @Field(() => Language, { description: "The order's language: show the page in it." })
  language!: Language;

  @Field({ description: 'Until when the rating can be given or changed (exclusive).' })
  ratingOpenUntil!: Date;

  @Field(() => LinkedRating, { nullable: true, description: 'The rating given so far; null before one.' })
  rating!: LinkedRating | null;
}

@ObjectType({ description: 'The rating link does not open the rating.' })
export class RatingLinkRefused {
  @Field(() => RatingLinkRefusal, { description: 'Why: not ours, too late, or about a visit that changed.' })
  reason!: RatingLinkRefusal;

  @Field(() => Country, {
    nullable: true,
    description: "The order's country when the link is genuine; null for a link we did not make.",
  })
  orderCountry!: Country | null;

  @Field(() => Language, {
    nullable: true,
    description: "The order's language when the link is genuine; null for a link we did not make (use the site's).",
  })
  orderLanguage!: Language | null;
}

export const RatingLinkResult = createUnionType({
  name: 'RatingLinkResult',
  description: 'The visit of a rating link with its rating, or why the link does not open it.',
  types: () => [RatingLinkVisit, RatingLinkRefused] as const,
  resolveType: (value) => (value instanceof RatingLinkRefused ? RatingLinkRefused : RatingLinkVisit),
});

@InputType({
  description: 'A rating given through the rating link of a thank-you message. Sending it again changes it.',
})
export class RateVisitByLinkInput extends RatingScoreInput {
  @Field({ description: 'The part of the rating link after `/b/`.' })
  token!: string;
}
