import { Arg, Ctx, Int, Mutation, Query, Resolver } from 'type-graphql';
import { RequireRole, RequireRoleForAll } from '../common/auth/require-role.js';
import type { AppContext } from '../context.js';
import { CancellationNoticeService } from './cancellation-notice.service.js';
import { MessageChannel } from './consumer-message.entity.js';
import { MessageLogService } from './message-log.service.js';
import { ConsumerMessageLogEntry, OrderMessageLog } from './message-log.types.js';
import { OFFICE, PLANNING } from '../common/auth/role.js';

@Resolver()
@RequireRoleForAll(...OFFICE)
export class MessageLogResolver {
  @Query(() => OrderMessageLog, {
    description:
      "The messages to an order's consumer (newest 50): kind, channel, masked address, status with the failure " +
      'reason, times, tries and when a mail was opened. ORDER_NOT_FOUND for an unknown order.',
  })
  orderMessages(
    @Ctx() ctx: AppContext,
    @Arg('orderId', () => Int, { description: 'The order (its `id`).' }) orderId: number,
  ): Promise<OrderMessageLog> {
    return new MessageLogService(ctx).log(orderId);
  }

  @Query(() => [MessageChannel], {
    description:
      "How the order's consumer would be told of its deletion now: the channels a cancellation would go on (where the " +
      'window was told, with messages on and not unsubscribed); empty when nothing would go. It goes once the ' +
      'undo has passed, and not at all when the delete is undone. ORDER_NOT_FOUND for an unknown order.',
  })
  orderCancellationChannels(
    @Ctx() ctx: AppContext,
    @Arg('orderId', () => Int, { description: 'The order (its `id`).' }) orderId: number,
  ): Promise<MessageChannel[]> {
    return new CancellationNoticeService(ctx).channels(orderId);
  }

  @Mutation(() => ConsumerMessageLogEntry, {
    description:
      "Sends a message again, to the order's current address on its channel, through the job queue; recorded in " +
      "the order's history. Refused: MESSAGES_OFF (for the country or the channel), MESSAGE_UNSUBSCRIBED, " +
      'MESSAGE_ORDER_DELETED, MESSAGE_VISIT_OVER, MESSAGE_SUPERSEDED (a later message on the channel), ' +
      'MESSAGE_ALREADY_QUEUED, MESSAGE_NO_ADDRESS, MESSAGE_NOT_FOUND.',
  })
  @RequireRole(...PLANNING)
  resendConsumerMessage(
    @Ctx() ctx: AppContext,
    @Arg('messageId', () => Int, { description: 'The message (its `id` in the log).' }) messageId: number,
  ): Promise<ConsumerMessageLogEntry> {
    return new MessageLogService(ctx).resend(messageId);
  }
}
