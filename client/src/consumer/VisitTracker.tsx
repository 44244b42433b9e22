import { visitSteps } from '../../../shared/visit-stages.js';
import { useI18n } from '../i18n/i18n';
import type { VisitProgressStage } from './gql/graphql';

/**
 * Where the visit stands, as four steps (planned, on the way, with you, finished) from the shared rule the
 * technician's phone follows. A list with the current step marked for screen readers (aria-current) and, on the
 * screen, by a word and a tick, not by colour alone.
 */
export function VisitTracker({ stage }: { stage: VisitProgressStage }) {
  const { t } = useI18n();
  return (
    <ol className="visit-tracker" aria-label={t('consumer.tracker.label')}>
      {visitSteps(stage).map(({ step, state }, index) => {
        // A finished visit is done at its last step, not under way there.
        const done = state === 'DONE' || (state === 'CURRENT' && step === 'FINISHED');
        return (
          <li
            key={step}
            className={`visit-step visit-step-${state.toLowerCase()}`}
            aria-current={state === 'CURRENT' ? 'step' : undefined}
          >
            <span className="visit-step-mark" aria-hidden="true">
              {done ? '✓' : index + 1}
            </span>
            <span className="visit-step-name">{t(`consumer.tracker.${step}`)}</span>
            {done ? (
              <span className="visually-hidden">{t('consumer.tracker.done')}</span>
            ) : (
              state === 'CURRENT' && <span className="visit-step-now">{t('consumer.tracker.now')}</span>
            )}
          </li>
        );
      })}
    </ol>
  );
}
