import { formatLongDate, formatTime } from '../../i18n/format';
import { useI18n } from '../../i18n/i18n';
import { serverTimeAt } from '../../lib/server-clock';

/** Why the planner is read-only: it shows the copy kept on the phone, or the day was confirmed (when, if known). */
export function PlannerBanners({
  offlineSavedAt,
  confirmedAt,
}: {
  offlineSavedAt: string | undefined;
  /** An empty string: locked, but the moment is not known (the confirm was refused because it was locked). */
  confirmedAt: string | null;
}) {
  const i18n = useI18n();
  const { t } = i18n;
  return (
    <>
      {offlineSavedAt !== undefined && (
        <p className="offline-banner" role="status">
          {t('technician.offline.banner', { time: formatTime(serverTimeAt(new Date(offlineSavedAt)), i18n) })}
        </p>
      )}
      {confirmedAt !== null && (
        <p className="planner-banner" data-testid="confirmed-banner">
          {confirmedAt
            ? t('technician.manage.confirmedBanner', {
                date: formatLongDate(new Date(confirmedAt), i18n),
                time: formatTime(new Date(confirmedAt), i18n),
              })
            : t('technician.manage.lockedBanner')}
        </p>
      )}
    </>
  );
}
