import type { Ref } from 'react';
import { TextField } from '../../components/FormField';
import { useI18n } from '../../i18n/i18n';
import { QuestionFooter } from './QuestionFooter';
import type { useVisitTaps } from './useVisitTaps';
import { ARRIVAL_CHOICES } from './visit-stage';

/**
 * Onderweg's question: the expected arrival, a few minutes from now in one tap, or a time typed and saved. A customer
 * who answered they cannot be there and asked to be called is named first: setting out without calling wastes the
 * trip.
 */
export function ArrivalQuestion({
  ref,
  idPrefix,
  arrival,
  callFirst,
  onCancel,
}: {
  /** The question, focused when it opens. */
  ref: Ref<HTMLFieldSetElement>;
  idPrefix: string;
  arrival: ReturnType<typeof useVisitTaps>['arrival'];
  /** The customer asked to be called. */
  callFirst: boolean;
  onCancel: () => void;
}) {
  const { t } = useI18n();
  const warningId = `${idPrefix}-call-first`;
  return (
    <form className="visit-form" onSubmit={arrival.onTheWayAt} noValidate>
      <fieldset ref={ref} tabIndex={-1} aria-describedby={callFirst ? warningId : undefined}>
        <legend>{t('technician.today.arrivalQuestion')}</legend>
        {callFirst && (
          <p id={warningId} className="planner-reply planner-reply-call">
            {t('technician.today.callFirst')}
          </p>
        )}
        <div className="visit-choices">
          {ARRIVAL_CHOICES.map((minutes) => (
            <button
              key={minutes}
              type="button"
              className="button button-secondary"
              onClick={() => arrival.onTheWayIn(minutes)}
            >
              {t('technician.today.inMinutes', { minutes })}
            </button>
          ))}
        </div>
        <TextField
          id={`${idPrefix}-time`}
          label={t('technician.today.arrivalTime')}
          type="time"
          value={arrival.otherTime}
          onChange={(event) => arrival.setOtherTime(event.target.value)}
        />
      </fieldset>
      <QuestionFooter onCancel={onCancel} />
    </form>
  );
}
