import type { EntityManager } from '@mikro-orm/postgresql';
import { Country, TIME_ZONE } from '../common/locale.js';
import type { AppContext } from '../context.js';
import { nextWorkingDay } from '../holidays/working-days.js';
import { parseLocalDateInput } from '../holidays/local-date-input.js';
import { ReplyFilter, type OrderFilterInput } from '../orders/order.inputs.js';
import { orderFilterCondition } from '../orders/repository/order-search.js';
import { localDateOf, type LocalDate, localDayRange } from '../../shared/zoned-time.js';
import {
  OverviewDayKind,
  type CountryDayOverview,
  type DayOverview,
  type DispatchOverview,
} from './dispatch-overview.types.js';
import { activeOrderSql } from '../orders/repository/active-orders.js';

/** The figures that count orders, each by the order list's filter of the same name (orders/order-search.ts). */
const ORDER_FIGURES = {
  ordersConfirmed: { dayConfirmed: true },
  informed: { informed: true },
  notInformed: { informed: false },
  callMe: { reply: ReplyFilter.CALL_ME },
  accessNotes: { reply: ReplyFilter.ACCESS_NOTE },
  onHoliday: { onHoliday: true },
  external: { external: true },
  withoutTechnician: { withoutTechnician: true },
} satisfies Record<string, OrderFilterInput>;

type OrderFigure = keyof typeof ORDER_FIGURES;

interface DaySlot {
  kind: OverviewDayKind;
  country: Country;
  date: LocalDate;
}

type FigureRow = { kind: OverviewDayKind; country: Country } & Record<
  OrderFigure | 'orders' | 'techniciansWorking' | 'techniciansConfirmed',
  string | number
>;

const COUNTRIES = [Country.NL, Country.BE] as const;

/**
 * Counts every figure of every (day, country) in one statement: the days are a VALUES list joined to the orders of
 * their window (the appointment index), each figure a `count(*) filter (where ...)` with the list's own condition.
 * A day of one country is a few hundred orders, so the statement is bounded by the days asked for (four at most).
 */
function overviewSql(slots: readonly DaySlot[]): { sql: string; params: unknown[] } {
  const figureParams: unknown[] = [];
  const figures = (Object.keys(ORDER_FIGURES) as OrderFigure[]).map((name) => {
    // `informed` asks for a start (the list refuses it without one); the day's window is that start here.
    const condition = orderFilterCondition({ ...ORDER_FIGURES[name], from: new Date(0) });
    figureParams.push(...condition.params);
    return `count(o.id) filter (where ${condition.sql})::int as "${name}"`;
  });
  const confirmed = orderFilterCondition({ dayConfirmed: true });
  const values = slots.map(() => '(?::text, ?::country, ?::timestamptz, ?::timestamptz)').join(', ');
  const dayParams = slots.flatMap((slot) => {
    const zone = TIME_ZONE[slot.country];
    const day = localDayRange(slot.date, zone);
    return [slot.kind, slot.country, day.start, day.end];
  });
  const sql = `select d.kind, d.country,
      count(o.id)::int as "orders",
      count(distinct o.technician_id)::int as "techniciansWorking",
      count(distinct o.technician_id) filter (where ${confirmed.sql})::int as "techniciansConfirmed",
      ${figures.join(',\n      ')}
    from (values ${values}) as d(kind, country, day_start, day_end)
    left join orders o on o.country = d.country and o.appointment >= d.day_start and o.appointment < d.day_end
      and ${activeOrderSql('o')}
    group by d.kind, d.country`;
  // In the order of the text: the select list's, then the days'.
  return { sql, params: [...confirmed.params, ...figureParams, ...dayParams] };
}

/** The dispatcher's day at a glance (docs/rules.md, Dispatch overview). */
export class DispatchOverviewService {
  constructor(private readonly ctx: AppContext) {}

  async overview(date: string | null | undefined): Promise<DispatchOverview> {
    const chosen = date === null || date === undefined || date.trim() === '' ? null : parseLocalDateInput(date, 'date');
    const { em, services } = this.ctx;
    const now = services.clock.now();
    const slots: DaySlot[] = [];
    for (const country of COUNTRIES) {
      const today = localDateOf(now, TIME_ZONE[country]);
      slots.push(
        chosen
          ? { kind: OverviewDayKind.CHOSEN_DAY, country, date: chosen }
          : { kind: OverviewDayKind.NEXT_WORKING_DAY, country, date: await nextWorkingDay(em, country, today) },
        { kind: OverviewDayKind.TODAY, country, date: today },
      );
    }
    // Under the admins' lists' share of the pool and their statement timeout: the figures read like a list.
    const rows = await services.listQueries.run(em, (listEm: EntityManager) => {
      const { sql, params } = overviewSql(slots);
      return listEm.execute<FigureRow[]>(sql, params);
    });
    const days: DayOverview[] = [];
    for (const kind of [
      chosen ? OverviewDayKind.CHOSEN_DAY : OverviewDayKind.NEXT_WORKING_DAY,
      OverviewDayKind.TODAY,
    ]) {
      const countries = slots
        .filter((slot) => slot.kind === kind)
        .map((slot): CountryDayOverview => {
          const row = rows.find((candidate) => candidate.kind === kind && candidate.country === slot.country);
          const figure = (name: keyof FigureRow) => Number(row?.[name] ?? 0);
          return {
            country: slot.country,
            date: slot.date,
            orders: figure('orders'),
            techniciansWorking: figure('techniciansWorking'),
            techniciansConfirmed: figure('techniciansConfirmed'),
            ordersConfirmed: figure('ordersConfirmed'),
            informed: figure('informed'),
            notInformed: figure('notInformed'),
            callMe: figure('callMe'),
            accessNotes: figure('accessNotes'),
            onHoliday: figure('onHoliday'),
            external: figure('external'),
            withoutTechnician: figure('withoutTechnician'),
          };
        });
      days.push({ kind, countries });
    }
    return { countedAt: now, days };
  }
}
