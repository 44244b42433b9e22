import { Ctx, FieldResolver, Resolver, Root } from 'type-graphql';
import { RequireRole } from '../common/auth/require-role.js';
import { requestBatchLoader } from '../common/request-batch-loader.js';
import { unsubscribedAmong } from '../consumer-links/unsubscribes.js';
import type { AppContext } from '../context.js';
import { Order } from '../orders/index.js';
import { MessageChannel } from './consumer-message.entity.js';
import { addressOf } from './message-planner.js';
import { OFFICE } from '../common/auth/role.js';

const CHANNELS = [MessageChannel.EMAIL, MessageChannel.SMS] as const;

/** The channels on which each order's current address asked for no more messages: one statement for a page. */
const unsubscribedChannelsLoader = requestBatchLoader(
  (order: Order) => order.id,
  async (ctx: AppContext, orders) => {
    const addresses = orders.flatMap((order) =>
      CHANNELS.flatMap((channel) => {
        const address = addressOf(order, channel);
        return address === null ? [] : [{ channel, address }];
      }),
    );
    const unsubscribed = await unsubscribedAmong(ctx.em, addresses, { job: false });
    return (order): MessageChannel[] =>
      CHANNELS.filter((channel) => {
        const address = addressOf(order, channel);
        return address !== null && unsubscribed.has(`${channel}|${address}`);
      });
  },
);

@Resolver(() => Order)
export class OrderUnsubscribesResolver {
  @FieldResolver(() => [MessageChannel], {
    description:
      "The channels on which the order's e-mail address or phone number asked for no more messages (empty: none).",
  })
  @RequireRole(...OFFICE)
  unsubscribedChannels(@Root() order: Order, @Ctx() ctx: AppContext): Promise<MessageChannel[]> {
    return unsubscribedChannelsLoader(ctx).load(order);
  }
}
