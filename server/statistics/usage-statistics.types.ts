import { Field, Float, Int, ObjectType } from 'type-graphql';
import { RequireRoleForAll } from '../common/auth/require-role.js';
import { OFFICE } from '../common/auth/role.js';

@ObjectType({ description: 'Consumer lookups in one local hour of the day, summed over all days of the period.' })
@RequireRoleForAll(...OFFICE)
export class HourlyVisits {
  @Field(() => Int, { description: 'Local hour of the day, 0-23.' })
  hour!: number;

  @Field(() => Int, { description: 'Number of visits; 0 when there were none.' })
  visits!: number;
}

@ObjectType({ description: 'Visits made with one browser or operating system.' })
@RequireRoleForAll(...OFFICE)
export class NamedVisits {
  @Field({ description: 'Browser or operating system name as recognised from the user agent.' })
  name!: string;

  @Field(() => Int, { description: 'Number of visits.' })
  visits!: number;
}

@ObjectType({ description: 'Usage of the consumer lookup over a period (all time unless limited).' })
@RequireRoleForAll(...OFFICE)
export class UsageStatistics {
  @Field(() => [HourlyVisits], { description: 'All 24 hours, 0-23, in `timeZone`; hours without visits count 0.' })
  usagePerHour!: HourlyVisits[];

  @Field(() => [NamedVisits], { description: 'The 10 most used browsers, most visits first (ties by name).' })
  browsers!: NamedVisits[];

  @Field(() => [NamedVisits], { description: 'The 10 most used operating systems, most visits first (ties by name).' })
  operatingSystems!: NamedVisits[];

  @Field(() => Float, {
    nullable: true,
    description: 'Visits per order that was looked up at least once; null when there were no visits.',
  })
  averageSiteVisit!: number | null;

  @Field(() => Float, {
    nullable: true,
    description: 'Mail opens per order whose mail was opened at least once; null when no mail was opened.',
  })
  averageMailRead!: number | null;

  @Field(() => Int, { description: 'All visits of the period.' })
  totalVisits!: number;

  @Field({ description: 'IANA zone of the hours and of the period bounds, e.g. Europe/Amsterdam.' })
  timeZone!: string;
}
