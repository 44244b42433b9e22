import { Arg, Ctx, Query, Resolver } from 'type-graphql';
import type { AppContext } from '../context.js';
import { RequireRole } from '../common/auth/require-role.js';
import { ApiScope, RequireScope } from '../common/auth/scope.js';
import { Role } from '../common/auth/role.js';
import { UsageStatistics } from './usage-statistics.types.js';
import { UsageStatisticsService } from './usage-statistics.service.js';

@Resolver(() => UsageStatistics)
export class UsageStatisticsResolver {
  @Query(() => UsageStatistics, {
    description:
      "Usage of the consumer lookup: visits per local hour, top 10 browsers and operating systems, and the averages. Days and hours are read in the zone of the site's country (see `timeZone`).",
  })
  @RequireRole(Role.ADMIN)
  @RequireScope(ApiScope.STATISTICS_READ)
  statistics(
    @Ctx() ctx: AppContext,
    @Arg('from', () => String, {
      nullable: true,
      description: 'First day, YYYY-MM-DD (inclusive); all time when absent.',
    })
    from?: string | null,
    @Arg('to', () => String, {
      nullable: true,
      description: 'Last day, YYYY-MM-DD (inclusive); up to now when absent.',
    })
    to?: string | null,
  ): Promise<UsageStatistics> {
    return new UsageStatisticsService(ctx).statistics({ from, to });
  }
}
