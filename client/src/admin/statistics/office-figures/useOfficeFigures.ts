import { useQuery } from '@apollo/client/react';
import { useSearchParams } from 'react-router-dom';
import { graphql } from '../../../gql';
import type { OfficeFiguresPageQuery as OfficeFiguresData } from '../../../gql/graphql';
import { useI18n } from '../../../i18n/i18n';
import { TIME_ZONE } from '../../../i18n/locale';
import { problemOf } from '../../../lib/errors';
import { useServerToday } from '../../../lib/server-clock';
import { readChoice, writeChoice, type Choice } from './figures-choice';

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

export type Figures = OfficeFiguresData['officeFigures'];
export type FigureRow = Figures['total'];

/**
 * The figures of the choice in the URL; a new choice goes into the URL, and so into the history. The default period
 * ends on the server's today (a demo's CLOCK_NOW, not the machine's date): no choice before the server's time is known.
 */
export function useOfficeFigures() {
  const { t } = useI18n();
  const [query, setQuery] = useSearchParams();
  const today = useServerToday(TIME_ZONE.NL);
  const choice = today === null ? null : readChoice(query, today);
  const { data, previousData, loading, error } = useQuery(OfficeFiguresPageQuery, {
    variables: {
      from: choice?.from ?? '',
      to: choice?.to ?? '',
      groupBy: choice?.groupBy ?? 'DAY',
      country: choice?.country ? choice.country : null,
    },
    skip: choice === null,
  });
  return {
    choice,
    choose: (next: Choice) => setQuery(writeChoice(next)),
    loading,
    problem: error ? problemOf(error, t('common.genericError')) : null,
    // A refused period keeps the last figures on screen beside the message.
    figures: (data ?? previousData)?.officeFigures,
  };
}
