import { useQuery } from '@apollo/client/react';
import { lazy, Suspense, useState } from 'react';
import { Link } from 'react-router-dom';
import { Message } from '../../components/Message';
import { Spinner } from '../../components/Spinner';
import { graphql } from '../../gql';
import { useI18n } from '../../i18n/i18n';
import { TIME_ZONE } from '../../i18n/locale';
import { problemOf } from '../../lib/errors';
import { useServerToday } from '../../lib/server-clock';
import { usePageTitle } from '../../lib/usePageTitle';
import { AdminPageHeader } from '../AdminPageHeader';
import { mailReadPeriod } from './mail-read-period';
import { StatisticsAverages } from './statistics-page/StatisticsAverages';
import type { PeriodDays } from './PeriodDates';
import { ALL_TIME, StatisticsPeriodForm } from './statistics-page/StatisticsPeriodForm';

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

/**
 * Screen 'Statistieken' (docs/rules.md, Statistics): the two averages and the charts of the lookups, optionally over a
 * period, and the consumer mails sent and read per day of (at most the last 92 days of) that period.
 */
export function StatisticsPage() {
  const { t, country } = useI18n();
  usePageTitle(t('admin.statistics.title'));
  const [period, setPeriod] = useState<PeriodDays>(ALL_TIME);
  // Today in the site's zone by the server's clock: the mail chart's default days end there.
  const today = useServerToday(TIME_ZONE[country]);
  const mailPeriod = today === null ? null : mailReadPeriod(period, today);
  const { data, previousData, loading, error } = useQuery(StatisticsPageQuery, {
    variables: {
      from: period.from || null,
      to: period.to || null,
      mailFrom: mailPeriod?.from ?? '',
      mailTo: mailPeriod?.to ?? '',
    },
    skip: mailPeriod === null,
  });
  const problem = error ? problemOf(error, t('common.genericError')) : null;
  // A refused period keeps the last figures on screen beside the message.
  const shown = data ?? previousData;
  const statistics = shown?.statistics;

  return (
    <section className="stats-page">
      <AdminPageHeader title={t('admin.statistics.title')}>
        <Link className="button button-primary" to="/admin/statistics/figures">
          {t('admin.figures.title')}
        </Link>
      </AdminPageHeader>
      <StatisticsPeriodForm problem={problem} onPeriod={setPeriod} />
      <Message tone="error">{problem?.message}</Message>
      {(mailPeriod === null || (loading && !statistics)) && <Spinner />}
      {statistics && (
        <>
          <StatisticsAverages statistics={statistics} />
          <Suspense fallback={<Spinner />}>
            {shown && <StatisticsCharts statistics={statistics} mailReads={shown.mailReads} />}
          </Suspense>
        </>
      )}
    </section>
  );
}
