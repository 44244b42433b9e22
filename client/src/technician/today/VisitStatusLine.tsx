import { formatTime } from '../../i18n/format';
import { useI18n } from '../../i18n/i18n';
import type { ShownStatus } from './visit-stage';

/** Where the visit stands, with its time ("Onderweg, verwacht 10:15"), whether the tap still waits, and the note. */
export function VisitStatusLine({ status }: { status: ShownStatus }) {
  const i18n = useI18n();
  const { t } = i18n;
  const time = (iso: string | null) => (iso ? formatTime(new Date(iso), i18n) : '');
  const text = (): string => {
    switch (status.stage) {
      case 'ON_THE_WAY':
        return t('visit.status.onTheWay', { time: time(status.expectedArrival) });
      case 'ARRIVED':
        return t('visit.status.arrived', { time: time(status.arrivedAt) });
      case 'FINISHED':
        return t('visit.status.finished', {
          time: time(status.finishedAt),
          outcome: status.outcome ? t(`visit.outcome.${status.outcome}`) : '',
        });
      default:
        return t('visit.status.planned');
    }
  };
  return (
    <>
      {/* Focused by the page after a tap: the pressed button may be gone, the new status is what to hear. */}
      <p className={`visit-status visit-status-${(status.stage ?? 'PLANNED').toLowerCase()}`} data-status tabIndex={-1}>
        {text()}
        {status.waiting && <span className="visit-waiting"> — {t('technician.today.waiting')}</span>}
      </p>
      {status.stage === 'FINISHED' && status.note && <p className="visit-note">{status.note}</p>}
    </>
  );
}
