import { Ctx, FieldResolver, Resolver, Root, Subscription, type SubscribeResolverData } from 'type-graphql';
import { RequireRole } from '../common/auth/require-role.js';
import { OFFICE, Role } from '../common/auth/role.js';
import { AppError } from '../common/errors/app-error.js';
import { CommonError } from '../common/errors/common.errors.js';
import type { AppContext } from '../context.js';
import { ConsumerVisit } from '../consumers/consumer-visit.types.js';
import { loadVisitProgress } from './visit-progress-sql.js';
import { VisitProgress } from './visit-progress.types.js';

/** The caller's streams; the role check has run before (type-graphql checks `@RequireRole` before subscribing). */
function follow({ context }: SubscribeResolverData<unknown, object, AppContext>, scope: 'own' | 'all') {
  if (!context.viewer) throw new AppError(CommonError.UNAUTHENTICATED);
  return context.services.liveVisits.follow(context.viewer, scope);
}

@Resolver()
export class LiveVisitResolver {
  @Subscription(() => VisitProgress, {
    subscribe: (data: SubscribeResolverData<unknown, object, AppContext>) => follow(data, 'own'),
    description:
      "The state of the caller's own visits each time one changes: a consumer's token its visits, a technician the orders assigned to it. Over server-sent events at /graphql/stream. The stream ends after a while, at shutdown, or when changes may have been missed: read the state anew, then subscribe again.",
  })
  @RequireRole(Role.CONSUMER, Role.TECHNICIAN)
  visitProgressChanged(@Root() progress: VisitProgress): VisitProgress {
    return progress;
  }

  @Subscription(() => VisitProgress, {
    subscribe: (data: SubscribeResolverData<unknown, object, AppContext>) => follow(data, 'all'),
    description:
      'The state of every visit each time one changes, for the office. Over server-sent events at /graphql/stream; ends like visitProgressChanged.',
  })
  @RequireRole(...OFFICE)
  boardVisitChanged(@Root() progress: VisitProgress): VisitProgress {
    return progress;
  }
}

@Resolver(() => ConsumerVisit)
export class ConsumerVisitProgressResolver {
  @FieldResolver(() => VisitProgress, {
    description: 'Where the visit is on its day; PLANNED until the technician sets out.',
  })
  @RequireRole(Role.CONSUMER)
  async progress(@Root() visit: ConsumerVisit, @Ctx() ctx: AppContext): Promise<VisitProgress> {
    const [progress] = await loadVisitProgress(ctx.em, [visit.orderId]);
    if (!progress) throw new AppError(CommonError.NOT_FOUND);
    return progress;
  }
}
