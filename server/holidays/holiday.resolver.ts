import { Arg, Args, Ctx, Int, Mutation, Query, Resolver } from 'type-graphql';
import type { AppContext } from '../context.js';
import { RequireRole, RequireRoleForAll } from '../common/auth/require-role.js';
import { OFFICE, Role } from '../common/auth/role.js';
import { Country } from '../common/locale.js';
import { PageArgs, type Connection } from '../common/pagination.js';
import { type Order, OrderConnection } from '../orders/index.js';
import { HolidayGuardService } from './holiday-guard.service.js';
import { Holiday } from './holiday.entity.js';
import { CreateHolidayInput } from './holiday.inputs.js';
import { HolidayService } from './holiday.service.js';

@Resolver(() => Holiday)
@RequireRoleForAll(...OFFICE)
export class HolidayResolver {
  @Query(() => [Holiday], { description: 'Holidays in date order, of one country or of both.' })
  holidays(
    @Ctx() ctx: AppContext,
    @Arg('country', () => Country, { nullable: true, description: 'Only this country.' }) country?: Country,
  ): Promise<Holiday[]> {
    return new HolidayService(ctx).list(country);
  }

  @Query(() => OrderConnection, {
    description:
      'The active (not deleted) orders whose visit falls on this date in this country, by appointment: ' +
      'what a holiday on that date would land on. The holiday screen shows them before saving.',
  })
  activeOrdersOnDate(
    @Ctx() ctx: AppContext,
    @Arg('country', () => Country) country: Country,
    @Arg('date', () => String, { description: 'The calendar date, YYYY-MM-DD.' }) date: string,
    @Args(() => PageArgs) page: PageArgs,
  ): Promise<Connection<Order>> {
    return new HolidayGuardService(ctx).activeOrdersOn(country, date, page);
  }

  @Mutation(() => Holiday, {
    description:
      'Adds a holiday: no longer a working day in its country. HOLIDAY_EXISTS when the date is already listed; ' +
      'HOLIDAY_HAS_ORDERS when active orders fall on it, unless `saveDespiteOrders` is true.',
  })
  @RequireRole(Role.ADMIN)
  createHoliday(
    @Ctx() ctx: AppContext,
    @Arg('input', () => CreateHolidayInput) input: CreateHolidayInput,
  ): Promise<Holiday> {
    return new HolidayService(ctx).create(input);
  }

  @Mutation(() => Holiday, { description: 'Removes a holiday (e.g. entered by mistake); answers the removed holiday.' })
  @RequireRole(Role.ADMIN)
  deleteHoliday(@Ctx() ctx: AppContext, @Arg('id', () => Int) id: number): Promise<Holiday> {
    return new HolidayService(ctx).delete(id);
  }
}
