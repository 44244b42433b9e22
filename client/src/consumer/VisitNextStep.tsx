import { officeCallBack } from '../../../shared/call-back.js';
import { formatClock } from '../../../shared/clock-time.js';
import { formatDayMonth, formatWeekday } from '../i18n/format';
import { useI18n } from '../i18n/i18n';
import { TIME_ZONE } from '../i18n/locale';
import type { VisitProgressStage } from './gql/graphql';
import type { SavedReply } from './useReplyToVisit';

/**
 * The next thing for the consumer, under the visit's time: while planned, the technician's call before he comes
 * or, once they asked to be called, when the office calls (shared/call-back.ts); on the way, to be ready.
 */
export function VisitNextStep({
  stage,
  reply,
  start,
}: {
  stage: VisitProgressStage;
  reply: SavedReply | null;
  /** The window's start; null while it is not shown. */
  start: Date | null;
}) {
  const locale = useI18n();
  const { t, country, language } = locale;
  if (stage === 'PLANNED' && reply?.answer === 'CALL_ME' && start) {
    const callBack = officeCallBack(new Date(reply.updatedAt), start, TIME_ZONE[country]);
    // Midday UTC of that date is the same date in the Dutch and Belgian zones.
    const day = new Date(`${callBack.date}T12:00:00Z`);
    return (
      <p className="visit-next">
        {t(`consumer.next.callBack.${callBack.bound}`, {
          date: `${formatWeekday(day, locale)} ${formatDayMonth(day, locale)}`,
          time: formatClock(callBack.time, language),
        })}
      </p>
    );
  }
  if (stage === 'PLANNED') return <p className="visit-next visit-call-ahead">{t('consumer.details.callAhead')}</p>;
  if (stage === 'ON_THE_WAY') return <p className="visit-next">{t('consumer.next.onTheWay')}</p>;
  return null;
}
