import { lazy, Suspense, useId, useState } from 'react';
import { Spinner } from '../../../components/Spinner';
import { useI18n } from '../../../i18n/i18n';
import type { FigureBar } from '../office-figures-chart-options';
import { FiguresTable } from './FiguresTable';
import { useFigureFormats } from './useFigureFormats';
import type { Figures } from './useOfficeFigures';

// ECharts is large: it is fetched when a statistics screen opens, never by the other pages.
const OfficeFiguresChart = lazy(() => import('../OfficeFiguresChart'));

/** The same figures as a chart (first) or as a table with links to the orders counted. */
export function FiguresView({ figures }: { figures: Figures }) {
  const { t } = useI18n();
  const { share, placeOf } = useFigureFormats();
  const [view, setView] = useState<'chart' | 'table'>('chart');
  const headingId = useId();
  const viewLabelId = useId();
  const chartTitle = t('admin.figures.chartTitle');
  const bars: FigureBar[] = figures.rows.map((row) => ({
    label: placeOf(row, false),
    onTimePercent: row.onTimePercent ?? null,
    firstTimeFixPercent: row.firstTimeFixPercent ?? null,
    notHomePercent: row.notHomePercent ?? null,
  }));
  const summary = t('admin.figures.summary', {
    title: chartTitle,
    onTime: share(figures.total.onTimePercent ?? null),
    firstTimeFix: share(figures.total.firstTimeFixPercent ?? null),
    notHome: share(figures.total.notHomePercent ?? null),
  });
  const viewButton = (shown: 'chart' | 'table', label: string) => (
    <button
      type="button"
      className="button button-secondary"
      aria-pressed={view === shown}
      onClick={() => setView(shown)}
    >
      {label}
    </button>
  );

  return (
    <section className="card stats-chart stats-chart-wide" aria-labelledby={headingId}>
      <h2 id={headingId}>{chartTitle}</h2>
      <div className="toolbar" role="group" aria-labelledby={viewLabelId}>
        <span id={viewLabelId} className="muted">
          {t('admin.figures.view')}
        </span>
        {viewButton('chart', t('admin.figures.asChart'))}
        {viewButton('table', t('admin.figures.asTable'))}
      </div>
      {figures.total.visits === 0 && <p className="muted">{t('admin.figures.noVisits')}</p>}
      {view === 'chart' ? (
        <Suspense fallback={<Spinner />}>
          <OfficeFiguresChart bars={bars} label={summary} />
        </Suspense>
      ) : (
        <FiguresTable figures={figures} />
      )}
    </section>
  );
}
