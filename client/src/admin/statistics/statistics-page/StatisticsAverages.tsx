import type { StatisticsPageQuery as StatisticsPageData } from '../../../gql/graphql';
import { useI18n } from '../../../i18n/i18n';

type Averages = Pick<StatisticsPageData['statistics'], 'averageSiteVisit' | 'averageMailRead' | 'totalVisits'>;

/** The period's two averages and its number of visits, as figures in the site's language. */
export function StatisticsAverages({ statistics }: { statistics: Averages }) {
  const { t, language, country } = useI18n();
  const number = new Intl.NumberFormat(`${language}-${country}`, { maximumFractionDigits: 2 });
  return (
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
  );
}
