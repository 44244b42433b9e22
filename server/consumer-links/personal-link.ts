import type { AppConfig } from '../config.js';
import type { Order } from '../orders/index.js';
import { PERSONAL_LINK_PATH, REPLY_PARAMETER, REPLY_VALUES, UNSUBSCRIBE_SEGMENT } from '../../shared/personal-link.js';
import { signLinkToken } from './link-token.js';

/** The consumer's personal link and the links derived from it, as a message carries them. */
export interface PersonalLinkUrls {
  /** Opens the consumer's details page without typing anything. */
  page: string;
  /** The details page with "I am at home" chosen; the consumer confirms it on the page (a GET changes nothing). */
  replyAtHome: string;
  /** The details page with "I cannot, call me" chosen; confirmed on the page likewise. */
  replyCallMe: string;
  /** A page with a button that stops the messages to the order's e-mail address; also the one-click POST target. */
  unsubscribe: string;
}

/** What a personal link is bound to: the order and its current visit (time and technician). */
export type LinkedOrder = Pick<Order, 'id' | 'appointment'> & { technician: { id: number } | null };

/** The token of an order's personal link: valid for its current visit until the end of the visit day. */
export function personalLinkToken(config: AppConfig, order: LinkedOrder): string {
  return signLinkToken(config.jwtSecret, {
    id: order.id,
    appointment: order.appointment,
    technicianId: order.technician?.id ?? null,
  });
}

/**
 * Absolute URLs of an order's personal link (docs/rules.md, Personal link). They stay valid until the end of
 * the visit day and stop working when the order is deleted, moved to another time or given to another technician,
 * so a message sent for a visit never opens a later one.
 */
export function personalLinkUrls(config: AppConfig, order: LinkedOrder): PersonalLinkUrls {
  const page = `${config.appUrl}${PERSONAL_LINK_PATH}/${personalLinkToken(config, order)}`;
  return {
    page,
    replyAtHome: `${page}?${REPLY_PARAMETER}=${REPLY_VALUES.AT_HOME}`,
    replyCallMe: `${page}?${REPLY_PARAMETER}=${REPLY_VALUES.CALL_ME}`,
    unsubscribe: `${page}/${UNSUBSCRIBE_SEGMENT}`,
  };
}
