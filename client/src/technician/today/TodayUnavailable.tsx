import { Message } from '../../components/Message';
import { Spinner } from '../../components/Spinner';
import { useI18n } from '../../i18n/i18n';
import { problemOf } from '../../lib/errors';

/** Today while there is nothing to show: loading, or why not (no connection and no usable copy, or an error). */
export function TodayUnavailable({
  loading,
  error,
  offline,
  copyExpired,
  onRetry,
}: {
  loading: boolean;
  error: unknown;
  offline: boolean;
  /** The phone holds a copy, but of a day or a session that has passed. */
  copyExpired: boolean;
  onRetry: () => void;
}) {
  const { t } = useI18n();
  const failed = Boolean(error) && !loading;
  return (
    <section className="planner">
      <div className="page-header">
        <h1>{t('technician.today.pageTitle')}</h1>
      </div>
      {loading && <Spinner />}
      <Message tone="error">
        {failed
          ? offline
            ? t(copyExpired ? 'technician.offline.copyExpired' : 'technician.offline.nothingSaved')
            : problemOf(error, t('common.genericError')).message
          : null}
      </Message>
      {failed && (
        <button type="button" className="button button-secondary" onClick={onRetry}>
          {t('technician.manage.retry')}
        </button>
      )}
    </section>
  );
}
