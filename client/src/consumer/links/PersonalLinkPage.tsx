import { useEffect, useRef, useState } from 'react';
import { useNavigate, useParams, useSearchParams } from 'react-router-dom';
import { Message } from '../../components/Message';
import { Spinner } from '../../components/Spinner';
import { useI18n } from '../../i18n/i18n';
import { problemOf } from '../../lib/errors';
import { storeToken } from '../../lib/storage';
import { usePageTitle } from '../../lib/usePageTitle';
import { MOVE_VALUE, REPLY_PARAMETER, REPLY_VALUES } from '../../../../shared/personal-link.js';
import { useConsumerMutation } from '../consumer-graphql';
import { graphql } from '../gql';
import type { PersonalLinkRefusal } from '../gql/graphql';
import { LinkRefused } from './LinkRefused';
import { switchToOrderLocale } from './link-locale';

const OpenPersonalLinkMutation = graphql(`
  mutation OpenPersonalLink($token: String!) {
    openPersonalLink(token: $token) {
      __typename
      ... on PersonalLinkOpened {
        dataToken
        country
        language
      }
      ... on PersonalLinkRefused {
        reason
        orderCountry
        orderLanguage
      }
    }
  }
`);

const KNOWN_ANSWERS: readonly string[] = [...Object.values(REPLY_VALUES), MOVE_VALUE];

/**
 * `/v/<token>`, the personal link of a message: exchanges the token by a POST for a data token of its one visit
 * and shows the details page, with the answer of a reply link (`?antwoord=thuis|bellen`) chosen there, not
 * given: the consumer confirms it on the page. The GET of this page changes nothing (docs/rules.md, Personal link).
 */
export default function PersonalLinkPage() {
  const locale = useI18n();
  const { t } = locale;
  usePageTitle(t('consumer.link.title'));
  const { token = '' } = useParams();
  const [search] = useSearchParams();
  const navigate = useNavigate();
  const [open] = useConsumerMutation(OpenPersonalLinkMutation);
  const [refusal, setRefusal] = useState<PersonalLinkRefusal | null>(null);
  const [failure, setFailure] = useState('');
  const started = useRef(false);
  const answer = search.get(REPLY_PARAMETER);
  const details = `/details${answer && KNOWN_ANSWERS.includes(answer) ? `?${REPLY_PARAMETER}=${answer}` : ''}`;

  useEffect(() => {
    // Once per page: a second exchange would only spend the client's budget.
    if (started.current) return;
    started.current = true;
    open({ token }).then(
      ({ openPersonalLink: result }) => {
        if (result.__typename === 'PersonalLinkOpened') {
          storeToken('consumer', result.dataToken);
          if (!switchToOrderLocale(locale, result.country, result.language, details)) {
            navigate(details, { replace: true });
          }
          return;
        }
        const { orderCountry, orderLanguage } = result;
        if (
          orderCountry &&
          orderLanguage &&
          switchToOrderLocale(locale, orderCountry, orderLanguage, window.location.href)
        ) {
          return;
        }
        setRefusal(result.reason);
      },
      (error: unknown) => setFailure(problemOf(error, t('common.genericError')).message),
    );
  }, [open, token, locale, details, navigate, t]);

  if (refusal) return <LinkRefused reason={refusal} />;
  if (failure) {
    return (
      <section className="card consumer-card" aria-labelledby="link-title">
        <h2 id="link-title">{t('consumer.link.title')}</h2>
        <Message tone="error">{failure}</Message>
      </section>
    );
  }
  return (
    <section className="card consumer-card" aria-labelledby="link-title" aria-busy="true">
      <h2 id="link-title">{t('consumer.link.opening')}</h2>
      <Spinner />
    </section>
  );
}
