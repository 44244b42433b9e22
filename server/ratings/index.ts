import { ConsumerVisitRatingResolver, OrderRatingResolver, VisitRatingResolver } from './visit-rating.resolver.js';

export const ratingResolvers = [VisitRatingResolver, ConsumerVisitRatingResolver, OrderRatingResolver] as const;
