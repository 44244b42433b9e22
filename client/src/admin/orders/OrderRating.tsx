import { RATING_MAX } from '../../../../shared/ratings.js';
import { graphql } from '../../gql';
import type { OrderRating_OrderFragment } from '../../gql/graphql';
import { useI18n } from '../../i18n/i18n';
import { useLocalMoment } from '../informed/OrderInformed';

/** @public Read by codegen: the order query of the page spreads it. */
export const OrderRatingFragment = graphql(`
  fragment OrderRating_order on Order {
    id
    country
    rating {
      score
      comment
      updatedAt
    }
  }
`);

/** The customer's rating of the finished visit on the order screen: the score, when, and the comment as text. */
export function OrderRating({ order }: { order: OrderRating_OrderFragment }) {
  const { t } = useI18n();
  const moment = useLocalMoment(order.country);
  const { rating } = order;
  return (
    <section className="order-rating" aria-labelledby="order-rating-title">
      <h2 id="order-rating-title">{t('admin.rating.title')}</h2>
      {rating ? (
        <dl className="details-list">
          <div>
            <dt>{t('admin.rating.title')}</dt>
            <dd>
              {t('admin.rating.score', { score: rating.score, max: RATING_MAX })} (
              {t('admin.rating.at', { date: moment(rating.updatedAt) })})
            </dd>
          </div>
          {rating.comment && (
            <div>
              <dt>{t('admin.rating.comment')}</dt>
              <dd className="reply-note">{rating.comment}</dd>
            </div>
          )}
        </dl>
      ) : (
        <p className="muted">{t('admin.rating.none')}</p>
      )}
    </section>
  );
}
