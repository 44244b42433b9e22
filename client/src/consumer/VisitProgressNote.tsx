import { formatTime } from '../i18n/format';
import { useI18n, type Translate } from '../i18n/i18n';
import type { Locale } from '../i18n/locale';
import type { VisitOutcome, VisitProgressStage } from './gql/graphql';
import type { VisitDayPlaceState } from './VisitDayPlace';

export interface VisitProgressState {
  stage: VisitProgressStage;
  expectedArrival?: string | null;
  outcome?: VisitOutcome | null;
  technicianFirstname?: string | null;
  /** Its place in the technician's day; null before the day is confirmed. */
  dayPlace?: VisitDayPlaceState | null;
}

/** "Jan is onderweg, verwacht rond 10:40 uur." — the technician's own estimate, the first name only. */
function progressText(t: Translate, locale: Locale, progress: VisitProgressState): string {
  const name = progress.technicianFirstname ?? t('consumer.progress.technician');
  switch (progress.stage) {
    case 'ON_THE_WAY':
      return progress.expectedArrival
        ? t('consumer.progress.onTheWay', { name, time: formatTime(new Date(progress.expectedArrival), locale) })
        : t('consumer.progress.arrived', { name });
    case 'ARRIVED':
      return t('consumer.progress.arrived', { name });
    case 'FINISHED':
      return [
        t('consumer.progress.finished'),
        progress.outcome ? t(`consumer.progress.outcome.${progress.outcome}`) : '',
      ]
        .filter(Boolean)
        .join(' ');
    default:
      return '';
  }
}

/**
 * Where the visit is, in a polite live region: it is on the page from the start (empty while planned), so a
 * screen reader announces each change as it comes, without taking the focus.
 */
export function VisitProgressNote({ progress }: { progress: VisitProgressState | null }) {
  const locale = useI18n();
  const text = progress ? progressText(locale.t, locale, progress) : '';
  return (
    <p className={text ? 'visit-progress' : 'visit-progress visit-progress-empty'} role="status" aria-live="polite">
      {text}
    </p>
  );
}
