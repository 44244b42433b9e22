import { Args, Ctx, Query, Resolver } from 'type-graphql';
import { RequireRoleForAll } from '../common/auth/require-role.js';
import type { Connection } from '../common/pagination.js';
import type { AppContext } from '../context.js';
import { FailedMessagesService } from './failed-messages.service.js';
import {
  FailedConsumerMessageConnection,
  FailedConsumerMessagesArgs,
  type FailedConsumerMessage,
} from './failed-messages.types.js';
import { OFFICE } from '../common/auth/role.js';

@Resolver()
@RequireRoleForAll(...OFFICE)
export class FailedMessagesResolver {
  @Query(() => FailedConsumerMessageConnection, {
    description:
      'Consumer messages that failed for good, across orders, newest first, optionally of one failure code; each with ' +
      'its order. Counted up to 1000 (`totalCountExact`). `resendConsumerMessage` sends one again.',
  })
  failedConsumerMessages(
    @Ctx() ctx: AppContext,
    @Args(() => FailedConsumerMessagesArgs) args: FailedConsumerMessagesArgs,
  ): Promise<Connection<FailedConsumerMessage>> {
    return new FailedMessagesService(ctx).page(args);
  }
}
