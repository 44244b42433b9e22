import { Field, Int, ObjectType, registerEnumType } from 'type-graphql';
import { RequireRoleForAll } from '../common/auth/require-role.js';
import { Country } from '../common/locale.js';
import { LocalDateScalar } from '../common/time/date-scalars.js';
import { OFFICE } from '../common/auth/role.js';

/** Which day a part of the overview is about. */
export enum OverviewDayKind {
  NEXT_WORKING_DAY = 'NEXT_WORKING_DAY',
  TODAY = 'TODAY',
  CHOSEN_DAY = 'CHOSEN_DAY',
}

registerEnumType(OverviewDayKind, {
  name: 'OverviewDayKind',
  description: 'Which day a part of the dispatch overview is about.',
  valuesConfig: {
    NEXT_WORKING_DAY: { description: 'The next working day after today in the country (not a Sunday, not a holiday).' },
    TODAY: { description: "Today in the country's zone." },
    CHOSEN_DAY: { description: 'The day the dispatcher asked for.' },
  },
});

@ObjectType({
  description:
    "One country's active orders on one day, counted by the order list's own filters: each figure is the " +
    '`totalCount` of `orders` with the country, the day and the filter named beside it.',
})
@RequireRoleForAll(...OFFICE)
export class CountryDayOverview {
  @Field(() => Country, { description: 'The country of the orders.' })
  country!: Country;

  @Field(() => LocalDateScalar, { description: "The day, in the country's zone." })
  date!: string;

  @Field(() => Int, { description: 'Active orders of the day.' })
  orders!: number;

  @Field(() => Int, { description: 'Technicians with at least one of those orders.' })
  techniciansWorking!: number;

  @Field(() => Int, { description: 'Of those technicians, the ones who confirmed the day in the planner.' })
  techniciansConfirmed!: number;

  @Field(() => Int, { description: 'Orders whose technician confirmed the day (filter `dayConfirmed: true`).' })
  ordersConfirmed!: number;

  @Field(() => Int, { description: 'Orders whose customer looked up the window (filter `informed: true`).' })
  informed!: number;

  @Field(() => Int, { description: 'Orders whose customer did not look up the window (filter `informed: false`).' })
  notInformed!: number;

  @Field(() => Int, { description: 'Orders whose customer answered "call me" (filter `reply: CALL_ME`).' })
  callMe!: number;

  @Field(() => Int, { description: 'Orders whose customer left an access note (filter `reply: ACCESS_NOTE`).' })
  accessNotes!: number;

  @Field(() => Int, { description: 'Orders on a holiday of the country (filter `onHoliday: true`).' })
  onHoliday!: number;

  @Field(() => Int, { description: 'Orders an external company handles (filter `external: true`).' })
  external!: number;

  @Field(() => Int, { description: 'Orders without a technician (filter `withoutTechnician: true`).' })
  withoutTechnician!: number;

  @Field(() => Int, { description: 'Visits finished, at `countedAt` (as the board of today shows them).' })
  finished!: number;

  @Field(() => Int, { description: 'Visits under way: the technician is on the way or at the address.' })
  underWay!: number;

  @Field(() => Int, { description: 'Visits still to come: the technician has not set out.' })
  toCome!: number;

  @Field(() => Int, {
    description:
      "Late visits at `countedAt`: reached after the window, or not reached with the window over (the board's rule).",
  })
  late!: number;
}

@ObjectType({ description: 'The figures of one day, per country.' })
@RequireRoleForAll(...OFFICE)
export class DayOverview {
  @Field(() => OverviewDayKind, { description: 'Which day this is.' })
  kind!: OverviewDayKind;

  @Field(() => [CountryDayOverview], { description: 'One entry per country, NL first.' })
  countries!: CountryDayOverview[];
}

@ObjectType({ description: "The dispatcher's day at a glance: the next working day (or a chosen one) and today." })
@RequireRoleForAll(...OFFICE)
export class DispatchOverview {
  @Field({ description: 'When the figures were counted.' })
  countedAt!: Date;

  @Field(() => [DayOverview], { description: 'The next working day (or the chosen day) first, then today.' })
  days!: DayOverview[];
}
