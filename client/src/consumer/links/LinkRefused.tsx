import { useEffect, useRef } from 'react';
import { Link } from 'react-router-dom';
import { useI18n } from '../../i18n/i18n';
import type { PersonalLinkRefusal } from '../gql/graphql';

/** A personal link that does not open the visit: why, and the way to look the visit up instead. */
export function LinkRefused({ reason }: { reason: PersonalLinkRefusal }) {
  const { t, country } = useI18n();
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  return (
    <section className="card consumer-card" aria-labelledby="link-refused-title">
      <h2 id="link-refused-title" ref={heading} tabIndex={-1}>
        {t('consumer.link.refusedTitle')}
      </h2>
      <p>{t(`consumer.link.${reason}`)}</p>
      <p>
        <Link to="/index">{t(`consumer.link.lookUp.${country}`)}</Link>
      </p>
    </section>
  );
}
