import { Field, Float, Int, ObjectType, registerEnumType } from 'type-graphql';
import { RequireRole } from '../common/auth/require-role.js';
import { Role } from '../common/auth/role.js';
import { Country } from '../common/locale.js';
import { LocalDateScalar } from '../common/time/date-scalars.js';

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
export class OfficeFigureRow {
  @Field(() => LocalDateScalar, { nullable: true, description: 'The day (grouping DAY), in `timeZone`.' })
  @RequireRole(Role.ADMIN)
  date!: string | null;

  @Field(() => Country, { nullable: true, description: 'The country (grouping COUNTRY).' })
  @RequireRole(Role.ADMIN)
  country!: Country | null;

  @Field(() => String, {
    nullable: true,
    description:
      "The technician's personal number (grouping TECHNICIAN; filter `technician`); null for the visits without one " +
      '(filter `withoutTechnician: true`).',
  })
  @RequireRole(Role.ADMIN)
  technicianNumber!: string | null;

  @Field(() => String, { nullable: true, description: "The technician's first and last name (grouping TECHNICIAN)." })
  @RequireRole(Role.ADMIN)
  technicianName!: string | null;

  @Field(() => Int, { description: 'Active orders with their window in the row (no further filter).' })
  @RequireRole(Role.ADMIN)
  visits!: number;

  @Field(() => Int, { description: 'Visits the technician reached (filter `arrival: REACHED`).' })
  @RequireRole(Role.ADMIN)
  reached!: number;

  @Field(() => Int, { description: 'Visits reached by the end of the window (filter `arrival: ON_TIME`).' })
  @RequireRole(Role.ADMIN)
  onTime!: number;

  @Field(() => Float, { nullable: true, description: 'onTime / reached in percent; null when none was reached.' })
  @RequireRole(Role.ADMIN)
  onTimePercent!: number | null;

  @Field(() => Int, {
    description:
      'First visits finished with the customer at home (filters `firstVisit: true`, `visitOutcome: CUSTOMER_HOME`).',
  })
  @RequireRole(Role.ADMIN)
  firstVisits!: number;

  @Field(() => Int, {
    description: 'First visits finished repaired (filters `firstVisit: true`, `visitOutcome: REPAIRED`).',
  })
  @RequireRole(Role.ADMIN)
  firstTimeFixes!: number;

  @Field(() => Float, {
    nullable: true,
    description: 'firstTimeFixes / firstVisits in percent; null without first visits.',
  })
  @RequireRole(Role.ADMIN)
  firstTimeFixPercent!: number | null;

  @Field(() => Int, { description: 'Finished visits, whatever the outcome (filter `visitOutcome: FINISHED`).' })
  @RequireRole(Role.ADMIN)
  finished!: number;

  @Field(() => Int, { description: 'Visits finished with nobody at home (filter `visitOutcome: NOT_HOME`).' })
  @RequireRole(Role.ADMIN)
  notHome!: number;

  @Field(() => Float, { nullable: true, description: 'notHome / finished in percent; null when none was finished.' })
  @RequireRole(Role.ADMIN)
  notHomePercent!: number | null;

  @Field(() => Int, { description: 'Visits the customer rated (filter `rated: true`).' })
  @RequireRole(Role.ADMIN)
  ratings!: number;

  @Field(() => Float, { nullable: true, description: 'The average score (1-5) of those ratings; null without one.' })
  @RequireRole(Role.ADMIN)
  averageRating!: number | null;
}

@ObjectType({ description: 'The period of the figures: two local days, both inclusive.' })
export class FigurePeriod {
  @Field(() => LocalDateScalar, { description: 'The first day.' })
  @RequireRole(Role.ADMIN)
  from!: string;

  @Field(() => LocalDateScalar, { description: 'The last day (inclusive).' })
  @RequireRole(Role.ADMIN)
  to!: string;

  @Field({ description: 'The first instant of the period (filter `from`).' })
  @RequireRole(Role.ADMIN)
  start!: Date;

  @Field({ description: 'The instant after the period (filter `to`).' })
  @RequireRole(Role.ADMIN)
  end!: Date;
}

@ObjectType({
  description:
    'How the visits of a period went, for the office: on time, first-time fix, not at home and ratings, per day, ' +
    `country or technician and in total. ${LIST_FILTERS}`,
})
export class OfficeFigures {
  @Field(() => FigurePeriod, { description: 'The period counted.' })
  @RequireRole(Role.ADMIN)
  period!: FigurePeriod;

  @Field(() => FigureGrouping, { description: 'What each row is about.' })
  @RequireRole(Role.ADMIN)
  groupBy!: FigureGrouping;

  @Field(() => Country, { nullable: true, description: 'The one country counted; null: both.' })
  @RequireRole(Role.ADMIN)
  country!: Country | null;

  @Field({ description: "The zone the days are read in: the country's, Europe/Amsterdam for both." })
  @RequireRole(Role.ADMIN)
  timeZone!: string;

  @Field(() => [OfficeFigureRow], {
    description: 'The rows: days in order, countries NL first, technicians by name (without one last).',
  })
  @RequireRole(Role.ADMIN)
  rows!: OfficeFigureRow[];

  @Field(() => OfficeFigureRow, { description: 'The whole period (no day, country or technician).' })
  @RequireRole(Role.ADMIN)
  total!: OfficeFigureRow;
}
