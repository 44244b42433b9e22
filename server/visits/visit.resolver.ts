import { Arg, Ctx, FieldResolver, Mutation, Query, Resolver, Root } from 'type-graphql';
import { RequireRole, RequireRoleForAll } from '../common/auth/require-role.js';
import { OFFICE, Role } from '../common/auth/role.js';
import { ApiScope, RequireScope } from '../common/auth/scope.js';
import type { AppContext } from '../context.js';
import { Order } from '../orders/index.js';
import { orderVisitStatusLoader } from './order-visit-status.loader.js';
import { SetVisitStatusInput, UndoVisitStatusInput } from './visit.inputs.js';
import { VisitStatusService } from './visit-status.service.js';
import { VisitStatus } from './visit-status.entity.js';
import { CurrentTechnician, ScheduleOrder, TechnicianDay } from './visit.types.js';

@Resolver()
@RequireRoleForAll(Role.TECHNICIAN)
export class VisitResolver {
  @Query(() => TechnicianDay, {
    description:
      "The signed-in technician's orders of today (in the technician's country), not deleted, by start time, with the customer's reply and the visit status.",
  })
  technicianToday(@Ctx() ctx: AppContext): Promise<TechnicianDay> {
    return new VisitStatusService(ctx).today();
  }

  @Query(() => CurrentTechnician, {
    description: 'The signed-in technician, and the admin who opened the technician area as this technician, if any.',
  })
  currentTechnician(@Ctx() ctx: AppContext): Promise<CurrentTechnician> {
    return new VisitStatusService(ctx).currentTechnician();
  }

  @Mutation(() => ScheduleOrder, {
    description:
      'Moves a visit of today forward: ON_THE_WAY (with the expected arrival), ARRIVED, FINISHED (with the outcome and an optional note). Refused, changing nothing, for an order that is not the technician’s, not of today, a step that is not forward, or ON_THE_WAY while another visit is on the way. A repeated requestId changes nothing and answers the order as it is.',
  })
  setVisitStatus(
    @Ctx() ctx: AppContext,
    @Arg('input', () => SetVisitStatusInput) input: SetVisitStatusInput,
  ): Promise<ScheduleOrder> {
    return new VisitStatusService(ctx).set(input);
  }

  @Mutation(() => ScheduleOrder, {
    description:
      'Takes a visit of today one step back, to correct a mis-tap: FINISHED to ARRIVED, ARRIVED to where it came from (ON_THE_WAY or planned), ON_THE_WAY to planned. Only one undo in a row. A repeated requestId changes nothing.',
  })
  undoVisitStatus(
    @Ctx() ctx: AppContext,
    @Arg('input', () => UndoVisitStatusInput) input: UndoVisitStatusInput,
  ): Promise<ScheduleOrder> {
    return new VisitStatusService(ctx).undo(input);
  }
}

@Resolver(() => Order)
export class OrderVisitStatusResolver {
  @FieldResolver(() => VisitStatus, {
    nullable: true,
    description: "The technician's status of the visit on the visit day; null while the visit is planned.",
  })
  @RequireRole(...OFFICE)
  @RequireScope(ApiScope.VISITS_READ)
  visitStatus(@Root() order: Order, @Ctx() ctx: AppContext): Promise<VisitStatus | null> {
    return orderVisitStatusLoader(ctx).load(order);
  }
}
