import { recordOrderEvents } from '../audit/order-audit.js';
import { OrderEventKind } from '../audit/order-event-kind.js';
import { changedValues, type OrderValues } from '../audit/order-values.js';
import { AppError, type FieldProblem } from '../common/errors/app-error.js';
import { CommonError } from '../common/errors/common.errors.js';
import { ConsumerError } from '../consumers/consumer.errors.js';
import { ownShownVisit } from '../consumers/own-visit.js';
import type { AppContext } from '../context.js';
import { type Order, OrderRepository } from '../orders/index.js';
import { VisitStage, VisitStatus } from '../visits/visit-status.entity.js';
import { isValidScore, RATING_CHANGEABLE_DAYS, RATING_MAX, RATING_MIN, ratingOpenUntil } from '../../shared/ratings.js';
import { normalizeRatingComment } from './rating-comment.js';
import { RatingError } from './rating.errors.js';
import type { RateVisitInput } from './visit-rating.inputs.js';
import { VisitRating } from './visit-rating.entity.js';

/** A rating as the audit trail records it: the score only (the comment is on the order screen itself). */
const ratingValues = (rating: VisitRating | null): OrderValues => ({ ratingScore: rating?.score ?? null });

/** Whether a finished visit can still be rated at `now` (docs/rules.md, Rating). */
export function isRatingOpen(status: Pick<VisitStatus, 'stage' | 'finishedAt'> | null, now: Date): boolean {
  if (status?.stage !== VisitStage.FINISHED || !status.finishedAt) return false;
  return now.getTime() < ratingOpenUntil(status.finishedAt).getTime();
}

/** The score and the comment as stored, or BAD_USER_INPUT naming each field that is wrong. */
function validRating(input: Pick<RateVisitInput, 'score' | 'comment'>): { score: number; comment: string | null } {
  const problems: FieldProblem[] = [];
  if (!isValidScore(input.score)) {
    problems.push({ field: 'score', message: 'RATING_SCORE_RANGE', params: { min: RATING_MIN, max: RATING_MAX } });
  }
  const comment = normalizeRatingComment(input.comment);
  if (!comment.ok) problems.push(comment.problem);
  if (problems.length > 0 || !comment.ok) throw new AppError(CommonError.BAD_USER_INPUT, { fields: problems });
  return { score: input.score, comment: comment.comment };
}

/** The consumer's rating of a finished visit of the data token (docs/rules.md, Rating). */
export class VisitRatingService {
  constructor(private readonly ctx: AppContext) {}

  /**
   * Saves the rating, first or changed, in one transaction with the order row locked, so a rating and an undo
   * of "finished" by the technician cannot cross: the "finished" check sees the status that holds.
   */
  async rate(input: RateVisitInput): Promise<VisitRating> {
    const rating = validRating(input);
    const visit = await ownShownVisit(this.ctx, input.referenceNumber);
    return this.save(visit, rating);
  }

  /**
   * The same for an order the caller holds by other means: the rating link of a thank-you, checked by the caller
   * (server/ratings/rating-link.service.ts). The visit rules are the same.
   */
  rateOrder(order: Pick<Order, 'id'>, input: Pick<RateVisitInput, 'score' | 'comment'>): Promise<VisitRating> {
    return this.save(order, validRating(input));
  }

  private async save(visit: Pick<Order, 'id'>, input: { score: number; comment: string | null }): Promise<VisitRating> {
    const { services } = this.ctx;
    await services.rateLimiter.consume('CONSUMER_RATING_PER_ORDER', String(visit.id));

    return this.ctx.em.transactional(async (em) => {
      // Deleted since the visit was found: gone for the consumer, as everywhere else.
      const order = await new OrderRepository(em).activeForChange(visit.id, {
        deleted: (deleted) =>
          new AppError(ConsumerError.VISIT_NOT_FOUND, { params: { reference: deleted.referenceNumber } }),
      });
      const now = services.clock.now();
      const status = await em.findOne(VisitStatus, { order: order.id }, { refresh: true });
      if (status?.stage !== VisitStage.FINISHED) throw new AppError(RatingError.RATING_NOT_FINISHED);
      if (!isRatingOpen(status, now)) {
        throw new AppError(RatingError.RATING_CLOSED, { params: { days: RATING_CHANGEABLE_DAYS } });
      }
      let rating = await em.findOne(VisitRating, { order: order.id });
      const before = ratingValues(rating);
      if (!rating) {
        rating = em.create(VisitRating, { order, score: input.score, createdAt: now, updatedAt: now });
      }
      rating.score = input.score;
      rating.comment = input.comment;
      rating.updatedAt = now;
      const changed = changedValues(before, ratingValues(rating));
      if (Object.keys(changed.after).length > 0) {
        await recordOrderEvents(this.ctx, em, OrderEventKind.CONSUMER_RATED, [{ order, ...changed }]);
      }
      await em.flush();
      return rating;
    });
  }
}
