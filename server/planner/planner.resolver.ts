import { Arg, Ctx, FieldResolver, Int, Mutation, Query, Resolver, Root } from 'type-graphql';
import type { AppContext } from '../context.js';
import { RequireRoleForAll } from '../common/auth/require-role.js';
import { Role } from '../common/auth/role.js';
import { ConfirmScheduleInput } from './planner.inputs.js';
import { PlannerService } from './planner.service.js';
import { ConfirmSchedulePayload, TechnicianSchedule } from './planner.types.js';
import { windowToldOrderIds } from './repository/schedule.repository.js';

@Resolver()
@RequireRoleForAll(Role.TECHNICIAN)
export class PlannerResolver {
  @Query(() => TechnicianSchedule, {
    description:
      "The signed-in technician's orders of the next working day in their country, and whether it is locked.",
  })
  technicianSchedule(@Ctx() ctx: AppContext): Promise<TechnicianSchedule> {
    return new PlannerService(ctx).current();
  }

  @Mutation(() => ConfirmSchedulePayload, {
    description:
      'Saves the start hours of every order of the schedule and locks it. Refused, changing nothing, when the input breaks a rule or the schedule is already confirmed.',
  })
  confirmSchedule(
    @Ctx() ctx: AppContext,
    @Arg('input', () => ConfirmScheduleInput) input: ConfirmScheduleInput,
  ): Promise<ConfirmSchedulePayload> {
    return new PlannerService(ctx).confirm(input);
  }
}

@Resolver(() => TechnicianSchedule)
@RequireRoleForAll(Role.TECHNICIAN)
export class TechnicianScheduleWindowsResolver {
  @FieldResolver(() => [Int], {
    description:
      "The day's orders whose customer was told their window (a message written or sent): shifting one of them sends that customer a changed window.",
  })
  windowToldOrderIds(@Ctx() ctx: AppContext, @Root() schedule: TechnicianSchedule): Promise<number[]> {
    return windowToldOrderIds(
      ctx.em,
      schedule.orders.map((order) => order.id),
    );
  }
}
