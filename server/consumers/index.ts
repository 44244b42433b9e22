import { ConsumerResolver } from './consumer.resolver.js';
import { VisitReplyResolver } from './visit-reply.resolver.js';

export const consumerResolvers = [ConsumerResolver, VisitReplyResolver] as const;
