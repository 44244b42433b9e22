import type { EntityManager } from '@mikro-orm/postgresql';
import type { AppConfig } from '../config.js';
import type { Order } from '../orders/index.js';
import { RATING_LINK_PATH } from '../../shared/personal-link.js';
import { linkedOrder } from './linked-order.js';
import { linkFingerprint, LinkPurpose, signLinkToken, visitBinding } from './link-token.js';

/**
 * The token of an order's rating link: signed with a key of its own (a personal link's token does not open the
 * rating, nor a rating token the details page), bound to the visit as it was finished.
 */
export function ratingLinkToken(config: AppConfig, order: RatedVisit): string {
  return signLinkToken(config.jwtSecret, LinkPurpose.RATING, order.id, visitBinding(visitOf(order)));
}

/** What a rating link is bound to: the order and its visit (time and technician) as it was finished. */
export type RatedVisit = Pick<Order, 'id' | 'appointment'> & { technician: { id: number } | null };

const visitOf = (order: RatedVisit) => ({
  id: order.id,
  appointment: order.appointment,
  technicianId: order.technician?.id ?? null,
});

/** The absolute URL of the page that rates the order's visit, and does nothing else (docs/rules.md, Rating link). */
export function ratingLinkUrl(config: AppConfig, order: RatedVisit): string {
  return `${config.appUrl}${RATING_LINK_PATH}/${ratingLinkToken(config, order)}`;
}

/** Why a rating link does not open the rating (docs/rules.md, Rating link). */
export enum RatingLinkRefusal {
  /** Not a rating link we made: mistyped, cut off, tampered with, or another kind of link. */
  INVALID = 'INVALID',
  /** The days for rating the visit are over. */
  EXPIRED = 'EXPIRED',
  /** The order was deleted, or its visit changed (moved, reassigned, no longer finished) after the link was sent. */
  REVOKED = 'REVOKED',
}

export type RatingLinkOrder =
  | { ok: true; order: Order }
  /** `order` is there for every authentic link, so the answer can be in the order's language. */
  | { ok: false; refusal: RatingLinkRefusal; order: Order | null };

/**
 * The order of an authentic rating link, not deleted and still at the visit the link was made for. Whether the
 * visit is finished and still open for rating is the rating's rule (server/ratings). Reads only.
 */
export async function ratingLinkOrder(em: EntityManager, secret: string, token: string): Promise<RatingLinkOrder> {
  const check = await linkedOrder(em, secret, token, {
    purpose: LinkPurpose.RATING,
    bound: (order, fingerprint) =>
      linkFingerprint(secret, LinkPurpose.RATING, visitBinding(visitOf(order))) === fingerprint,
  });
  return check.ok ? check : { ok: false, refusal: RatingLinkRefusal[check.refusal], order: check.order };
}
