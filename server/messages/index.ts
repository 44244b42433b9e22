import { FailedMessagesResolver } from './failed-messages.resolver.js';
import { MailReadsResolver } from './mail-reads.resolver.js';
import { MessageLogResolver } from './message-log.resolver.js';
import { OrderUnsubscribesResolver } from './order-unsubscribes.resolver.js';

export const messageResolvers = [
  MessageLogResolver,
  MailReadsResolver,
  FailedMessagesResolver,
  OrderUnsubscribesResolver,
] as const;

export { latestTextedVisit } from './texted-visit.js';
export { toGsm7 } from './message-content.js';
