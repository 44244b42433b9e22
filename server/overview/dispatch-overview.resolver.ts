import { Arg, Ctx, Query, Resolver } from 'type-graphql';
import { RequireRole } from '../common/auth/require-role.js';
import { ApiScope, RequireScope } from '../common/auth/scope.js';
import type { AppContext } from '../context.js';
import { DispatchOverviewService } from './dispatch-overview.service.js';
import { DispatchOverview } from './dispatch-overview.types.js';
import { OFFICE } from '../common/auth/role.js';

@Resolver()
export class DispatchOverviewResolver {
  @Query(() => DispatchOverview, {
    description:
      'The console landing page: per country, the active orders of the next working day (or of `date`) and of ' +
      'today, with the technicians working, days confirmed, customers informed, replies, holidays, external orders ' +
      'and orders without a technician. Each figure equals the `totalCount` of `orders` with the matching filter.',
  })
  @RequireRole(...OFFICE)
  @RequireScope(ApiScope.VISITS_READ)
  dispatchOverview(
    @Ctx() ctx: AppContext,
    @Arg('date', () => String, {
      nullable: true,
      description: 'A day (YYYY-MM-DD) instead of the next working day.',
    })
    date?: string | null,
  ): Promise<DispatchOverview> {
    return new DispatchOverviewService(ctx).overview(date);
  }
}
