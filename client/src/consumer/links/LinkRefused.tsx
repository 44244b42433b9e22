import { useEffect, useRef } from 'react';
import { Link } from 'react-router-dom';
import { useI18n } from '../../i18n/i18n';
import { RATING_CHANGEABLE_DAYS } from '../../../../shared/ratings.js';
import type { PersonalLinkRefusal, RatingLinkRefusal } from '../gql/graphql';

/**
 * A link of a message that does not open what it was for (the visit, or its rating): why, and the way to look the
 * visit up instead.
 */
export function LinkRefused({
  reason,
  about = 'visit',
}: {
  reason: PersonalLinkRefusal | RatingLinkRefusal;
  about?: 'visit' | 'rating';
}) {
  const { t, country } = useI18n();
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  return (
    <section className="card consumer-card" aria-labelledby="link-refused-title">
      <h2 id="link-refused-title" ref={heading} tabIndex={-1}>
        {t('consumer.link.refusedTitle')}
      </h2>
      <p>
        {about === 'rating'
          ? t(`consumer.ratingLink.${reason}`, { days: RATING_CHANGEABLE_DAYS })
          : t(`consumer.link.${reason}`)}
      </p>
      <p>
        <Link to="/index">{t(`consumer.link.lookUp.${country}`)}</Link>
      </p>
    </section>
  );
}
