import { Arg, Ctx, Query, Resolver } from 'type-graphql';
import type { AppContext } from '../context.js';
import { RequireRole } from '../common/auth/require-role.js';
import { Role } from '../common/auth/role.js';
import { Country } from '../common/locale.js';
import { OrdersExportService } from './orders-export.service.js';
import { OrdersExport } from './orders-export.types.js';

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
}
