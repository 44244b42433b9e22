import { Field, Float, Int, ObjectType } from 'type-graphql';
import { RequireRole } from '../common/auth/require-role.js';
import { Role } from '../common/auth/role.js';

@ObjectType({ description: 'Consumer lookups in one local hour of the day, summed over all days of the period.' })
export class HourlyVisits {
  @Field(() => Int, { description: 'Local hour of the day, 0-23.' })
  @RequireRole(Role.ADMIN)
  hour!: number;

  @Field(() => Int, { description: 'Number of visits; 0 when there were none.' })
  @RequireRole(Role.ADMIN)
  visits!: number;
}

@ObjectType({ description: 'Visits made with one browser or operating system.' })
export class NamedVisits {
  @Field({ description: 'Browser or operating system name as recognised from the user agent.' })
  @RequireRole(Role.ADMIN)
  name!: string;

  @Field(() => Int, { description: 'Number of visits.' })
  @RequireRole(Role.ADMIN)
  visits!: number;
}

@ObjectType({ description: 'Usage of the consumer lookup over a period (all time unless limited).' })
export class UsageStatistics {
  @Field(() => [HourlyVisits], { description: 'All 24 hours, 0-23, in `timeZone`; hours without visits count 0.' })
  @RequireRole(Role.ADMIN)
  usagePerHour!: HourlyVisits[];

  @Field(() => [NamedVisits], { description: 'The 10 most used browsers, most visits first (ties by name).' })
  @RequireRole(Role.ADMIN)
  browsers!: NamedVisits[];

  @Field(() => [NamedVisits], { description: 'The 10 most used operating systems, most visits first (ties by name).' })
  @RequireRole(Role.ADMIN)
  operatingSystems!: NamedVisits[];

  @Field(() => Float, {
    nullable: true,
    description: 'Visits per order that was looked up at least once; null when there were no visits.',
  })
  @RequireRole(Role.ADMIN)
  averageSiteVisit!: number | null;

  @Field(() => Float, {
    nullable: true,
    description: 'Mail opens per order whose mail was opened at least once; null when no mail was opened.',
  })
  @RequireRole(Role.ADMIN)
  averageMailRead!: number | null;

  @Field(() => Int, { description: 'All visits of the period.' })
  @RequireRole(Role.ADMIN)
  totalVisits!: number;

  @Field({ description: 'IANA zone of the hours and of the period bounds, e.g. Europe/Amsterdam.' })
  @RequireRole(Role.ADMIN)
  timeZone!: string;
}
