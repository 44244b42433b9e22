import { useI18n } from '../../i18n/i18n';

/** How both questions of a visit card (arrival, outcome) end: save, or go back to the buttons. */
export function QuestionFooter({ onCancel }: { onCancel: () => void }) {
  const { t } = useI18n();
  return (
    <div className="toolbar">
      <button type="submit" className="button button-primary">
        {t('technician.today.save')}
      </button>
      <button type="button" className="button button-ghost" onClick={onCancel}>
        {t('technician.today.cancel')}
      </button>
    </div>
  );
}
