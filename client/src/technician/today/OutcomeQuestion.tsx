import type { Ref } from 'react';
import { VISIT_NOTE_MAX_LENGTH } from '../../../../shared/visits.js';
import { FormField } from '../../components/FormField';
import { useI18n } from '../../i18n/i18n';
import { QuestionFooter } from './QuestionFooter';
import type { useVisitTaps } from './useVisitTaps';
import { OUTCOMES } from './visit-stage';

/** Afgerond's question: how the visit ended (one of the outcomes) and, if wanted, a note. */
export function OutcomeQuestion({
  ref,
  idPrefix,
  answer,
  onCancel,
}: {
  /** The question, focused when it opens. */
  ref: Ref<HTMLFieldSetElement>;
  idPrefix: string;
  answer: ReturnType<typeof useVisitTaps>['outcome'];
  onCancel: () => void;
}) {
  const { t } = useI18n();
  return (
    <form className="visit-form" onSubmit={answer.finish} noValidate>
      <fieldset ref={ref} tabIndex={-1} className="visit-outcomes">
        <legend>{t('technician.today.outcomeQuestion')}</legend>
        {OUTCOMES.map((choice) => (
          <label key={choice} className="radio visit-outcome">
            <input
              type="radio"
              name={`${idPrefix}-outcome`}
              value={choice}
              checked={answer.outcome === choice}
              onChange={() => answer.setOutcome(choice)}
            />{' '}
            {t(`visit.outcome.${choice}`)}
          </label>
        ))}
      </fieldset>
      <FormField id={`${idPrefix}-note`} label={t('technician.today.note')}>
        {(control) => (
          <textarea
            {...control}
            rows={3}
            maxLength={VISIT_NOTE_MAX_LENGTH}
            value={answer.note}
            onChange={(event) => answer.setNote(event.target.value)}
          />
        )}
      </FormField>
      <QuestionFooter onCancel={onCancel} />
    </form>
  );
}
