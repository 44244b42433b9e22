import { Field, Float, Int, ObjectType, registerEnumType } from 'type-graphql';
import { RequireRoleForAll } from '../common/auth/require-role.js';
import { Country } from '../common/locale.js';
import { LocalDateScalar } from '../common/time/date-scalars.js';
import { OFFICE } from '../common/auth/role.js';

/** What one row of the office's figures is about. */
export enum FigureGrouping {
  DAY = 'DAY',
  COUNTRY = 'COUNTRY',
  TECHNICIAN = 'TECHNICIAN',
}

registerEnumType(FigureGrouping, {
  name: 'FigureGrouping',
  description: "What one row of the office's figures is about.",
  valuesConfig: {
    DAY: { description: 'One row per day of the period, days without visits included.' },
    COUNTRY: { description: 'One row per country with visits.' },
    TECHNICIAN: { description: 'One row per technician with visits (and one for visits without a technician).' },
  },
});

const LIST_FILTERS =
  "Each count is the `totalCount` of `orders` with the row's filter (`period` and `country` of the answer, the " +
  "row's day, country or technician, `deleted: false`) and the filter named beside it.";

@ObjectType({ description: `The figures of one day, country or technician. ${LIST_FILTERS}` })
@RequireRoleForAll(...OFFICE)
export class OfficeFigureRow {
  @Field(() => LocalDateScalar, { nullable: true, description: 'The day (grouping DAY), in `timeZone`.' })
  date!: string | null;

  @Field(() => Country, { nullable: true, description: 'The country (grouping COUNTRY).' })
  country!: Country | null;

  @Field(() => String, {
    nullable: true,
    description:
      "The technician's personal number (grouping TECHNICIAN; filter `technician`); null for the visits without one " +
      '(filter `withoutTechnician: true`).',
  })
  technicianNumber!: string | null;

  @Field(() => String, { nullable: true, description: "The technician's first and last name (grouping TECHNICIAN)." })
  technicianName!: string | null;

  @Field(() => Int, { description: 'Active orders with their window in the row (no further filter).' })
  visits!: number;

  @Field(() => Int, { description: 'Visits the technician reached (filter `arrival: REACHED`).' })
  reached!: number;

  @Field(() => Int, { description: 'Visits reached by the end of the window (filter `arrival: ON_TIME`).' })
  onTime!: number;

  @Field(() => Float, { nullable: true, description: 'onTime / reached in percent; null when none was reached.' })
  onTimePercent!: number | null;

  @Field(() => Int, {
    description:
      'First visits finished with the customer at home (filters `firstVisit: true`, `visitOutcome: CUSTOMER_HOME`).',
  })
  firstVisits!: number;

  @Field(() => Int, {
    description: 'First visits finished repaired (filters `firstVisit: true`, `visitOutcome: REPAIRED`).',
  })
  firstTimeFixes!: number;

  @Field(() => Float, {
    nullable: true,
    description: 'firstTimeFixes / firstVisits in percent; null without first visits.',
  })
  firstTimeFixPercent!: number | null;

  @Field(() => Int, { description: 'Finished visits, whatever the outcome (filter `visitOutcome: FINISHED`).' })
  finished!: number;

  @Field(() => Int, { description: 'Visits finished with nobody at home (filter `visitOutcome: NOT_HOME`).' })
  notHome!: number;

  @Field(() => Float, { nullable: true, description: 'notHome / finished in percent; null when none was finished.' })
  notHomePercent!: number | null;

  @Field(() => Int, { description: 'Visits the customer rated (filter `rated: true`).' })
  ratings!: number;

  @Field(() => Float, { nullable: true, description: 'The average score (1-5) of those ratings; null without one.' })
  averageRating!: number | null;
}

@ObjectType({ description: 'The period of the figures: two local days, both inclusive.' })
@RequireRoleForAll(...OFFICE)
export class FigurePeriod {
  @Field(() => LocalDateScalar, { description: 'The first day.' })
  from!: string;

  @Field(() => LocalDateScalar, { description: 'The last day (inclusive).' })
  to!: string;

  @Field({ description: 'The first instant of the period (filter `from`).' })
  start!: Date;

  @Field({ description: 'The instant after the period (filter `to`).' })
  end!: Date;
}

@ObjectType({
  description:
    'How the visits of a period went, for the office: on time, first-time fix, not at home and ratings, per day, ' +
    `country or technician and in total. ${LIST_FILTERS}`,
})
@RequireRoleForAll(...OFFICE)
export class OfficeFigures {
  @Field(() => FigurePeriod, { description: 'The period counted.' })
  period!: FigurePeriod;

  @Field(() => FigureGrouping, { description: 'What each row is about.' })
  groupBy!: FigureGrouping;

  @Field(() => Country, { nullable: true, description: 'The one country counted; null: both.' })
  country!: Country | null;

  @Field({ description: "The zone the days are read in: the country's, Europe/Amsterdam for both." })
  timeZone!: string;

  @Field(() => [OfficeFigureRow], {
    description: 'The rows: days in order, countries NL first, technicians by name (without one last).',
  })
  rows!: OfficeFigureRow[];

  @Field(() => OfficeFigureRow, { description: 'The whole period (no day, country or technician).' })
  total!: OfficeFigureRow;
}
