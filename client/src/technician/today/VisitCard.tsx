import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { VISIT_NOTE_MAX_LENGTH } from '../../../../shared/visits.js';
import { instantOf } from '../../../../shared/zoned-time.js';
import { FormField, TextField } from '../../components/FormField';
import { Message } from '../../components/Message';
import { formatTime } from '../../i18n/format';
import { useI18n } from '../../i18n/i18n';
import { TIME_ZONE } from '../../i18n/locale';
import { newRequestId } from '../offline/status-queue';
import type { StatusChange, VisitOutcome, VisitStage } from './visit-change';
import { OrderCardDetails } from '../order/OrderCardDetails';
import type { VisitCardOrder } from './today-documents';
import { ARRIVAL_CHOICES, nextStages, OUTCOMES, type ShownStatus } from './visit-stage';

/**
 * One visit of today: the order card, its status, and the one or two taps that move it on. Onderweg asks for the
 * expected arrival (a few minutes from now, or a time), Afgerond for the outcome; "Corrigeren" takes back the last
 * step once, for a mis-tap.
 */
export function VisitCard({
  order,
  status,
  number,
  isNext,
  date,
  now,
  refusal,
  onTap,
}: {
  order: VisitCardOrder;
  status: ShownStatus;
  number: number;
  isNext: boolean;
  /** Today's date (YYYY-MM-DD) in the technician's country. */
  date: string;
  /** The server's current time, as this phone best knows it. */
  now: () => Date;
  /** Why the server refused this visit's last tap, in the technician's language. */
  refusal: string | null;
  onTap: (change: StatusChange) => void;
}) {
  const i18n = useI18n();
  const { t } = i18n;
  const ids = useId();
  const [asking, setAsking] = useState<'arrival' | 'outcome' | null>(null);
  const [otherTime, setOtherTime] = useState('');
  const [outcome, setOutcome] = useState<VisitOutcome | null>(null);
  const [note, setNote] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  // A pressed control that goes away hands the keyboard on: to the question it opened, back to the buttons.
  const question = useRef<HTMLFieldSetElement>(null);
  const actions = useRef<HTMLDivElement>(null);
  const focusNext = useRef<'question' | 'actions' | null>(null);
  useEffect(() => {
    const target = focusNext.current;
    focusNext.current = null;
    if (target === 'question') question.current?.focus();
    if (target === 'actions') actions.current?.querySelector('button')?.focus();
  }, [asking]);
  const ask = (next: 'arrival' | 'outcome' | null) => {
    focusNext.current = next === null ? 'actions' : 'question';
    setProblem(null);
    setAsking(next);
  };
  const start = new Date(order.appointment);
  const end = new Date(start.getTime() + order.duration * 1000);
  const time = (iso: string | null) => (iso ? formatTime(new Date(iso), i18n) : '');
  const next = nextStages(status.stage);

  const tap = (change: Omit<StatusChange, 'requestId' | 'orderId' | 'tappedAt'>) => {
    setAsking(null);
    setProblem(null);
    onTap({ ...change, requestId: newRequestId(), orderId: order.id, tappedAt: now().toISOString() });
  };

  const onTheWayIn = (minutes: number) =>
    tap({
      kind: 'set',
      stage: 'ON_THE_WAY',
      expectedArrival: new Date(now().getTime() + minutes * 60_000).toISOString(),
    });

  const onTheWayAt = (event: FormEvent) => {
    event.preventDefault();
    const match = /^(\d{2}):(\d{2})$/.exec(otherTime);
    if (!match) return setProblem(t('technician.today.arrivalTimeMissing'));
    const at = new Date(
      instantOf(date, Number(match[1]), 0, TIME_ZONE[order.country]).getTime() + Number(match[2]) * 60_000,
    );
    if (at.getTime() <= now().getTime()) return setProblem(t('technician.today.arrivalTimePast'));
    tap({ kind: 'set', stage: 'ON_THE_WAY', expectedArrival: at.toISOString() });
  };

  const finish = (event: FormEvent) => {
    event.preventDefault();
    if (!outcome) return setProblem(t('technician.today.outcomeMissing'));
    tap({ kind: 'set', stage: 'FINISHED', outcome, note: note.trim() || undefined });
  };

  const statusText = (stage: VisitStage | null): string => {
    switch (stage) {
      case 'ON_THE_WAY':
        return t('visit.status.onTheWay', { time: time(status.expectedArrival) });
      case 'ARRIVED':
        return t('visit.status.arrived', { time: time(status.arrivedAt) });
      case 'FINISHED':
        return t('visit.status.finished', {
          time: time(status.finishedAt),
          outcome: status.outcome ? t(`visit.outcome.${status.outcome}`) : '',
        });
      default:
        return t('visit.status.planned');
    }
  };

  const headingId = `${ids}-heading`;
  // Both questions (arrival, outcome) end the same way: save, or go back to the buttons.
  const formFooter = (
    <div className="toolbar">
      <button type="submit" className="button button-primary">
        {t('technician.today.save')}
      </button>
      <button type="button" className="button button-ghost" onClick={() => ask(null)}>
        {t('technician.today.cancel')}
      </button>
    </div>
  );
  return (
    <li
      className={['visit-card', isNext && 'is-next', status.stage === 'FINISHED' && 'is-finished']
        .filter(Boolean)
        .join(' ')}
      data-order={order.id}
      aria-labelledby={headingId}
    >
      <div className="visit-card-head">
        <h2 id={headingId} className="planner-name">
          <span className="visually-hidden">{t('technician.manage.orderNumber', { number })}: </span>
          {order.name}
        </h2>
        <p className="visit-card-window">
          {formatTime(start, i18n)} – {formatTime(end, i18n)}
        </p>
        {isNext && <p className="badge badge-next">{t('technician.today.next')}</p>}
      </div>
      <OrderCardDetails order={order} />
      {/* Focused by the page after a tap: the pressed button may be gone, the new status is what to hear. */}
      <p className={`visit-status visit-status-${(status.stage ?? 'PLANNED').toLowerCase()}`} data-status tabIndex={-1}>
        {statusText(status.stage)}
        {status.waiting && <span className="visit-waiting"> — {t('technician.today.waiting')}</span>}
      </p>
      {status.stage === 'FINISHED' && status.note && <p className="visit-note">{status.note}</p>}
      {/* Right above the buttons, where the thumb is: why a tap was refused, or what the question still needs. */}
      <div className="visit-feedback" data-feedback>
        <Message tone="error">{problem ?? (asking === null ? refusal : null)}</Message>
      </div>

      {asking === null && (
        <div className="visit-actions" ref={actions}>
          {next.includes('ON_THE_WAY') && (
            <button type="button" className="button button-primary" onClick={() => ask('arrival')}>
              {t('technician.today.action.onTheWay')}
            </button>
          )}
          {next.includes('ARRIVED') && (
            <button
              type="button"
              className={`button ${status.stage === 'ON_THE_WAY' ? 'button-primary' : 'button-secondary'}`}
              onClick={() => tap({ kind: 'set', stage: 'ARRIVED' })}
            >
              {t('technician.today.action.arrived')}
            </button>
          )}
          {status.stage === 'ARRIVED' && (
            <button type="button" className="button button-primary" onClick={() => ask('outcome')}>
              {t('technician.today.action.finished')}
            </button>
          )}
          {status.stage !== null && !status.corrected && (
            <button type="button" className="button button-ghost" onClick={() => tap({ kind: 'undo' })}>
              {t('technician.today.action.undo')}
            </button>
          )}
        </div>
      )}

      {asking === 'arrival' && (
        <form className="visit-form" onSubmit={onTheWayAt} noValidate>
          <fieldset ref={question} tabIndex={-1}>
            <legend>{t('technician.today.arrivalQuestion')}</legend>
            <div className="visit-choices">
              {ARRIVAL_CHOICES.map((minutes) => (
                <button
                  key={minutes}
                  type="button"
                  className="button button-secondary"
                  onClick={() => onTheWayIn(minutes)}
                >
                  {t('technician.today.inMinutes', { minutes })}
                </button>
              ))}
            </div>
            <TextField
              id={`${ids}-time`}
              label={t('technician.today.arrivalTime')}
              type="time"
              value={otherTime}
              onChange={(event) => setOtherTime(event.target.value)}
            />
          </fieldset>
          {formFooter}
        </form>
      )}

      {asking === 'outcome' && (
        <form className="visit-form" onSubmit={finish} noValidate>
          <fieldset ref={question} tabIndex={-1} className="visit-outcomes">
            <legend>{t('technician.today.outcomeQuestion')}</legend>
            {OUTCOMES.map((choice) => (
              <label key={choice} className="radio visit-outcome">
                <input
                  type="radio"
                  name={`${ids}-outcome`}
                  value={choice}
                  checked={outcome === choice}
                  onChange={() => setOutcome(choice)}
                />{' '}
                {t(`visit.outcome.${choice}`)}
              </label>
            ))}
          </fieldset>
          <FormField id={`${ids}-note`} label={t('technician.today.note')}>
            {(control) => (
              <textarea
                {...control}
                rows={3}
                maxLength={VISIT_NOTE_MAX_LENGTH}
                value={note}
                onChange={(event) => setNote(event.target.value)}
              />
            )}
          </FormField>
          {formFooter}
        </form>
      )}
    </li>
  );
}
