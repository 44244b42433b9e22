import { useEffect, useId, useRef, useState } from 'react';
import { BusyButton } from '../components/BusyButton';
import { Message } from '../components/Message';
import { formatLongDate, formatTime, formatWeekday } from '../i18n/format';
import { useI18n } from '../i18n/i18n';
import { problemOf } from '../lib/errors';
import { MOVE_UNDO_MINUTES } from '../../../shared/self-move.js';
import { requestConsumer, useConsumerMutation } from './consumer-graphql';
import { graphql } from './gql';
import type { VisitMoveOffersQuery as OffersResult } from './gql/graphql';

const VisitMoveOffersQuery = graphql(`
  query VisitMoveOffers($referenceNumber: String!) {
    visitMoveOffers(referenceNumber: $referenceNumber) {
      enabled
      offers {
        date
        appointment
        end
        sameTechnician
      }
    }
  }
`);

const MoveVisitMutation = graphql(`
  mutation MoveVisit($input: MoveVisitInput!) {
    moveVisit(input: $input) {
      date
      appointment
      end
    }
  }
`);

const UndoVisitMoveMutation = graphql(`
  mutation UndoVisitMove($referenceNumber: String!) {
    undoVisitMove(referenceNumber: $referenceNumber) {
      date
      appointment
      end
    }
  }
`);

type Offer = OffersResult['visitMoveOffers']['offers'][number];
type Result = { text: string; undo: boolean };

/**
 * "I cannot": the days and windows the visit can move to (docs/rules.md, Rescheduling an order). One tap moves it at once;
 * the move can be undone for a few minutes, counted from the answer, as the console's undo is. `initiallyOpen` (the
 * link's `?antwoord=verzetten`) shows the offers at once: reading them changes nothing.
 */
export function VisitMove({
  reference,
  initiallyOpen,
  callMeOnPage,
  onChanged,
}: {
  reference: string;
  initiallyOpen: boolean;
  /** Whether the page offers "I cannot, call me" (the window is shown): the way when no offer fits. */
  callMeOnPage: boolean;
  /** Told after a move or its undo, for the page to read the visit again. */
  onChanged: () => void;
}) {
  const locale = useI18n();
  const { t, language } = locale;
  const id = useId();
  const [offers, setOffers] = useState<Offer[] | null>(null);
  const [loading, setLoading] = useState(false);
  const [error, setError] = useState('');
  const [result, setResult] = useState<Result | null>(null);
  const [move, { loading: moving }] = useConsumerMutation(MoveVisitMutation);
  const [undoMove, { loading: undoing }] = useConsumerMutation(UndoVisitMoveMutation);
  const openArea = useRef<HTMLDivElement>(null);
  const offersHeading = useRef<HTMLHeadingElement>(null);
  const resultText = useRef<HTMLParagraphElement>(null);
  const focusNext = useRef<'offers' | 'result' | 'open' | null>(null);
  const started = useRef(false);

  useEffect(() => {
    const target = focusNext.current;
    focusNext.current = null;
    if (target === 'offers') offersHeading.current?.focus();
    if (target === 'result') resultText.current?.focus();
    if (target === 'open') openArea.current?.querySelector('button')?.focus();
  });

  /** "maandag 7 december" and "tussen 8.00 en 11.00 uur", in the country's zone. */
  const label = (date: string, start: string, end: string) => {
    // Midday UTC of that date is the same date in the Dutch and Belgian zones.
    const day = new Date(`${date}T12:00:00Z`);
    return {
      day: `${formatWeekday(day, locale)} ${formatLongDate(day, locale)}`,
      window: t('consumer.details.window', {
        begin: formatTime(new Date(start), locale),
        end: formatTime(new Date(end), locale),
      }),
    };
  };

  const load = async (focus: boolean) => {
    setLoading(true);
    try {
      const data = await requestConsumer(VisitMoveOffersQuery, { referenceNumber: reference }, language);
      setOffers(data.visitMoveOffers.offers);
      if (focus) focusNext.current = 'offers';
    } catch (failure) {
      setError(problemOf(failure, t('common.genericError')).message);
    } finally {
      setLoading(false);
    }
  };

  useEffect(() => {
    if (!initiallyOpen || started.current) return;
    started.current = true;
    void load(false);
    // Once, for the link that asked for it.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [initiallyOpen]);

  useEffect(() => {
    if (!result?.undo) return;
    const timer = setTimeout(() => {
      // The button goes; the focus stays on the text it belonged to.
      if (document.activeElement?.id === `${id}-undo`) focusNext.current = 'result';
      setResult((shown) => (shown ? { ...shown, undo: false } : shown));
    }, MOVE_UNDO_MINUTES * 60_000);
    return () => clearTimeout(timer);
  }, [result?.undo, id]);

  const take = async (offer: Offer) => {
    setError('');
    try {
      const { moveVisit: moved } = await move({
        input: { referenceNumber: reference, appointment: offer.appointment },
      });
      const text = label(moved.date, moved.appointment, moved.end);
      setOffers(null);
      setResult({ text: t('consumer.move.moved', { day: text.day, window: text.window }), undo: true });
      focusNext.current = 'result';
      onChanged();
    } catch (failure) {
      const problem = problemOf(failure, t('common.genericError'));
      setError(problem.message);
      // Taken meanwhile: the offers as they are now.
      if (problem.code === 'MOVE_OFFER_TAKEN' || problem.code === 'MOVE_OFFER_UNKNOWN') await load(false);
    }
  };

  const undo = async () => {
    setError('');
    try {
      const { undoVisitMove: back } = await undoMove({ referenceNumber: reference });
      const text = label(back.date, back.appointment, back.end);
      setResult({ text: t('consumer.move.undone', { day: text.day, window: text.window }), undo: false });
      focusNext.current = 'result';
      onChanged();
    } catch (failure) {
      setError(problemOf(failure, t('common.genericError')).message);
      setResult((shown) => (shown ? { ...shown, undo: false } : shown));
      focusNext.current = 'result';
    }
  };

  const close = () => {
    setOffers(null);
    setError('');
    focusNext.current = 'open';
  };

  return (
    <div className="visit-move">
      <h3 id={`${id}-title`}>{t('consumer.move.title')}</h3>
      {result && (
        <div className="visit-move-result">
          <p ref={resultText} tabIndex={-1} className="message message-success">
            {result.text}
          </p>
          {result.undo && (
            <>
              <p className="muted">{t('consumer.move.undoHint', { minutes: MOVE_UNDO_MINUTES })}</p>
              <BusyButton
                id={`${id}-undo`}
                className="button button-secondary"
                busy={undoing}
                onClick={() => void undo()}
              >
                {t('consumer.move.undo')}
              </BusyButton>
            </>
          )}
        </div>
      )}
      {offers === null ? (
        !result?.undo && (
          <div className="toolbar" ref={openArea}>
            <BusyButton className="button button-secondary" busy={loading} onClick={() => void load(true)}>
              {t('consumer.move.open')}
            </BusyButton>
          </div>
        )
      ) : offers.length === 0 ? (
        <>
          <h4 ref={offersHeading} tabIndex={-1}>
            {t('consumer.move.offers')}
          </h4>
          <p>{t(callMeOnPage ? 'consumer.move.none' : 'consumer.move.noneCall')}</p>
        </>
      ) : (
        <>
          <h4 ref={offersHeading} tabIndex={-1} id={`${id}-offers`}>
            {t('consumer.move.offers')}
          </h4>
          <p>{t('consumer.move.choose')}</p>
          <ul className="visit-move-offers" aria-labelledby={`${id}-offers`}>
            {offers.map((offer) => {
              const text = label(offer.date, offer.appointment, offer.end);
              return (
                <li key={offer.appointment}>
                  <BusyButton className="button button-secondary" busy={moving} onClick={() => void take(offer)}>
                    <span>{t('consumer.move.offer', { day: text.day, window: text.window })}</span>
                    {!offer.sameTechnician && (
                      <span className="visit-move-other"> {t('consumer.move.otherTechnician')}</span>
                    )}
                  </BusyButton>
                </li>
              );
            })}
          </ul>
          <div className="toolbar">
            <button type="button" className="button button-ghost" onClick={close}>
              {t('consumer.move.close')}
            </button>
          </div>
        </>
      )}
      <Message tone="error">{error}</Message>
    </div>
  );
}
