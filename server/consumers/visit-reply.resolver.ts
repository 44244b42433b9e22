import { Arg, Ctx, Mutation, Resolver } from 'type-graphql';
import type { AppContext } from '../context.js';
import { RequireRole } from '../common/auth/require-role.js';
import { Role } from '../common/auth/role.js';
import { ConsumerReply } from '../replies/consumer-reply.entity.js';
import { ReplyToVisitInput } from './visit-reply.inputs.js';
import { VisitReplyService } from './visit-reply.service.js';

@Resolver(() => ConsumerReply)
export class VisitReplyResolver {
  @Mutation(() => ConsumerReply, {
    nullable: true,
    description:
      'The consumer answers a visit of the data token ("I am home" / "I cannot, call me") and/or leaves an access note. The technician sees it in the planner, admins on the order. Allowed from the moment the window is shown until the visit starts; VISIT_NOT_FOUND outside the token, REPLY_CLOSED once started, RATE_LIMITED after too many changes. Answers the reply as saved; null when clearing the only note left nothing.',
  })
  @RequireRole(Role.CONSUMER)
  replyToVisit(
    @Ctx() ctx: AppContext,
    @Arg('input', () => ReplyToVisitInput) input: ReplyToVisitInput,
  ): Promise<ConsumerReply | null> {
    return new VisitReplyService(ctx).reply(input);
  }
}
