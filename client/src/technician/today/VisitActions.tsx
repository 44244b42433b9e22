import type { Ref } from 'react';
import { useI18n } from '../../i18n/i18n';
import type { Question } from './useVisitQuestion';
import type { StatusChange } from './visit-change';
import { nextStages, type ShownStatus } from './visit-stage';

/**
 * The buttons that move a visit on from where it stands: Onderweg and Afgerond open their question first;
 * Aangekomen is one tap; "Corrigeren" takes back the last step, once until the next step forward.
 */
export function VisitActions({
  ref,
  status,
  onAsk,
  onTap,
}: {
  /** Where the keyboard returns when a question is cancelled. */
  ref: Ref<HTMLDivElement>;
  status: ShownStatus;
  onAsk: (question: Question) => void;
  onTap: (change: Pick<StatusChange, 'kind' | 'stage'>) => void;
}) {
  const { t } = useI18n();
  const next = nextStages(status.stage);
  return (
    <div className="visit-actions" ref={ref}>
      {next.includes('ON_THE_WAY') && (
        <button type="button" className="button button-primary" onClick={() => onAsk('arrival')}>
          {t('technician.today.action.onTheWay')}
        </button>
      )}
      {next.includes('ARRIVED') && (
        <button
          type="button"
          className={`button ${status.stage === 'ON_THE_WAY' ? 'button-primary' : 'button-secondary'}`}
          onClick={() => onTap({ kind: 'set', stage: 'ARRIVED' })}
        >
          {t('technician.today.action.arrived')}
        </button>
      )}
      {status.stage === 'ARRIVED' && (
        <button type="button" className="button button-primary" onClick={() => onAsk('outcome')}>
          {t('technician.today.action.finished')}
        </button>
      )}
      {status.stage !== null && !status.corrected && (
        <button type="button" className="button button-ghost" onClick={() => onTap({ kind: 'undo' })}>
          {t('technician.today.action.undo')}
        </button>
      )}
    </div>
  );
}
