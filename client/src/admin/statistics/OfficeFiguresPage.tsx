import { useQuery } from '@apollo/client/react';
import { lazy, Suspense, useId, useMemo, useState, type FormEvent, type ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { FIGURES_MAX_DAYS } from '../../../../shared/office-figures.js';
import { addDays, localDateOf } from '../../../../shared/zoned-time.js';
import { Message } from '../../components/Message';
import { Spinner } from '../../components/Spinner';
import { graphql } from '../../gql';
import type { OfficeFiguresPageQuery as OfficeFiguresData } from '../../gql/graphql';
import { formatLocalDate } from '../../i18n/format';
import { useI18n } from '../../i18n/i18n';
import { TIME_ZONE } from '../../i18n/locale';
import { problemOf } from '../../lib/errors';
import { usePageTitle } from '../../lib/usePageTitle';
import { AdminPageHeader } from '../AdminPageHeader';
import type { FigureBar } from './chart-options';
import { figureListLink, type FigureCount } from './figure-links';

// ECharts is large: it is fetched when a statistics screen opens, never by the other pages.
const OfficeFiguresChart = lazy(() => import('./OfficeFiguresChart'));

const OfficeFiguresPageQuery = graphql(`
  query OfficeFiguresPage($from: String!, $to: String!, $groupBy: FigureGrouping!, $country: Country) {
    officeFigures(from: $from, to: $to, groupBy: $groupBy, country: $country) {
      period {
        from
        to
      }
      groupBy
      country
      rows {
        ...OfficeFiguresPage_row
      }
      total {
        ...OfficeFiguresPage_row
      }
    }
  }
  fragment OfficeFiguresPage_row on OfficeFigureRow {
    date
    country
    technicianNumber
    technicianName
    visits
    reached
    onTime
    onTimePercent
    firstVisits
    firstTimeFixes
    firstTimeFixPercent
    finished
    notHome
    notHomePercent
    ratings
    averageRating
  }
`);

type Figures = OfficeFiguresData['officeFigures'];
type FigureRow = Figures['total'];
type Grouping = Figures['groupBy'];
type CountryChoice = '' | 'NL' | 'BE';

const GROUPINGS: readonly Grouping[] = ['DAY', 'COUNTRY', 'TECHNICIAN'] as Grouping[];
const DATE = /^\d{4}-\d{2}-\d{2}$/;

interface Choice {
  from: string;
  to: string;
  groupBy: Grouping;
  country: CountryChoice;
}

/** The choice in the URL (shareable, the back button works); the last seven days per day by default. */
function readChoice(query: URLSearchParams, today: string): Choice {
  const date = (name: string, fallback: string) => {
    const value = query.get(name) ?? '';
    return DATE.test(value) ? value : fallback;
  };
  const groupBy = query.get('by');
  const country = query.get('country');
  return {
    from: date('from', addDays(today, -6)),
    to: date('to', today),
    groupBy: GROUPINGS.includes(groupBy as Grouping) ? (groupBy as Grouping) : 'DAY',
    country: country === 'NL' || country === 'BE' ? country : '',
  };
}

function writeChoice(choice: Choice): URLSearchParams {
  const query = new URLSearchParams({ from: choice.from, to: choice.to, by: choice.groupBy });
  if (choice.country) query.set('country', choice.country);
  return query;
}

/** Screen 'Cijfers voor kantoor' (docs/rules.md, Figures for the office): a chart and a table of the same figures. */
export function OfficeFiguresPage() {
  const { t, language, country: siteCountry } = useI18n();
  const title = t('admin.figures.title');
  usePageTitle(title);
  const [query, setQuery] = useSearchParams();
  const today = useMemo(() => localDateOf(new Date(), TIME_ZONE.NL), []);
  const choice = readChoice(query, today);
  const [draft, setDraft] = useState<Choice>(choice);
  const [view, setView] = useState<'chart' | 'table'>('chart');
  const { data, previousData, loading, error } = useQuery(OfficeFiguresPageQuery, {
    variables: {
      from: choice.from,
      to: choice.to,
      groupBy: choice.groupBy,
      country: choice.country === '' ? null : choice.country,
    },
  });
  const problem = error ? problemOf(error, t('common.genericError')) : null;
  // A refused period keeps the last figures on screen beside the message.
  const figures = (data ?? previousData)?.officeFigures;
  const ids = {
    from: useId(),
    to: useId(),
    hint: useId(),
    fromError: useId(),
    toError: useId(),
    groupBy: useId(),
    country: useId(),
    view: useId(),
  };
  const percent = new Intl.NumberFormat(`${language}-${siteCountry}`, { maximumFractionDigits: 0 });
  const decimal = new Intl.NumberFormat(`${language}-${siteCountry}`, {
    minimumFractionDigits: 1,
    maximumFractionDigits: 1,
  });
  const share = (value: number | null) => (value === null ? '–' : `${percent.format(value)} %`);

  const apply = (event: FormEvent) => {
    event.preventDefault();
    setQuery(writeChoice(draft));
  };

  const placeOf = (row: FigureRow, isTotal: boolean): string => {
    if (isTotal) return t('admin.figures.total');
    if (row.date) return formatLocalDate(row.date);
    if (row.country) return t(`common.country.${row.country}`);
    return row.technicianName ?? t('admin.figures.withoutTechnician');
  };

  const dateError = (field: 'from' | 'to') =>
    problem?.fields[field] ? (
      <span className="field-error" id={field === 'from' ? ids.fromError : ids.toError}>
        {problem.fields[field]}
      </span>
    ) : null;

  return (
    <section className="stats-page">
      <AdminPageHeader title={title} back="/admin/statistics" />
      <p className="muted">{t('admin.figures.rules')}</p>

      <form className="card stats-period" onSubmit={apply} noValidate>
        <fieldset>
          <legend>{t('admin.figures.period')}</legend>
          <p className="field-hint" id={ids.hint}>
            {t('admin.figures.periodHint', { days: FIGURES_MAX_DAYS })}
          </p>
          <div className="stats-period-fields">
            <div className="field">
              <label htmlFor={ids.from}>{t('admin.figures.from')}</label>
              <input
                id={ids.from}
                type="date"
                required
                value={draft.from}
                onChange={(event) => setDraft({ ...draft, from: event.target.value })}
                aria-describedby={problem?.fields.from ? `${ids.hint} ${ids.fromError}` : ids.hint}
                aria-invalid={problem?.fields.from ? true : undefined}
              />
              {dateError('from')}
            </div>
            <div className="field">
              <label htmlFor={ids.to}>{t('admin.figures.to')}</label>
              <input
                id={ids.to}
                type="date"
                required
                value={draft.to}
                onChange={(event) => setDraft({ ...draft, to: event.target.value })}
                aria-describedby={problem?.fields.to ? `${ids.hint} ${ids.toError}` : ids.hint}
                aria-invalid={problem?.fields.to ? true : undefined}
              />
              {dateError('to')}
            </div>
            <div className="field">
              <label htmlFor={ids.groupBy}>{t('admin.figures.groupBy')}</label>
              <select
                id={ids.groupBy}
                value={draft.groupBy}
                onChange={(event) => setDraft({ ...draft, groupBy: event.target.value as Grouping })}
              >
                {GROUPINGS.map((grouping) => (
                  <option key={grouping} value={grouping}>
                    {t(`admin.figures.groupBy.${grouping}`)}
                  </option>
                ))}
              </select>
            </div>
            <div className="field">
              <label htmlFor={ids.country}>{t('admin.figures.country')}</label>
              <select
                id={ids.country}
                value={draft.country}
                onChange={(event) => setDraft({ ...draft, country: event.target.value as CountryChoice })}
              >
                <option value="">{t('admin.figures.bothCountries')}</option>
                <option value="NL">{t('common.country.NL')}</option>
                <option value="BE">{t('common.country.BE')}</option>
              </select>
            </div>
            <div className="toolbar stats-period-actions">
              <button type="submit" className="button button-primary">
                {t('admin.figures.apply')}
              </button>
            </div>
          </div>
        </fieldset>
      </form>

      <Message tone="error">{problem?.message}</Message>

      {loading && !figures && <Spinner />}
      {figures && (
        <FiguresView
          figures={figures}
          view={view}
          setView={setView}
          viewLabelId={ids.view}
          share={share}
          rating={(value) => (value === null ? '–' : decimal.format(value))}
          placeOf={placeOf}
        />
      )}
    </section>
  );
}

function FiguresView({
  figures,
  view,
  setView,
  viewLabelId,
  share,
  rating,
  placeOf,
}: {
  figures: Figures;
  view: 'chart' | 'table';
  setView: (view: 'chart' | 'table') => void;
  viewLabelId: string;
  share: (value: number | null) => string;
  rating: (value: number | null) => string;
  placeOf: (row: FigureRow, isTotal: boolean) => string;
}) {
  const { t } = useI18n();
  const headingId = useId();
  const period = {
    from: figures.period.from,
    to: figures.period.to,
    country: figures.country ?? null,
  };
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

  /** A count as a link to the order list of exactly those orders; its name starts with the number shown. */
  const countLink = (row: FigureRow, isTotal: boolean, count: FigureCount, figure: string): ReactNode => {
    const value = row[count];
    const to = figureListLink(count, period, {
      date: isTotal ? null : row.date,
      country: isTotal ? null : (row.country ?? null),
      technicianNumber: row.technicianNumber,
      byTechnician: !isTotal && figures.groupBy === 'TECHNICIAN',
    });
    return (
      <Link to={to} aria-label={t('admin.figures.countLink', { value, figure, place: placeOf(row, isTotal) })}>
        {value}
      </Link>
    );
  };

  const shareCell = (
    row: FigureRow,
    isTotal: boolean,
    value: number | null | undefined,
    part: FigureCount,
    whole: FigureCount,
    figure: string,
    wholeFigure: string,
  ) => (
    <>
      {share(value ?? null)}{' '}
      <span className="figure-counts">
        ({countLink(row, isTotal, part, figure)} {t('admin.figures.of')} {countLink(row, isTotal, whole, wholeFigure)})
      </span>
    </>
  );

  const rowCells = (row: FigureRow, isTotal: boolean) => (
    <>
      <td>{countLink(row, isTotal, 'visits', t('admin.figures.visits'))}</td>
      <td>
        {shareCell(
          row,
          isTotal,
          row.onTimePercent,
          'onTime',
          'reached',
          t('admin.figures.onTime'),
          t('admin.ordersList.arrival.REACHED'),
        )}
      </td>
      <td>
        {shareCell(
          row,
          isTotal,
          row.firstTimeFixPercent,
          'firstTimeFixes',
          'firstVisits',
          t('admin.figures.firstTimeFix'),
          t('admin.ordersList.firstVisit'),
        )}
      </td>
      <td>
        {shareCell(
          row,
          isTotal,
          row.notHomePercent,
          'notHome',
          'finished',
          t('admin.figures.notHome'),
          t('admin.ordersList.outcome.FINISHED'),
        )}
      </td>
      <td>{countLink(row, isTotal, 'ratings', t('admin.figures.ratings'))}</td>
      <td>{rating(row.averageRating ?? null)}</td>
    </>
  );

  return (
    <section className="card stats-chart stats-chart-wide" aria-labelledby={headingId}>
      <h2 id={headingId}>{chartTitle}</h2>
      <div className="toolbar" role="group" aria-labelledby={viewLabelId}>
        <span id={viewLabelId} className="muted">
          {t('admin.figures.view')}
        </span>
        <button
          type="button"
          className="button button-secondary"
          aria-pressed={view === 'chart'}
          onClick={() => setView('chart')}
        >
          {t('admin.figures.asChart')}
        </button>
        <button
          type="button"
          className="button button-secondary"
          aria-pressed={view === 'table'}
          onClick={() => setView('table')}
        >
          {t('admin.figures.asTable')}
        </button>
      </div>
      {figures.total.visits === 0 && <p className="muted">{t('admin.figures.noVisits')}</p>}
      {view === 'chart' ? (
        <Suspense fallback={<Spinner />}>
          <OfficeFiguresChart bars={bars} label={summary} />
        </Suspense>
      ) : (
        <div className="table-wrap">
          <table className="figures-table">
            <thead>
              <tr>
                <th scope="col">{t(`admin.figures.groupBy.${figures.groupBy}`)}</th>
                <th scope="col">{t('admin.figures.visits')}</th>
                <th scope="col">{t('admin.figures.onTime')}</th>
                <th scope="col">{t('admin.figures.firstTimeFix')}</th>
                <th scope="col">{t('admin.figures.notHome')}</th>
                <th scope="col">{t('admin.figures.ratings')}</th>
                <th scope="col">{t('admin.figures.averageRating')}</th>
              </tr>
            </thead>
            <tbody>
              {figures.rows.map((row) => (
                <tr key={`${row.date ?? ''}${row.country ?? ''}${row.technicianNumber ?? ''}`}>
                  <th scope="row">{placeOf(row, false)}</th>
                  {rowCells(row, false)}
                </tr>
              ))}
            </tbody>
            <tfoot>
              <tr>
                <th scope="row">{placeOf(figures.total, true)}</th>
                {rowCells(figures.total, true)}
              </tr>
            </tfoot>
          </table>
        </div>
      )}
    </section>
  );
}
