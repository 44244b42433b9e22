import { Arg, Ctx, FieldResolver, Query, Resolver, Root } from 'type-graphql';
import type { AppContext } from '../context.js';
import { RequireRole } from '../common/auth/require-role.js';
import { Role } from '../common/auth/role.js';
import { Country } from '../common/locale.js';
import { Order } from '../orders/order.entity.js';
import { CallListService } from './call-list.service.js';
import { CallList } from './call-list.types.js';
import { orderInformedLoader } from './order-informed.loader.js';
import { OrderInformed } from './order-informed.types.js';

@Resolver(() => Order)
export class InformedResolver {
  @FieldResolver(() => OrderInformed, {
    description:
      "Informed? Whether and when the customer looked up this order's window on the consumer site, and what they replied.",
  })
  @RequireRole(Role.ADMIN)
  informed(@Root() order: Order, @Ctx() ctx: AppContext): Promise<OrderInformed> {
    return orderInformedLoader(ctx).load(order);
  }

  @Query(() => CallList, {
    description:
      "The evening-before call list: the next working day's orders of a country whose customer has not looked up the window by a time today (default: now). External and deleted orders are left out.",
  })
  @RequireRole(Role.ADMIN)
  callList(
    @Ctx() ctx: AppContext,
    @Arg('country', () => Country, { nullable: true, description: "Default: the site's country." }) country?: Country,
    @Arg('by', () => String, {
      nullable: true,
      description: 'A time today in the country (HH:MM, e.g. 18:00): lookups before it count. Default: now.',
    })
    by?: string | null,
  ): Promise<CallList> {
    return new CallListService(ctx).callList(country ?? ctx.country, by);
  }
}
