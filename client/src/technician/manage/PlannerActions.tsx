import type { Ref } from 'react';
import { BusyButton } from '../../components/BusyButton';
import { Message } from '../../components/Message';
import { useI18n } from '../../i18n/i18n';
import type { Notice } from './usePlannerRows';

/**
 * Under the list: "Herstel" and "Sorteer op tijdvak" while the day is open, then the confirm with what it locks and
 * what it answered. The confirm part stays in view at the bottom (above the tab bar): no scrolling for either.
 */
export function PlannerActions({
  editable,
  confirming,
  notice,
  noticeRef,
  onReset,
  onSort,
  onConfirm,
}: {
  /** An open day with orders: the tools and the confirm show. */
  editable: boolean;
  confirming: boolean;
  notice: Notice | null;
  /** Where the keyboard goes when the pressed confirm goes away. */
  noticeRef: Ref<HTMLDivElement>;
  onReset: () => void;
  onSort: () => void;
  onConfirm: () => void;
}) {
  const { t } = useI18n();
  return (
    <>
      {editable && (
        <div className="toolbar planner-tools">
          <button type="button" className="button button-secondary" disabled={confirming} onClick={onReset}>
            {t('technician.manage.reset')}
          </button>
          <button type="button" className="button button-secondary" disabled={confirming} onClick={onSort}>
            {t('technician.manage.sort')}
          </button>
        </div>
      )}
      <div className={editable ? 'planner-actions planner-actions-sticky' : 'planner-actions'}>
        <div ref={noticeRef} tabIndex={-1} className="planner-notice">
          <Message tone={notice?.tone ?? 'info'}>{notice?.text}</Message>
        </div>
        {editable && (
          <>
            <p className="planner-warning" id="planner-warning">
              {t('technician.manage.warning')}
            </p>
            <BusyButton
              className="button button-primary button-block"
              aria-describedby="planner-warning"
              busy={confirming}
              onClick={onConfirm}
            >
              {confirming ? t('technician.manage.confirming') : t('technician.manage.confirm')}
            </BusyButton>
          </>
        )}
      </div>
    </>
  );
}
