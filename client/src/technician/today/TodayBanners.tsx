import { Message } from '../../components/Message';
import { formatTime } from '../../i18n/format';
import { useI18n } from '../../i18n/i18n';
import { serverTimeAt } from '../../lib/server-clock';

/** What holds for the whole day: shown from the phone's copy, taps still waiting, a refusal without its card. */
export function TodayBanners({
  copySavedAt,
  waitingCount,
  unlistedRefusals,
}: {
  /** When the copy that shows was loaded; undefined when the day comes from the server. */
  copySavedAt: string | undefined;
  waitingCount: number;
  /** Refusals of taps on visits no longer listed (a refusal of a listed visit shows on its card). */
  unlistedRefusals: string | null;
}) {
  const i18n = useI18n();
  const { t } = i18n;
  return (
    <>
      {copySavedAt !== undefined && (
        <p className="offline-banner" role="status">
          {t('technician.offline.banner', { time: formatTime(serverTimeAt(new Date(copySavedAt)), i18n) })}
        </p>
      )}
      {waitingCount > 0 && (
        <p className="waiting-banner" role="status">
          {t('technician.today.waitingCount', { count: waitingCount })}
        </p>
      )}
      <Message tone="error">{unlistedRefusals}</Message>
    </>
  );
}
