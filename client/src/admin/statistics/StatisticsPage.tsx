import { useQuery } from '@apollo/client/react';
import { lazy, Suspense, useId, useMemo, useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { localDateOf } from '../../../../shared/zoned-time.js';
import { Message } from '../../components/Message';
import { Spinner } from '../../components/Spinner';
import { graphql } from '../../gql';
import { useI18n } from '../../i18n/i18n';
import { TIME_ZONE } from '../../i18n/locale';
import { problemOf } from '../../lib/errors';
import { usePageTitle } from '../../lib/usePageTitle';
import { AdminPageHeader } from '../AdminPageHeader';
import { mailReadPeriod } from './mail-read-period';

// ECharts is large: it is fetched when this screen opens, never by the other (admin or consumer) pages.
const StatisticsCharts = lazy(() => import('./StatisticsCharts'));

const StatisticsPageQuery = graphql(`
  query StatisticsPage($from: String, $to: String, $mailFrom: String!, $mailTo: String!) {
    statistics(from: $from, to: $to) {
      averageSiteVisit
      averageMailRead
      totalVisits
      ...StatisticsCharts_statistics
    }
    mailReads(from: $mailFrom, to: $mailTo) {
      ...StatisticsCharts_mailReads
    }
  }
`);

interface Period {
  from: string;
  to: string;
}

const ALL_TIME: Period = { from: '', to: '' };

/**
 * Screen 'Statistieken' (docs/rules.md, Statistics): the two averages and the charts of the lookups, optionally over a
 * period, and the consumer mails sent and read per day of (at most the last 92 days of) that period.
 */
export function StatisticsPage() {
  const { t, language, country } = useI18n();
  usePageTitle(t('admin.statistics.title'));
  const [draft, setDraft] = useState<Period>(ALL_TIME);
  const [period, setPeriod] = useState<Period>(ALL_TIME);
  // Today in the site's zone, once: the mail chart's default days end there.
  const today = useMemo(() => localDateOf(new Date(), TIME_ZONE[country]), [country]);
  const mailPeriod = mailReadPeriod(period, today);
  const { data, previousData, loading, error } = useQuery(StatisticsPageQuery, {
    variables: { from: period.from || null, to: period.to || null, mailFrom: mailPeriod.from, mailTo: mailPeriod.to },
  });
  const problem = error ? problemOf(error, t('common.genericError')) : null;
  // A refused period keeps the last figures on screen beside the message.
  const shown = data ?? previousData;
  const statistics = shown?.statistics;
  const number = new Intl.NumberFormat(`${language}-${country}`, { maximumFractionDigits: 2 });
  const ids = { from: useId(), to: useId(), hint: useId(), fromError: useId(), toError: useId() };

  const apply = (event: FormEvent) => {
    event.preventDefault();
    setPeriod(draft);
  };

  return (
    <section className="stats-page">
      <AdminPageHeader title={t('admin.statistics.title')}>
        <Link className="button button-primary" to="/admin/statistics/figures">
          {t('admin.figures.title')}
        </Link>
      </AdminPageHeader>

      <form className="card stats-period" onSubmit={apply} noValidate>
        <fieldset>
          <legend>{t('admin.statistics.period')}</legend>
          <p className="field-hint" id={ids.hint}>
            {t('admin.statistics.periodHint')}
          </p>
          <div className="stats-period-fields">
            <div className="field">
              <label htmlFor={ids.from}>{t('admin.statistics.from')}</label>
              <input
                id={ids.from}
                type="date"
                value={draft.from}
                onChange={(event) => setDraft({ ...draft, from: event.target.value })}
                aria-describedby={problem?.fields.from ? `${ids.hint} ${ids.fromError}` : ids.hint}
                aria-invalid={problem?.fields.from ? true : undefined}
              />
              {problem?.fields.from && (
                <span className="field-error" id={ids.fromError}>
                  {problem.fields.from}
                </span>
              )}
            </div>
            <div className="field">
              <label htmlFor={ids.to}>{t('admin.statistics.to')}</label>
              <input
                id={ids.to}
                type="date"
                value={draft.to}
                onChange={(event) => setDraft({ ...draft, to: event.target.value })}
                aria-describedby={problem?.fields.to ? `${ids.hint} ${ids.toError}` : ids.hint}
                aria-invalid={problem?.fields.to ? true : undefined}
              />
              {problem?.fields.to && (
                <span className="field-error" id={ids.toError}>
                  {problem.fields.to}
                </span>
              )}
            </div>
            <div className="toolbar stats-period-actions">
              <button type="submit" className="button button-primary">
                {t('admin.statistics.apply')}
              </button>
              <button
                type="button"
                className="button button-secondary"
                onClick={() => {
                  setDraft(ALL_TIME);
                  setPeriod(ALL_TIME);
                }}
              >
                {t('admin.statistics.allTime')}
              </button>
            </div>
          </div>
        </fieldset>
      </form>

      <Message tone="error">{problem?.message}</Message>

      {loading && !statistics && <Spinner />}
      {statistics && (
        <>
          <dl className="stats-averages">
            <div className="card stat">
              <dt>{t('admin.statistics.averageSiteVisit')}</dt>
              <dd>{number.format(statistics.averageSiteVisit ?? 0)}</dd>
            </div>
            <div className="card stat">
              <dt>{t('admin.statistics.averageMailRead')}</dt>
              <dd>{number.format(statistics.averageMailRead ?? 0)}</dd>
            </div>
            <div className="card stat">
              <dt>{t('admin.statistics.totalVisits')}</dt>
              <dd>{number.format(statistics.totalVisits)}</dd>
            </div>
          </dl>
          <Suspense fallback={<Spinner />}>
            {shown && <StatisticsCharts statistics={statistics} mailReads={shown.mailReads} />}
          </Suspense>
        </>
      )}
    </section>
  );
}
