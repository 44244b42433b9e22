import { Arg, Ctx, Mutation, Resolver } from 'type-graphql';
import { RequireRole } from '../common/auth/require-role.js';
import { ApiScope, RequireScope } from '../common/auth/scope.js';
import type { AppContext } from '../context.js';
import { Order } from './order.entity.js';
import { RescheduleOrderInput } from './order-reschedule.inputs.js';
import { OrderRescheduleService } from './order-reschedule.service.js';
import { PLANNING } from '../common/auth/role.js';

@Resolver()
export class OrderRescheduleResolver {
  @Mutation(() => Order, {
    description:
      'Moves an active order to another date and window, optionally with another technician of its country. ' +
      'Refused on a Sunday or holiday, in the past, or on a day the technician already confirmed.',
  })
  @RequireRole(...PLANNING)
  @RequireScope(ApiScope.ORDERS_WRITE)
  rescheduleOrder(
    @Ctx() ctx: AppContext,
    @Arg('input', () => RescheduleOrderInput) input: RescheduleOrderInput,
  ): Promise<Order> {
    return new OrderRescheduleService(ctx).reschedule(input);
  }
}
