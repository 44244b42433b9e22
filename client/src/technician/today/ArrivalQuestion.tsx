import type { Ref } from 'react';
import { TextField } from '../../components/FormField';
import { useI18n } from '../../i18n/i18n';
import { QuestionFooter } from './QuestionFooter';
import type { useVisitTaps } from './useVisitTaps';
import { ARRIVAL_CHOICES } from './visit-stage';

/** Onderweg's question: the expected arrival, a few minutes from now in one tap, or a time typed and saved. */
export function ArrivalQuestion({
  ref,
  idPrefix,
  arrival,
  onCancel,
}: {
  /** The question, focused when it opens. */
  ref: Ref<HTMLFieldSetElement>;
  idPrefix: string;
  arrival: ReturnType<typeof useVisitTaps>['arrival'];
  onCancel: () => void;
}) {
  const { t } = useI18n();
  return (
    <form className="visit-form" onSubmit={arrival.onTheWayAt} noValidate>
      <fieldset ref={ref} tabIndex={-1}>
        <legend>{t('technician.today.arrivalQuestion')}</legend>
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
