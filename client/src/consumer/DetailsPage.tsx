import { formatClock } from '../../../shared/clock-time.js';
import { CALL_CENTRE_HOURS } from '../../../shared/hours.js';
import { useCallback, useEffect, useRef, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { Spinner } from '../components/Spinner';
import { useI18n } from '../i18n/i18n';
import { clearStorage } from '../lib/storage';
import { usePageTitle } from '../lib/usePageTitle';
import { AddToCalendar } from './AddToCalendar';
import { CONTACT } from './contact-details';
import { useConsumerQuery, useConsumerSubscription } from './consumer-graphql';
import { graphql } from './gql';
import type { IndexLocationState } from './IndexPage';
import { MOVE_VALUE, REPLY_PARAMETER, REPLY_VALUES } from '../../../shared/personal-link.js';
import type { VisitAnswer } from './gql/graphql';
import { VisitReply } from './VisitReply';
import { VisitWindow } from './VisitWindow';
import { VisitDayPlace } from './VisitDayPlace';
import { VisitProgressNote, type VisitProgressState } from './VisitProgressNote';
import { VisitRating } from './VisitRating';
import { VisitTracker } from './VisitTracker';
import { VisitNextStep } from './VisitNextStep';
import { VisitMove } from './VisitMove';
import type { SavedReply } from './useReplyToVisit';

const ConsumerVisitsQuery = graphql(`
  query ConsumerVisits($country: Country!) {
    consumerVisits {
      referenceNumber
      name
      date
      appointment
      end
      windowAvailable
      windowShownFrom
      messageNotice {
        email
        mobile
      }
      replyOpen
      progress {
        stage
        expectedArrival
        outcome
        technicianFirstname
        dayPlace {
          today
          position
          visitsBefore
          moment
          expectedFrom
          expectedUntil
          lateArrival
        }
      }
      reply {
        answer
        accessNote
        updatedAt
      }
      ratingOpen
      rating {
        score
        comment
        updatedAt
      }
    }
    consumerContact(country: $country) {
      callCentre {
        display
        dial
      }
    }
  }
`);

const VisitProgressChangedSubscription = graphql(`
  subscription VisitProgressChanged {
    visitProgressChanged {
      referenceNumber
      stage
      expectedArrival
      outcome
      technicianFirstname
      dayPlace {
        today
        position
        visitsBefore
        moment
        expectedFrom
        expectedUntil
        lateArrival
      }
    }
  }
`);

/** The answer a reply link of a message chose (`?antwoord=thuis|bellen`), for the consumer to confirm. */
function proposedAnswer(value: string | null): VisitAnswer | null {
  if (value === REPLY_VALUES.AT_HOME) return 'AT_HOME';
  if (value === REPLY_VALUES.CALL_ME) return 'CALL_ME';
  return null;
}

/**
 * The visit window(s) of the stored data token. When they cannot be loaded, for whatever reason,
 * storage is cleared and the consumer goes back to the form (docs/rules.md, Consumer pages).
 */
export function DetailsPage() {
  const { t, country, language } = useI18n();
  usePageTitle(t('consumer.details.title'));
  const navigate = useNavigate();
  const [search] = useSearchParams();
  const proposed = proposedAnswer(search.get(REPLY_PARAMETER));
  const moveAsked = search.get(REPLY_PARAMETER) === MOVE_VALUE;
  // Always from the server, once per visit to the page.
  const { data, error, refetch } = useConsumerQuery(ConsumerVisitsQuery, { country });
  const visits = data?.consumerVisits;
  // The latest state per visit from the stream, for the query's answer it arrived after: an answer read later
  // (on every reconnection) already holds it, and replaces it.
  const answer = useRef(data);
  useEffect(() => {
    answer.current = data;
  });
  const [live, setLive] = useState<{ answer?: typeof data; byReference: Record<string, VisitProgressState> }>({
    byReference: {},
  });
  const onData = useCallback(
    ({ visitProgressChanged: progress }: { visitProgressChanged: VisitProgressState & { referenceNumber: string } }) =>
      setLive((known) => ({
        answer: answer.current,
        byReference: {
          ...(known.answer === answer.current ? known.byReference : {}),
          [progress.referenceNumber]: progress,
        },
      })),
    [],
  );
  useConsumerSubscription(
    VisitProgressChangedSubscription,
    {},
    { onData, onConnected: refetch },
    Boolean(visits?.length),
  );
  // Replies saved on this page, by reference: what the page says next follows them at once. Kept across the
  // query's answers: one read before the save arrived after it would otherwise take the answer back.
  const [saved, setSaved] = useState<Record<string, SavedReply>>({});
  const onReplySaved = useCallback(
    (reference: string, reply: SavedReply) => setSaved((known) => ({ ...known, [reference]: reply })),
    [],
  );
  const failed = Boolean(error) || visits?.length === 0;
  const heading = useRef<HTMLHeadingElement>(null);

  useEffect(() => {
    if (!failed) return;
    clearStorage();
    const state: IndexLocationState = { detailsFailed: true };
    navigate('/index', { replace: true, state });
  }, [failed, navigate]);

  useEffect(() => {
    // Screen readers start at the answer, not at the top of the page.
    if (visits?.length) heading.current?.focus();
  }, [visits?.length]);

  if (!visits?.length || !data) return <Spinner />;
  const callCentre = data.consumerContact.callCentre;
  const links = CONTACT[country].links[language];
  const shownLive = live.answer === data ? live.byReference : {};
  const progressOf = (visit: (typeof visits)[number]) => shownLive[visit.referenceNumber] ?? visit.progress;
  // The later of the reply saved here and the one the server read.
  const replyOf = (visit: (typeof visits)[number]) => {
    const read = visit.reply ?? null;
    if (!(visit.referenceNumber in saved)) return read;
    const here = saved[visit.referenceNumber];
    return read && here && Date.parse(read.updatedAt) > Date.parse(here.updatedAt) ? read : here;
  };
  const allFinished = visits.every((visit) => progressOf(visit).stage === 'FINISHED');
  // A visit finished while the page was open can be rated at once; one finished before, while the server says so.
  const canRate = (visit: (typeof visits)[number]) =>
    progressOf(visit).stage === 'FINISHED' && (visit.progress.stage !== 'FINISHED' || visit.ratingOpen);

  return (
    <>
      <section className="card consumer-card" aria-labelledby="details-title">
        <h2 id="details-title" ref={heading} tabIndex={-1}>
          {t('consumer.details.greeting', { name: visits[0].name })}
        </h2>
        {visits.length > 1 && <p>{t(allFinished ? 'consumer.details.manyDone' : 'consumer.details.many')}</p>}
        <ul className="visit-list">
          {visits.map((visit) => {
            const progress = progressOf(visit);
            return (
              <li key={visit.referenceNumber} className="visit-item">
                <VisitTracker stage={progress.stage} />
                <VisitProgressNote progress={progress} />
                {progress.dayPlace && (
                  <VisitDayPlace place={progress.dayPlace} technician={progress.technicianFirstname ?? null} />
                )}
                {visits.length === 1 && (
                  <p className="visit-when">
                    {t(progress.stage === 'FINISHED' ? 'consumer.details.oneDone' : 'consumer.details.one')}
                  </p>
                )}
                <VisitWindow
                  date={visit.date}
                  times={
                    visit.appointment && visit.end
                      ? { start: new Date(visit.appointment), end: new Date(visit.end) }
                      : null
                  }
                  shownFrom={new Date(visit.windowShownFrom)}
                  notice={visit.messageNotice ?? null}
                  reference={visit.referenceNumber}
                />
                <VisitNextStep
                  stage={progress.stage}
                  reply={replyOf(visit)}
                  start={visit.appointment ? new Date(visit.appointment) : null}
                />
                {canRate(visit) && <VisitRating reference={visit.referenceNumber} rating={visit.rating ?? null} />}
                {visit.replyOpen && (
                  <div className="visit-actions">
                    <AddToCalendar reference={visit.referenceNumber} />
                    <VisitReply
                      reference={visit.referenceNumber}
                      reply={visit.reply ?? null}
                      // a reply link is about one visit: the link's data token holds only that one
                      proposed={visits.length === 1 ? proposed : null}
                      onSaved={(reply) => onReplySaved(visit.referenceNumber, reply)}
                    />
                  </div>
                )}
                {progress.stage === 'PLANNED' && (
                  <VisitMove
                    reference={visit.referenceNumber}
                    // a move link is about one visit, as a reply link is
                    initiallyOpen={visits.length === 1 && moveAsked}
                    callMeOnPage={visit.replyOpen}
                    onChanged={refetch}
                  />
                )}
              </li>
            );
          })}
        </ul>
      </section>

      <section className="card consumer-card" aria-labelledby="proof-title">
        <h2 id="proof-title">{t('consumer.details.proofTitle')}</h2>
        <p>{t('consumer.details.proof')}</p>
      </section>

      <section className="card consumer-card" aria-labelledby="questions-title">
        <h2 id="questions-title">{t('consumer.details.questionsTitle')}</h2>
        <p>
          {t('consumer.details.callCentre', {
            opens: formatClock(CALL_CENTRE_HOURS.opens, language),
            closes: formatClock(CALL_CENTRE_HOURS.closes, language),
          })}{' '}
          <a href={`tel:${callCentre.dial}`} className="consumer-phone">
            {callCentre.display}
          </a>
          .
        </p>
        <ul className="consumer-links">
          <li>
            <a href={links.tariffs} target="_blank" rel="noopener noreferrer">
              {t('consumer.details.tariffs')}
            </a>
          </li>
          <li>
            <a href={links.payment} target="_blank" rel="noopener noreferrer">
              {t('consumer.details.payment')}
            </a>
          </li>
        </ul>
      </section>

      <p className="consumer-back">
        <Link to="/index">{t('consumer.details.newLookup')}</Link>
      </p>
    </>
  );
}
