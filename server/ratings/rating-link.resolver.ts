import { Arg, Ctx, Mutation, Query, Resolver } from 'type-graphql';
import type { AppContext } from '../context.js';
import { RATING_CHANGEABLE_DAYS } from '../../shared/ratings.js';
import { RatingLinkService } from './rating-link.service.js';
import { RateVisitByLinkInput, RatingLinkRefused, RatingLinkResult, RatingLinkVisit } from './rating-link.types.js';

@Resolver()
export class RatingLinkResolver {
  @Query(() => RatingLinkResult, {
    description: `Public. The visit of a rating link (\`/b/<token>\` in a thank-you message) and its rating, for the rating page; reads only. Refused (INVALID, EXPIRED ${RATING_CHANGEABLE_DAYS} days after the visit was finished, REVOKED once the order is deleted or the visit changed) with the order's country and language when the link is genuine. A personal link's token is INVALID here. RATE_LIMITED after too many links per client.`,
  })
  ratingLink(
    @Ctx() ctx: AppContext,
    @Arg('token', { description: 'The part of the link after `/b/`.' }) token: string,
  ): Promise<RatingLinkVisit | RatingLinkRefused> {
    return new RatingLinkService(ctx).view(token);
  }

  @Mutation(() => RatingLinkResult, {
    description: `Public. Rates the visit of a rating link, or changes its rating (1 to 5 and an optional comment), for ${RATING_CHANGEABLE_DAYS} days after the visit was finished. Refused like \`ratingLink\`; BAD_USER_INPUT for a score outside 1-5 or a comment over 500 characters, RATE_LIMITED after too many changes. Opens nothing else of the order.`,
  })
  rateVisitByLink(
    @Ctx() ctx: AppContext,
    @Arg('input', () => RateVisitByLinkInput) input: RateVisitByLinkInput,
  ): Promise<RatingLinkVisit | RatingLinkRefused> {
    return new RatingLinkService(ctx).rate(input);
  }
}
