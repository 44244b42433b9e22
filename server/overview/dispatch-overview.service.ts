import type { EntityManager } from '@mikro-orm/postgresql';
import { Country, TIME_ZONE } from '../common/locale.js';
import type { AppContext } from '../context.js';
import { mayReadCountry } from '../common/auth/viewer.js';
import { nextWorkingDay } from '../holidays/working-days.js';
import { parseLocalDateInput } from '../holidays/local-date-input.js';
import { ReplyFilter, type OrderFilterInput } from '../orders/index.js';
import { localDateOf, type LocalDate, localDayRange } from '../../shared/zoned-time.js';
import {
  OverviewDayKind,
  type CountryDayOverview,
  type DayOverview,
  type DispatchOverview,
} from './dispatch-overview.types.js';
import { DispatchOverviewRepository } from './repository/dispatch-overview.repository.js';

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

interface DaySlot {
  kind: OverviewDayKind;
  country: Country;
  date: LocalDate;
}

/** A day of a country is its own local day, in its own zone. */
const dayRangeOf = (slot: DaySlot) => localDayRange(slot.date, TIME_ZONE[slot.country]);

const COUNTRIES = [Country.NL, Country.BE] as const;

/** The dispatcher's day at a glance (docs/rules.md, Dispatch overview). */
export class DispatchOverviewService {
  constructor(private readonly ctx: AppContext) {}

  async overview(date: string | null | undefined): Promise<DispatchOverview> {
    const chosen = date === null || date === undefined || date.trim() === '' ? null : parseLocalDateInput(date, 'date');
    const { em, services } = this.ctx;
    const now = services.clock.now();
    const slots: DaySlot[] = [];
    // An application's key sees the days of its own countries only.
    for (const country of COUNTRIES.filter((candidate) => mayReadCountry(this.ctx.viewer, candidate))) {
      const today = localDateOf(now, TIME_ZONE[country]);
      slots.push(
        chosen
          ? { kind: OverviewDayKind.CHOSEN_DAY, country, date: chosen }
          : { kind: OverviewDayKind.NEXT_WORKING_DAY, country, date: await nextWorkingDay(em, country, today) },
        { kind: OverviewDayKind.TODAY, country, date: today },
      );
    }
    // Under the admins' lists' share of the pool and their statement timeout: the figures read like a list.
    const spans = slots.map((slot) => ({ kind: slot.kind, country: slot.country, ...dayRangeOf(slot) }));
    const rows = await services.listQueries.run(em, (listEm: EntityManager) =>
      new DispatchOverviewRepository(listEm).dayFigures(ORDER_FIGURES, spans, now),
    );
    const days: DayOverview[] = [];
    for (const kind of [
      chosen ? OverviewDayKind.CHOSEN_DAY : OverviewDayKind.NEXT_WORKING_DAY,
      OverviewDayKind.TODAY,
    ]) {
      const countries = slots
        .filter((slot) => slot.kind === kind)
        .map((slot): CountryDayOverview => {
          const row = rows.find((candidate) => candidate.kind === kind && candidate.country === slot.country);
          const figure = (name: keyof (typeof rows)[number]) => Number(row?.[name] ?? 0);
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
            finished: figure('finished'),
            underWay: figure('underWay'),
            toCome: figure('toCome'),
            late: figure('late'),
          };
        });
      days.push({ kind, countries });
    }
    return { countedAt: now, days };
  }
}
