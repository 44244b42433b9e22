import { RatingLinkResolver } from './rating-link.resolver.js';
import { ConsumerVisitRatingResolver, OrderRatingResolver, VisitRatingResolver } from './visit-rating.resolver.js';

export const ratingResolvers = [
  VisitRatingResolver,
  ConsumerVisitRatingResolver,
  OrderRatingResolver,
  RatingLinkResolver,
] as const;
