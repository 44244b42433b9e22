import { Ctx, FieldResolver, Resolver, Root } from 'type-graphql';
import { RequireRole } from '../common/auth/require-role.js';
import { Role } from '../common/auth/role.js';
import type { AppContext } from '../context.js';
import { VisitProgress } from '../live/index.js';
import { dayPlaceOf } from './visit-estimate.service.js';
import { VisitDayPlace } from './visit-estimate.types.js';

@Resolver(() => VisitProgress)
export class VisitDayPlaceResolver {
  @FieldResolver(() => VisitDayPlace, {
    nullable: true,
    description:
      "The visit's place in its technician's day once the technician confirmed that day, with the narrow expected time on the visit day; null before the confirmation, without a technician and after the day. Counts only: nothing of another visit.",
  })
  @RequireRole(Role.CONSUMER)
  dayPlace(@Root() progress: VisitProgress, @Ctx() ctx: AppContext): Promise<VisitDayPlace | null> {
    return dayPlaceOf(ctx.em, progress.orderId, ctx.services.clock.now());
  }
}
