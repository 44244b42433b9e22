import type { CSSProperties } from 'react';
import { Link } from 'react-router-dom';
import { formatHour } from '../../../../shared/clock-time.js';
import { useI18n } from '../../i18n/i18n';
import { orderPagePath } from '../orders/order-links';
import { timelineBlocks, type TimelineSpan } from './board-timeline';
import type { ShownVisit } from './board-visits';

const LANE_REM = 4;

/**
 * A technician's day across the hours: each visit a block at its window that says in words what the table's row
 * says (window, customer, status, late), and links to the order; a list, so it is read and tabbed in window order.
 */
export function BoardTimeline({
  name,
  visits,
  span,
  zone,
  windowText,
  lateText,
}: {
  name: string;
  visits: readonly ShownVisit[];
  span: TimelineSpan;
  zone: string;
  windowText: (visit: ShownVisit) => string;
  lateText: (visit: ShownVisit) => string | null;
}) {
  const { t, language } = useI18n();
  const blocks = timelineBlocks(visits, span, zone);
  const lanes = blocks.reduce((most, block) => Math.max(most, block.lane + 1), 1);
  const hours = Array.from({ length: span.to - span.from + 1 }, (_, index) => span.from + index);
  const hourWidth = 100 / (span.to - span.from);
  return (
    <div className="board-timeline-wrap">
      <div className="board-timeline">
        {/* The hours are the axis of the blocks; each block names its own window, so they are not read out. */}
        <div className="board-hours" aria-hidden="true">
          {hours.map((hour) => (
            <span key={hour} style={{ left: `${(hour - span.from) * hourWidth}%` }}>
              {formatHour(hour % 24, language)}
            </span>
          ))}
        </div>
        <ol
          className="board-lanes"
          aria-label={t('admin.board.timeline', { name })}
          style={{ height: `${lanes * LANE_REM}rem`, '--board-hour-width': `${hourWidth}%` } as CSSProperties}
        >
          {blocks.map(({ visit, left, width, lane }) => {
            const late = lateText(visit);
            return (
              <li
                key={visit.orderId}
                className={`board-block board-block-${visit.stage.toLowerCase()}${late ? ' board-block-late' : ''}`}
                style={{ left: `${left}%`, width: `${width}%`, top: `${lane * LANE_REM}rem` }}
              >
                <Link to={orderPagePath(visit.referenceNumber)}>
                  {t('admin.board.timelineVisit', { window: windowText(visit), customer: visit.customerName })}
                </Link>
                <span className="board-block-line">{t(`visit.stage.${visit.stage}`)}</span>
                {late && <span className="board-block-line">{late}</span>}
              </li>
            );
          })}
        </ol>
      </div>
    </div>
  );
}
