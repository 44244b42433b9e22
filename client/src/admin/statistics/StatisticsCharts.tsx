import { graphql } from '../../gql';
import type { StatisticsCharts_MailReadsFragment, StatisticsCharts_StatisticsFragment } from '../../gql/graphql';
import { MailReadsChart } from './statistics-page/MailReadsChart';
import { VisitCharts } from './statistics-page/VisitCharts';

/** @public Read by codegen: the statistics query of the page spreads it. */
export const StatisticsChartsFragment = graphql(`
  fragment StatisticsCharts_statistics on UsageStatistics {
    usagePerHour {
      hour
      visits
    }
    browsers {
      name
      visits
    }
    operatingSystems {
      name
      visits
    }
    timeZone
  }
`);

/** @public Read by codegen: the statistics query of the page spreads it. */
export const StatisticsChartsMailReadsFragment = graphql(`
  fragment StatisticsCharts_mailReads on MailReads {
    from
    to
    days {
      date
      sent
      opened
      readPercent
    }
    total {
      sent
      opened
      readPercent
    }
  }
`);

/**
 * The charts of the statistics screen: visits per hour, browsers, systems, and the consumer mails sent and read per
 * day; loaded on demand, so ECharts is downloaded only here.
 */
export default function StatisticsCharts({
  statistics,
  mailReads,
}: {
  statistics: StatisticsCharts_StatisticsFragment;
  mailReads: StatisticsCharts_MailReadsFragment;
}) {
  return (
    <div className="stats-charts">
      <VisitCharts statistics={statistics} />
      <MailReadsChart mailReads={mailReads} />
    </div>
  );
}
