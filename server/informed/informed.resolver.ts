import { Arg, Ctx, FieldResolver, Mutation, Query, Resolver, Root } from 'type-graphql';
import type { AppContext } from '../context.js';
import { RequireRole, RequireRoleForAll } from '../common/auth/require-role.js';
import { Country } from '../common/locale.js';
import { Order } from '../orders/index.js';
import { SetCallStatusInput } from './call-list.inputs.js';
import { CallListService } from './call-list.service.js';
import { CallList, CallListStatus } from './call-list.types.js';
import { OrderCall } from './order-call.entity.js';
import { orderCallLoader } from './order-call.loader.js';
import { orderInformedLoader } from './order-informed.loader.js';
import { OrderInformed } from './order-informed.types.js';
import { OFFICE, PLANNING } from '../common/auth/role.js';

@Resolver(() => Order)
@RequireRoleForAll(...OFFICE)
export class InformedResolver {
  @FieldResolver(() => OrderInformed, {
    description:
      "Informed? Whether and when the customer looked up this order's window on the consumer site, and what they replied.",
  })
  informed(@Root() order: Order, @Ctx() ctx: AppContext): Promise<OrderInformed> {
    return orderInformedLoader(ctx).load(order);
  }

  @FieldResolver(() => OrderCall, {
    nullable: true,
    description: "The last call from the call list about this order's visit day; null when nobody called yet.",
  })
  call(@Root() order: Order, @Ctx() ctx: AppContext): Promise<OrderCall | null> {
    return orderCallLoader(ctx).load(order);
  }

  @Query(() => CallList, {
    description:
      "The evening-before call list: the next working day's orders of a country whose customer has not looked up the window by a time today (default: now), and those already called. External and deleted orders are left out.",
  })
  callList(
    @Ctx() ctx: AppContext,
    @Arg('country', () => Country, { nullable: true, description: "Default: the site's country." }) country?: Country,
    @Arg('by', () => String, {
      nullable: true,
      description: 'A time today in the country (HH:MM, e.g. 18:00): lookups before it count. Default: now.',
    })
    by?: string | null,
    @Arg('technician', () => String, {
      nullable: true,
      description: 'Only the orders of this technician: database id or personal number (N-number).',
    })
    technician?: string | null,
    @Arg('status', () => CallListStatus, {
      nullable: true,
      description: 'Only the rows with this call status (NOT_CALLED: nobody called yet). The counts ignore it.',
    })
    status?: CallListStatus | null,
  ): Promise<CallList> {
    return new CallListService(ctx).callList(country ?? ctx.country, by, { technician, status });
  }

  @Mutation(() => Order, {
    description:
      "Records what came of a call about an order on its country's call list (the next working day; not deleted, not external), replacing its last call status, in the order's history. Another order is refused: ORDER_DELETED, CALL_ORDER_NOT_LISTED.",
  })
  @RequireRole(...PLANNING)
  setCallStatus(@Ctx() ctx: AppContext, @Arg('input') input: SetCallStatusInput): Promise<Order> {
    return new CallListService(ctx).setCallStatus(input);
  }
}
