import { Arg, Ctx, FieldResolver, Mutation, Resolver, Root } from 'type-graphql';
import { RequireRole, RequireRoleForAll } from '../common/auth/require-role.js';
import { OFFICE, Role } from '../common/auth/role.js';
import { ConsumerVisit } from '../consumers/consumer-visit.types.js';
import type { AppContext } from '../context.js';
import { Order } from '../orders/index.js';
import { VisitStatus } from '../visits/visit-status.entity.js';
import { RATING_CHANGEABLE_DAYS } from '../../shared/ratings.js';
import { RateVisitInput } from './visit-rating.inputs.js';
import { isRatingOpen, VisitRatingService } from './visit-rating.service.js';
import { VisitRating } from './visit-rating.entity.js';

@Resolver(() => VisitRating)
export class VisitRatingResolver {
  @Mutation(() => VisitRating, {
    description: `The consumer rates a finished visit of the data token (1 to 5 and an optional comment), or changes the rating: once per order, for ${RATING_CHANGEABLE_DAYS} days after the visit was finished. VISIT_NOT_FOUND outside the token, RATING_NOT_FINISHED before the visit is finished, RATING_CLOSED afterwards, BAD_USER_INPUT for a score outside 1-5 or a comment over 500 characters, RATE_LIMITED after too many changes.`,
  })
  @RequireRole(Role.CONSUMER)
  rateVisit(@Ctx() ctx: AppContext, @Arg('input', () => RateVisitInput) input: RateVisitInput): Promise<VisitRating> {
    return new VisitRatingService(ctx).rate(input);
  }
}

@Resolver(() => ConsumerVisit)
@RequireRoleForAll(Role.CONSUMER)
export class ConsumerVisitRatingResolver {
  @FieldResolver(() => VisitRating, { nullable: true, description: 'The rating given to this visit; null before one.' })
  rating(@Root() visit: ConsumerVisit, @Ctx() ctx: AppContext): Promise<VisitRating | null> {
    return ctx.em.findOne(VisitRating, { order: visit.orderId });
  }

  @FieldResolver(() => Boolean, {
    description: `True while the visit can be rated: it is finished, for ${RATING_CHANGEABLE_DAYS} days after.`,
  })
  async ratingOpen(@Root() visit: ConsumerVisit, @Ctx() ctx: AppContext): Promise<boolean> {
    const status = await ctx.em.findOne(VisitStatus, { order: visit.orderId });
    return isRatingOpen(status, ctx.services.clock.now());
  }
}

@Resolver(() => Order)
export class OrderRatingResolver {
  @FieldResolver(() => VisitRating, {
    nullable: true,
    description: "The consumer's rating of the visit; null before one. Admins only: never shown to technicians.",
  })
  @RequireRole(...OFFICE)
  rating(@Root() order: Order, @Ctx() ctx: AppContext): Promise<VisitRating | null> {
    return ctx.em.findOne(VisitRating, { order: order.id });
  }
}
