import type { AppConfig } from '../config.js';
import type { Order } from '../orders/index.js';
import {
  MOVE_VALUE,
  PERSONAL_LINK_PATH,
  REPLY_PARAMETER,
  REPORT_SEGMENT,
  REPLY_VALUES,
  UNSUBSCRIBE_SEGMENT,
} from '../../shared/personal-link.js';
import { generationBinding, LinkPurpose, signLinkToken } from './link-token.js';

/** The consumer's personal link and the links derived from it, as a message carries them. */
export interface PersonalLinkUrls {
  /** Opens the consumer's details page without typing anything. */
  page: string;
  /** The details page with "I am at home" chosen; the consumer confirms it on the page (a GET changes nothing). */
  replyAtHome: string;
  /** The details page with "I cannot, call me" chosen; confirmed on the page likewise. */
  replyCallMe: string;
  /** The details page with the days and windows the visit can move to (an SMS answer "verzetten" sends it). */
  move: string;
  /** A page with a button that stops the messages to the order's e-mail address; also the one-click POST target. */
  unsubscribe: string;
  /** The work report of the finished visit (docs/decisions/technician.md, Visit records): opens for days after the visit day. */
  report: string;
}

/** What a personal link is bound to: the order and its link generation (not the visit's time or technician). */
export type LinkedOrder = Pick<Order, 'id' | 'linkGeneration'>;

/** The token of an order's personal link: valid while the order's link generation stays, until its visit day ends. */
export function personalLinkToken(config: Pick<AppConfig, 'jwtSecret'>, order: LinkedOrder): string {
  return signLinkToken(
    config.jwtSecret,
    LinkPurpose.PERSONAL,
    order.id,
    generationBinding(order.id, order.linkGeneration),
  );
}

/**
 * Absolute URLs of an order's personal link (docs/rules.md, Personal link). They open the order's current state until
 * the end of its visit day, through moves and reassignments; they stop working for good when the order is deleted
 * (a restore announces a new link) or its contact details go to another person.
 */
export function personalLinkUrls(
  config: Pick<AppConfig, 'appUrl' | 'jwtSecret'>,
  order: LinkedOrder,
): PersonalLinkUrls {
  const page = `${config.appUrl}${PERSONAL_LINK_PATH}/${personalLinkToken(config, order)}`;
  return {
    page,
    replyAtHome: `${page}?${REPLY_PARAMETER}=${REPLY_VALUES.AT_HOME}`,
    replyCallMe: `${page}?${REPLY_PARAMETER}=${REPLY_VALUES.CALL_ME}`,
    move: `${page}?${REPLY_PARAMETER}=${MOVE_VALUE}`,
    unsubscribe: `${page}/${UNSUBSCRIBE_SEGMENT}`,
    report: `${page}/${REPORT_SEGMENT}`,
  };
}
