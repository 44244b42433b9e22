import type { MessageKey } from '../../i18n/i18n';

/** The label of each part the server names (server/data-requests/holders.ts). */
const PART_LABELS: Record<string, MessageKey> = {
  consumerReplies: 'admin.dataRequests.part.consumerReplies',
  visitRatings: 'admin.dataRequests.part.visitRatings',
  visitStatuses: 'admin.dataRequests.part.visitStatuses',
  visitRecords: 'admin.dataRequests.part.visitRecords',
  orderCalls: 'admin.dataRequests.part.orderCalls',
  consumerMessages: 'admin.dataRequests.part.consumerMessages',
  unsubscribes: 'admin.dataRequests.part.unsubscribes',
  inboundSms: 'admin.dataRequests.part.inboundSms',
  siteVisits: 'admin.dataRequests.part.siteVisits',
  mailOpens: 'admin.dataRequests.part.mailOpens',
  orderHistory: 'admin.dataRequests.part.orderHistory',
};

/** A part's label; a part added on the server before its label here still shows, by its name. */
export function heldPartLabel(name: string, t: (key: MessageKey) => string): string {
  const key = Object.hasOwn(PART_LABELS, name) ? PART_LABELS[name] : undefined;
  return key ? t(key) : name;
}
