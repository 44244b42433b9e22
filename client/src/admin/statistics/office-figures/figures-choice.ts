import { addDays } from '../../../../../shared/zoned-time.js';
import type { FigureGrouping } from '../../../gql/graphql';

export type CountryChoice = '' | 'NL' | 'BE';

export const GROUPINGS: readonly FigureGrouping[] = ['DAY', 'COUNTRY', 'TECHNICIAN'] as FigureGrouping[];
const DATE = /^\d{4}-\d{2}-\d{2}$/;

/** What the office asks the figures of: a period, how its rows are grouped, and one country or both. */
export interface Choice {
  from: string;
  to: string;
  groupBy: FigureGrouping;
  country: CountryChoice;
}

/** The choice in the URL (shareable, the back button works); the last seven days per day by default. */
export function readChoice(query: URLSearchParams, today: string): Choice {
  const date = (name: string, fallback: string) => {
    const value = query.get(name) ?? '';
    return DATE.test(value) ? value : fallback;
  };
  const groupBy = query.get('by');
  const country = query.get('country');
  return {
    from: date('from', addDays(today, -6)),
    to: date('to', today),
    groupBy: GROUPINGS.includes(groupBy as FigureGrouping) ? (groupBy as FigureGrouping) : 'DAY',
    country: country === 'NL' || country === 'BE' ? country : '',
  };
}

export function writeChoice(choice: Choice): URLSearchParams {
  const query = new URLSearchParams({ from: choice.from, to: choice.to, by: choice.groupBy });
  if (choice.country) query.set('country', choice.country);
  return query;
}
