import type { EntityManager } from '@mikro-orm/postgresql';
import { percentOf } from '../../shared/office-figures.js';
import { addDays, type LocalDate } from '../../shared/zoned-time.js';
import { Country, TIME_ZONE } from '../common/locale.js';
import type { AppContext } from '../context.js';
import { readableCountryOf } from '../common/auth/viewer.js';
import { ArrivalFilter, VisitOutcomeFilter, type OrderFilterInput } from '../orders/index.js';
import { parseBoundedPeriod } from './bounded-period.js';
import { StatisticsRepository, type OfficeFigureSqlRow } from './repository/statistics.repository.js';
import { FigureGrouping, type OfficeFigureRow, type OfficeFigures } from './office-figures.types.js';

/** The figures that count orders, each by the order list's filter of the same meaning (orders/order-search.ts). */
export const FIGURE_FILTERS = {
  reached: { arrival: ArrivalFilter.REACHED },
  onTime: { arrival: ArrivalFilter.ON_TIME },
  firstVisits: { firstVisit: true, visitOutcome: VisitOutcomeFilter.CUSTOMER_HOME },
  firstTimeFixes: { firstVisit: true, visitOutcome: VisitOutcomeFilter.REPAIRED },
  finished: { visitOutcome: VisitOutcomeFilter.FINISHED },
  notHome: { visitOutcome: VisitOutcomeFilter.NOT_HOME },
  ratings: { rated: true },
} satisfies Record<string, OrderFilterInput>;

type CountedFigure = keyof typeof FIGURE_FILTERS;

export interface FigureQuery {
  from: string;
  to: string;
  groupBy: FigureGrouping;
  country?: Country | null;
}

type FigureSqlRow = OfficeFigureSqlRow<CountedFigure>;

const emptyRow = (): OfficeFigureRow => ({
  date: null,
  country: null,
  technicianNumber: null,
  technicianName: null,
  visits: 0,
  reached: 0,
  onTime: 0,
  onTimePercent: null,
  firstVisits: 0,
  firstTimeFixes: 0,
  firstTimeFixPercent: null,
  finished: 0,
  notHome: 0,
  notHomePercent: null,
  ratings: 0,
  averageRating: null,
});

function rowOf(sqlRow: FigureSqlRow | undefined): OfficeFigureRow {
  if (!sqlRow) return emptyRow();
  const count = (name: CountedFigure | 'visits') => Number(sqlRow[name]);
  const name = sqlRow.technician_id === null ? null : `${sqlRow.firstname ?? ''} ${sqlRow.lastname ?? ''}`.trim();
  return {
    date: sqlRow.day,
    country: sqlRow.country,
    technicianNumber: sqlRow.personal_number,
    technicianName: name,
    visits: count('visits'),
    reached: count('reached'),
    onTime: count('onTime'),
    onTimePercent: percentOf(count('onTime'), count('reached')),
    firstVisits: count('firstVisits'),
    firstTimeFixes: count('firstTimeFixes'),
    firstTimeFixPercent: percentOf(count('firstTimeFixes'), count('firstVisits')),
    finished: count('finished'),
    notHome: count('notHome'),
    notHomePercent: percentOf(count('notHome'), count('finished')),
    ratings: count('ratings'),
    averageRating: sqlRow.average_rating === null ? null : Number(sqlRow.average_rating),
  };
}

/** How the visits of a period went, for the office (docs/rules.md, Figures for the office). */
export class OfficeFiguresService {
  constructor(private readonly ctx: AppContext) {}

  async figures(query: FigureQuery): Promise<OfficeFigures> {
    // An application's key reads the figures of its own countries only.
    const country = readableCountryOf(this.ctx.viewer, query.country);
    // The order list reads its dates in the chosen country's zone, and in Amsterdam's for both: the same here,
    // so a day's link lists exactly that day's orders.
    const zone = TIME_ZONE[country ?? Country.NL];
    const { from, to, start, end } = parseBoundedPeriod(query.from, query.to, zone);
    // Under the admins' lists' share of the pool and their statement timeout: the figures read like a list.
    const sqlRows = await this.ctx.services.listQueries.run(this.ctx.em, (em: EntityManager) =>
      new StatisticsRepository(em).officeFigureRows(FIGURE_FILTERS, {
        start,
        end,
        groupBy: query.groupBy,
        country,
        zone,
      }),
    );
    const groups = sqlRows.filter((row) => Number(row.is_total) === 0);
    return {
      period: { from, to, start, end },
      groupBy: query.groupBy,
      country,
      timeZone: zone,
      rows: orderedRows(groups, query.groupBy, from, to),
      total: rowOf(sqlRows.find((row) => Number(row.is_total) === 1)),
    };
  }
}

function orderedRows(groups: FigureSqlRow[], groupBy: FigureGrouping, from: LocalDate, to: LocalDate) {
  switch (groupBy) {
    case FigureGrouping.DAY: {
      // Every day of the period, so a chart's days are evenly spaced and a quiet day shows as one.
      const byDay = new Map(groups.map((row) => [row.day, row]));
      const rows: OfficeFigureRow[] = [];
      for (let day = from; day <= to; day = addDays(day, 1)) rows.push({ ...rowOf(byDay.get(day)), date: day });
      return rows;
    }
    case FigureGrouping.COUNTRY:
      return [Country.NL, Country.BE].flatMap((country) => {
        const row = groups.find((candidate) => candidate.country === country);
        return row ? [rowOf(row)] : [];
      });
    case FigureGrouping.TECHNICIAN:
      return groups
        .sort(
          (a, b) =>
            Number(a.technician_id === null) - Number(b.technician_id === null) ||
            (a.lastname ?? '').localeCompare(b.lastname ?? '') ||
            (a.firstname ?? '').localeCompare(b.firstname ?? '') ||
            (a.technician_id ?? 0) - (b.technician_id ?? 0),
        )
        .map(rowOf);
  }
}
