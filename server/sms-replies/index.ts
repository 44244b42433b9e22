/** The text messages consumers send back: their webhook, and their record. */
export { InboundSms } from './inbound-sms.entity.js';
export { INBOUND_SMS_BODY_RULE, inboundSmsRouter } from './inbound-sms.router.js';
export { purgeInboundSms } from './inbound-sms-purge.js';
