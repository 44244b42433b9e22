import { useCallback, useEffect, useRef, useState } from 'react';
import { useParams } from 'react-router-dom';
import { Message } from '../../components/Message';
import { Spinner } from '../../components/Spinner';
import { useI18n } from '../../i18n/i18n';
import { formatDayMonth, formatTime, formatWeekday } from '../../i18n/format';
import { problemOf } from '../../lib/errors';
import { usePageTitle } from '../../lib/usePageTitle';
import { RATING_CHANGEABLE_DAYS } from '../../../../shared/ratings.js';
import { requestConsumer, useConsumerMutation } from '../consumer-graphql';
import { graphql } from '../gql';
import type { RatingLinkQuery as RatingLinkData, RatingLinkRefusal } from '../gql/graphql';
import type { RatingInput, RatingOutcome } from '../useRateVisit';
import { VisitRatingForm } from '../VisitRating';
import { VisitTracker } from '../VisitTracker';
import { LinkRefused } from './LinkRefused';
import { switchToOrderLocale } from './link-locale';

const RatingLinkQuery = graphql(`
  query RatingLink($token: String!) {
    ratingLink(token: $token) {
      __typename
      ... on RatingLinkVisit {
        referenceNumber
        appointment
        country
        language
        ratingOpenUntil
        rating {
          score
          comment
          updatedAt
        }
      }
      ... on RatingLinkRefused {
        reason
        orderCountry
        orderLanguage
      }
    }
  }
`);

const RateVisitByLinkMutation = graphql(`
  mutation RateVisitByLink($input: RateVisitByLinkInput!) {
    rateVisitByLink(input: $input) {
      __typename
      ... on RatingLinkVisit {
        rating {
          score
          comment
          updatedAt
        }
      }
      ... on RatingLinkRefused {
        reason
      }
    }
  }
`);

/**
 * `/b/<token>`, the rating link of a thank-you message: the rating form of its one visit and nothing else (no
 * data token: neither the details page nor the replies). Opening it reads only; the rating is given by the form's
 * POST (docs/rules.md, Rating link). Shown in the order's language, as the personal link is.
 */
type LinkedVisit = Extract<RatingLinkData['ratingLink'], { __typename: 'RatingLinkVisit' }>;

export default function RatingLinkPage() {
  const locale = useI18n();
  const { t } = locale;
  usePageTitle(t('consumer.ratingLink.pageTitle'));
  const { token = '' } = useParams();
  const [rate, { loading: saving }] = useConsumerMutation(RateVisitByLinkMutation);
  const [state, setState] = useState<{ visit?: LinkedVisit; refusal?: RatingLinkRefusal; failure?: string }>({});
  const started = useRef(false);

  useEffect(() => {
    // Once per page: reading it again would only spend the client's budget of links.
    if (started.current) return;
    started.current = true;
    requestConsumer(RatingLinkQuery, { token }, locale.language).then(
      ({ ratingLink: result }) => {
        const country = result.__typename === 'RatingLinkVisit' ? result.country : result.orderCountry;
        const language = result.__typename === 'RatingLinkVisit' ? result.language : result.orderLanguage;
        // The page loads again in the order's language.
        if (country && language && switchToOrderLocale(locale, country, language, window.location.href)) return;
        setState(result.__typename === 'RatingLinkVisit' ? { visit: result } : { refusal: result.reason });
      },
      (error: unknown) => setState({ failure: problemOf(error, t('common.genericError')).message }),
    );
  }, [token, locale, t]);

  const save = useCallback(
    async (input: RatingInput): Promise<RatingOutcome> => {
      try {
        const { rateVisitByLink: outcome } = await rate({ input: { token, ...input } });
        if (outcome.__typename === 'RatingLinkRefused') {
          const message = t(`consumer.ratingLink.${outcome.reason}`, { days: RATING_CHANGEABLE_DAYS });
          return { ok: false, problem: { code: outcome.reason, message, fields: {} } };
        }
        if (!outcome.rating) {
          return { ok: false, problem: { code: 'NO_RATING', message: t('common.genericError'), fields: {} } };
        }
        return { ok: true, rating: outcome.rating };
      } catch (failure) {
        return { ok: false, problem: problemOf(failure, t('common.genericError')) };
      }
    },
    [rate, token, t],
  );

  const { visit: result, refusal, failure } = state;
  if (refusal) return <LinkRefused reason={refusal} about="rating" />;
  if (failure) {
    return (
      <section className="card consumer-card" aria-labelledby="rating-link-title">
        <h2 id="rating-link-title">{t('consumer.ratingLink.pageTitle')}</h2>
        <Message tone="error">{failure}</Message>
      </section>
    );
  }
  if (!result) {
    return (
      <section className="card consumer-card" aria-labelledby="rating-link-title" aria-busy="true">
        <h2 id="rating-link-title">{t('consumer.ratingLink.opening')}</h2>
        <Spinner />
      </section>
    );
  }
  const visitDay = new Date(result.appointment);
  const until = new Date(result.ratingOpenUntil);
  return (
    <section className="card consumer-card" aria-labelledby="rating-link-title">
      <h2 id="rating-link-title">
        {t('consumer.ratingLink.title', {
          date: `${formatWeekday(visitDay, locale)} ${formatDayMonth(visitDay, locale)}`,
        })}
      </h2>
      {/* The link is made for a finished visit only: its page starts with that, in the past tense. */}
      <VisitTracker stage="FINISHED" />
      <p className="visit-progress">{t('consumer.progress.finished')}</p>
      <p>{t('consumer.ratingLink.reference', { reference: result.referenceNumber })}</p>
      <p>
        {t('consumer.ratingLink.openUntil', {
          date: `${formatWeekday(until, locale)} ${formatDayMonth(until, locale)}`,
          time: formatTime(until, locale),
        })}
      </p>
      <VisitRatingForm rating={result.rating ?? null} save={save} saving={saving} />
    </section>
  );
}
