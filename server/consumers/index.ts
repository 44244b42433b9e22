import { ConsumerLanguageResolver } from './consumer-language.resolver.js';
import { ConsumerResolver } from './consumer.resolver.js';
import { OrderExternalPartnerResolver } from './external-partner.resolver.js';
import { VisitReplyResolver } from './visit-reply.resolver.js';

export const consumerResolvers = [
  ConsumerResolver,
  VisitReplyResolver,
  OrderExternalPartnerResolver,
  ConsumerLanguageResolver,
] as const;

export { VisitReplyService } from './visit-reply.service.js';
export { CALL_CENTRE } from './contact-details.js';
// What a consumer's visit is, for the fields other domains add to it.
export { ConsumerVisit } from './consumer-visit.types.js';
