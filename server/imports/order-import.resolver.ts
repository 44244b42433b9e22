import { Arg, Ctx, Mutation, Query, Resolver } from 'type-graphql';
import type { AppContext } from '../context.js';
import { RequireRole, RequireRoleForAll } from '../common/auth/require-role.js';
import { OFFICE, Role } from '../common/auth/role.js';
import { ApiScope, RequireScope } from '../common/auth/scope.js';
import { Country } from '../common/locale.js';
import { ImportJob } from './import-job.entity.js';
import { OrderImportService } from './order-import.service.js';
import { ImportOrdersResult, ImportOrdersSuccess, ImportRowErrors } from './order-import.types.js';
import { UploadScalar, type PendingUpload } from './upload.scalar.js';

@Resolver()
@RequireRoleForAll(...OFFICE)
export class OrderImportResolver {
  @Mutation(() => ImportOrdersResult, {
    description:
      'Imports a CSV file of orders (docs/csv-format.md) for one country: all rows or none. Send it as a GraphQL multipart request (field `file`, header `Apollo-Require-Preflight: true`); at most 20 MB.',
  })
  @RequireRole(Role.ADMIN)
  @RequireScope(ApiScope.ORDERS_WRITE)
  importOrders(
    @Ctx() ctx: AppContext,
    @Arg('country', () => Country, { description: 'The country of the orders in the file.' }) country: Country,
    @Arg('file', () => UploadScalar, { description: 'The CSV file.' }) file: PendingUpload,
    @Arg('jobId', () => String, {
      nullable: true,
      description:
        'A new UUID to follow the progress with `importJob` while the import runs; one is made when left out.',
    })
    jobId?: string | null,
  ): Promise<ImportOrdersSuccess | ImportRowErrors> {
    return new OrderImportService(ctx).importOrders(country, file, jobId);
  }

  @Query(() => ImportJob, {
    nullable: true,
    description: 'An import by its job id: its progress while it runs, its outcome after; null when unknown.',
  })
  @RequireRole(Role.ADMIN)
  @RequireScope(ApiScope.ORDERS_READ)
  importJob(@Ctx() ctx: AppContext, @Arg('id', () => String, { description: 'The job id.' }) id: string) {
    return new OrderImportService(ctx).findJob(id);
  }
}
