import { Arg, Ctx, Query, Resolver } from 'type-graphql';
import type { AppContext } from '../context.js';
import { RequireRole } from '../common/auth/require-role.js';
import { Role } from '../common/auth/role.js';
import { Country } from '../common/locale.js';
import { EXPORT_SELECTION_MAX } from './orders-csv.js';
import { OrdersExportService } from './orders-export.service.js';
import { OrdersExport, OrdersSelectionExport } from './orders-export.types.js';
import { OrderFilterInput } from '../orders/index.js';

@Resolver(() => OrdersExport)
export class OrdersExportResolver {
  @Query(() => OrdersExport, {
    description:
      "Today's CSV export of a country's orders (not deleted ones): its file name and the path to GET it from.",
  })
  @RequireRole(Role.ADMIN)
  ordersExport(
    @Ctx() ctx: AppContext,
    @Arg('country', () => Country, { nullable: true, description: "The orders' country; the site's when left out." })
    country?: Country | null,
  ): OrdersExport {
    return new OrdersExportService(ctx).describe(country);
  }

  @Query(() => OrdersSelectionExport, {
    description:
      'The CSV export of exactly the orders the order list shows for `filter` (the same filter, refused with the same ' +
      `codes): its file name, the path to GET it from and how many orders match now. More than ${EXPORT_SELECTION_MAX} ` +
      'matching orders: EXPORT_SELECTION_TOO_LARGE (narrow the filter, or export the whole country).',
  })
  @RequireRole(Role.ADMIN)
  ordersSelectionExport(
    @Ctx() ctx: AppContext,
    @Arg('filter', () => OrderFilterInput) filter: OrderFilterInput,
  ): Promise<OrdersSelectionExport> {
    return new OrdersExportService(ctx).describeSelection(filter);
  }
}
