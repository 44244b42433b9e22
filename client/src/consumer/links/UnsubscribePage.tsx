import { useEffect, useRef, useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import { BusyButton } from '../../components/BusyButton';
import { Message } from '../../components/Message';
import { useI18n } from '../../i18n/i18n';
import { problemOf } from '../../lib/errors';
import { storeToken } from '../../lib/storage';
import { usePageTitle } from '../../lib/usePageTitle';
import { requestConsumer, useConsumerMutation } from '../consumer-graphql';
import { graphql } from '../gql';
import type { PersonalLinkRefusal, UnsubscribePageVisitQuery } from '../gql/graphql';
import { VisitProgressNote } from '../VisitProgressNote';
import { VisitTracker } from '../VisitTracker';
import { VisitWindow } from '../VisitWindow';
import { LinkRefused } from './LinkRefused';

// The visit the unsubscribe link belongs to, read beside the page's purpose: not a site visit.
const OpenUnsubscribeLinkMutation = graphql(`
  mutation OpenUnsubscribeLink($token: String!) {
    openPersonalLink(token: $token, countsAsSiteVisit: false) {
      __typename
      ... on PersonalLinkOpened {
        dataToken
      }
    }
  }
`);

const UnsubscribePageVisitQuery = graphql(`
  query UnsubscribePageVisit {
    consumerVisits {
      referenceNumber
      date
      appointment
      end
      windowShownFrom
      messageNotice {
        email
        mobile
      }
      progress {
        stage
        expectedArrival
        outcome
        technicianFirstname
      }
    }
  }
`);

type LinkedVisit = UnsubscribePageVisitQuery['consumerVisits'][number];

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
 * It starts with where the visit stands, as the visit's page does (read by the link, not counted as a site visit;
 * left out when the link no longer opens the visit, which does not stop the unsubscribing). Both before and after,
 * a link leads back to the visit's page (the personal link this page belongs to).
 */
export default function UnsubscribePage() {
  const { t, language } = useI18n();
  usePageTitle(t('consumer.unsubscribe.title'));
  const { token = '' } = useParams();
  const [unsubscribe, { loading }] = useConsumerMutation(UnsubscribeByPersonalLinkMutation);
  const [done, setDone] = useState('');
  const [failure, setFailure] = useState('');
  const [refusal, setRefusal] = useState<PersonalLinkRefusal | null>(null);
  const result = useRef<HTMLDivElement>(null);
  const [visit, setVisit] = useState<LinkedVisit | null>(null);
  const [openLink] = useConsumerMutation(OpenUnsubscribeLinkMutation);
  const started = useRef(false);

  useEffect(() => {
    // Once per page: reading it again would only spend the client's budget of links.
    if (started.current) return;
    started.current = true;
    const read = async () => {
      const { openPersonalLink: opened } = await openLink({ token });
      if (opened.__typename !== 'PersonalLinkOpened') return;
      storeToken('consumer', opened.dataToken);
      const { consumerVisits } = await requestConsumer(UnsubscribePageVisitQuery, {}, language);
      setVisit(consumerVisits.at(0) ?? null);
    };
    // Without the visit the page is still whole: its purpose is the button below.
    read().catch(() => setVisit(null));
  }, [openLink, token, language]);

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
    <>
      {visit && <VisitStatus visit={visit} />}
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
    </>
  );
}

/** Where the visit stands, first on the page: the step tracker, the technician's progress and the window. */
function VisitStatus({ visit }: { visit: LinkedVisit }) {
  const { t } = useI18n();
  return (
    <section className="card consumer-card" aria-labelledby="unsubscribe-visit-title">
      <h2 id="unsubscribe-visit-title">{t('consumer.details.title')}</h2>
      <VisitTracker stage={visit.progress.stage} />
      <VisitProgressNote progress={visit.progress} />
      <p className="visit-when">
        {t(visit.progress.stage === 'FINISHED' ? 'consumer.details.oneDone' : 'consumer.details.one')}
      </p>
      <VisitWindow
        date={visit.date}
        times={visit.appointment && visit.end ? { start: new Date(visit.appointment), end: new Date(visit.end) } : null}
        shownFrom={new Date(visit.windowShownFrom)}
        notice={visit.messageNotice ?? null}
        reference={visit.referenceNumber}
      />
    </section>
  );
}
