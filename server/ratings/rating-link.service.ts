import { externalHandlingOf } from '../common/auth/tokens.js';
import { Role } from '../common/auth/role.js';
import { withViewer, type AppContext } from '../context.js';
import { ratingLinkOrder, RatingLinkRefusal } from '../consumer-links/rating-link.js';
import { orderLanguageOf, type Order } from '../orders/index.js';
import { VisitStage, VisitStatus } from '../visits/visit-status.entity.js';
import { ratingOpenUntil } from '../../shared/ratings.js';
import { LinkedRating, RatingLinkRefused, RatingLinkVisit, type RateVisitByLinkInput } from './rating-link.types.js';
import { isRatingOpen, VisitRatingService } from './visit-rating.service.js';
import { VisitRating } from './visit-rating.entity.js';

function refused(reason: RatingLinkRefusal, order: Order | null): RatingLinkRefused {
  return Object.assign(new RatingLinkRefused(), {
    reason,
    orderCountry: order?.country ?? null,
    orderLanguage: order ? orderLanguageOf(order) : null,
  });
}

/**
 * The rating link of a thank-you message (docs/rules.md, Rating link): it shows and saves the rating of its one
 * visit and nothing else — no data token, so neither the details page nor the replies. Opening it reads only;
 * the rating is given by the page's mutation.
 */
export class RatingLinkService {
  constructor(private readonly ctx: AppContext) {}

  /** The visit and its rating, or why the link does not open it. Counted against the client's link budget. */
  async view(token: string): Promise<RatingLinkVisit | RatingLinkRefused> {
    const checked = await this.check(token);
    if (checked instanceof RatingLinkRefused) return checked;
    return this.visitOf(checked.order, checked.status);
  }

  /** Saves the rating (first or changed) of the link's visit, with the rules of every rating. */
  async rate(input: RateVisitByLinkInput): Promise<RatingLinkVisit | RatingLinkRefused> {
    const checked = await this.check(input.token);
    if (checked instanceof RatingLinkRefused) return checked;
    const { order } = checked;
    // The holder of the link is the consumer of its one order: the order's history names the consumer.
    const asConsumer = withViewer(this.ctx, {
      role: Role.CONSUMER,
      orderIds: [order.id],
      external: externalHandlingOf(order),
    });
    await new VisitRatingService(asConsumer).rateOrder(order, input);
    return this.visitOf(order, checked.status);
  }

  private async check(token: string): Promise<{ order: Order; status: VisitStatus } | RatingLinkRefused> {
    const { services, em } = this.ctx;
    await services.rateLimiter.consume('PERSONAL_LINK_PER_CLIENT', this.ctx.clientKey);
    const link = await ratingLinkOrder(em, services.config.jwtSecret, token);
    if (!link.ok) return refused(link.refusal, link.order);
    const status = await em.findOne(VisitStatus, { order: link.order.id }, { refresh: true });
    // Stepped back after the message went: the visit the link was about is not over after all.
    if (status?.stage !== VisitStage.FINISHED || !status.finishedAt) {
      return refused(RatingLinkRefusal.REVOKED, link.order);
    }
    if (!isRatingOpen(status, services.clock.now())) return refused(RatingLinkRefusal.EXPIRED, link.order);
    return { order: link.order, status };
  }

  private async visitOf(order: Order, status: VisitStatus): Promise<RatingLinkVisit> {
    const rating = await this.ctx.em.findOne(VisitRating, { order: order.id }, { refresh: true });
    return Object.assign(new RatingLinkVisit(), {
      referenceNumber: order.referenceNumber,
      appointment: order.appointment,
      country: order.country,
      language: orderLanguageOf(order),
      ratingOpenUntil: ratingOpenUntil(status.finishedAt ?? order.appointment),
      rating: rating
        ? Object.assign(new LinkedRating(), {
            score: rating.score,
            comment: rating.comment,
            updatedAt: rating.updatedAt,
          })
        : null,
    });
  }
}
