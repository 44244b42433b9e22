/**
 * The replies domain's front door: the consumer's reply to a visit, as others read it. Other folders still import
 * some of its files directly; new imports come through here.
 */
export { ConsumerReply } from './consumer-reply.entity.js';
export { VisitAnswer } from './consumer-reply.entity.js';
