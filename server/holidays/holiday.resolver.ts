import { Arg, Ctx, Query, Resolver } from 'type-graphql';
import type { AppContext } from '../context.js';
import { RequireRole } from '../common/auth/require-role.js';
import { Role } from '../common/auth/role.js';
import { Country } from '../common/locale.js';
import { Holiday } from './holiday.entity.js';
import { HolidayService } from './holiday.service.js';

@Resolver(() => Holiday)
export class HolidayResolver {
  @Query(() => [Holiday], { description: 'Holidays in date order, of one country or of both.' })
  @RequireRole(Role.ADMIN)
  holidays(
    @Ctx() ctx: AppContext,
    @Arg('country', () => Country, { nullable: true, description: 'Only this country.' }) country?: Country,
  ): Promise<Holiday[]> {
    return new HolidayService(ctx).list(country);
  }
}
