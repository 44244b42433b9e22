import { useI18n } from '../i18n/i18n';

export function Spinner() {
  const { t } = useI18n();
  return (
    <div className="spinner" role="status" aria-live="polite">
      <span className="spinner-dot" aria-hidden="true" />
      <span>{t('common.loading')}</span>
    </div>
  );
}
