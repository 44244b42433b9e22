import { useEffect, useRef, useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import { BusyButton } from '../../components/BusyButton';
import { Message } from '../../components/Message';
import { useI18n } from '../../i18n/i18n';
import { problemOf } from '../../lib/errors';
import { usePageTitle } from '../../lib/usePageTitle';
import { useConsumerMutation } from '../consumer-graphql';
import { graphql } from '../gql';
import type { PersonalLinkRefusal } from '../gql/graphql';
import { LinkRefused } from './LinkRefused';

const UnsubscribeByPersonalLinkMutation = graphql(`
  mutation UnsubscribeByPersonalLink($token: String!) {
    unsubscribeByPersonalLink(token: $token) {
      __typename
      ... on EmailUnsubscribed {
        maskedEmail
      }
      ... on PersonalLinkRefused {
        reason
      }
    }
  }
`);

/**
 * `/v/<token>/afmelden`: a page with one button that stops the e-mails to the order's address. Opening it
 * changes nothing; the button does it by a POST (mail providers POST the same address themselves, RFC 8058).
 * Both before and after, a link leads back to the visit's page (the personal link this page belongs to).
 */
export default function UnsubscribePage() {
  const { t } = useI18n();
  usePageTitle(t('consumer.unsubscribe.title'));
  const { token = '' } = useParams();
  const [unsubscribe, { loading }] = useConsumerMutation(UnsubscribeByPersonalLinkMutation);
  const [done, setDone] = useState('');
  const [failure, setFailure] = useState('');
  const [refusal, setRefusal] = useState<PersonalLinkRefusal | null>(null);
  const result = useRef<HTMLDivElement>(null);

  // The button goes away: the focus moves to what replaced it, once that is drawn.
  const finished = done !== '';
  useEffect(() => {
    if (finished) result.current?.focus();
  }, [finished]);

  const submit = async () => {
    setFailure('');
    try {
      const { unsubscribeByPersonalLink: outcome } = await unsubscribe({ token });
      if (outcome.__typename === 'PersonalLinkRefused') return setRefusal(outcome.reason);
      setDone(t('consumer.unsubscribe.done', { email: outcome.maskedEmail }));
    } catch (error) {
      setFailure(problemOf(error, t('common.genericError')).message);
    }
  };

  if (refusal) return <LinkRefused reason={refusal} />;
  return (
    <section className="card consumer-card" aria-labelledby="unsubscribe-title">
      <h2 id="unsubscribe-title">{t('consumer.unsubscribe.title')}</h2>
      {done ? (
        <>
          <div ref={result} tabIndex={-1}>
            <Message tone="success">{done}</Message>
          </div>
          <p className="consumer-back">
            <Link to={`/v/${token}`}>{t('consumer.unsubscribe.back')}</Link>
          </p>
        </>
      ) : (
        <>
          <p>{t('consumer.unsubscribe.text')}</p>
          <Message tone="error">{failure}</Message>
          <div className="toolbar">
            <BusyButton className="button button-primary" busy={loading} onClick={() => void submit()}>
              {t('consumer.unsubscribe.submit')}
            </BusyButton>
          </div>
          <p className="consumer-back">
            <Link to={`/v/${token}`}>{t('consumer.unsubscribe.back')}</Link>
          </p>
        </>
      )}
    </section>
  );
}
