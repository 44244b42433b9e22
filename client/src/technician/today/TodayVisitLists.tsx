import { useId, useState, type ReactNode, type Ref } from 'react';
import { useI18n } from '../../i18n/i18n';
import type { DayOrder, DaySummary } from './day-order';

/** The open visits, next stop first; the finished ones folded into one line ("3 van 7 afgerond"), to open. */
export function TodayVisitLists({
  ref,
  order: { open, finished },
  summary,
  card,
}: {
  /** Where the page looks for the status to focus after a tap. */
  ref: Ref<HTMLDivElement>;
  order: DayOrder;
  summary: DaySummary;
  /** The card of the visit at this index of the day's orders. */
  card: (index: number) => ReactNode;
}) {
  const { t } = useI18n();
  const [showFinished, setShowFinished] = useState(false);
  const finishedId = useId();
  return (
    <div ref={ref}>
      {open.length > 0 ? (
        <ol className="planner-list visit-list" aria-label={t('technician.today.listLabel')}>
          {open.map(card)}
        </ol>
      ) : (
        <p className="planner-empty">{t('technician.today.allFinished')}</p>
      )}
      {finished.length > 0 && (
        <div className="visit-finished">
          <button
            type="button"
            className="visit-finished-toggle"
            aria-expanded={showFinished}
            aria-controls={finishedId}
            onClick={() => setShowFinished(!showFinished)}
          >
            {t('technician.today.finishedSummary', { finished: summary.finished, total: summary.total })}
          </button>
          <div id={finishedId} hidden={!showFinished}>
            <ol className="planner-list visit-list" aria-label={t('technician.today.finishedLabel')}>
              {finished.map(card)}
            </ol>
          </div>
        </div>
      )}
    </div>
  );
}
