import type { EntityManager } from '@mikro-orm/postgresql';
import { isDeleted, OrderRepository, type Order } from '../orders/index.js';
import { readLinkToken, type LinkPurpose } from './link-token.js';

/**
 * Why a link does not open its order. Each kind of link answers with its own enum of these names (the personal
 * link's `LinkRefusal`, the rating link's `RatingLinkRefusal`), so the schema keeps one type per link.
 */
export type LinkedOrderRefusal = 'INVALID' | 'REVOKED' | 'EXPIRED';

export type LinkedOrder =
  | { ok: true; order: Order }
  /** `order` is there for every authentic link, so the answer can be in the order's language. */
  | { ok: false; refusal: LinkedOrderRefusal; order: Order | null };

/** What one kind of link is bound to, besides its order, and until when it opens it. */
export interface LinkRule {
  purpose: LinkPurpose;
  /** Whether the fingerprint the token was made with still matches the order as it is now. */
  bound: (order: Order, fingerprint: string) => boolean;
  /** The link's own end, as a day: none for a link whose end is decided elsewhere (the rating's open days). */
  expiry?: { at: (order: Order) => Date; now: Date };
}

/**
 * The one rule of the links of messages (docs/rules.md, Personal link; Rating link): authentic (our MAC, else
 * invalid), naming an order that is still there, not deleted and still bound as the token says (else revoked), and
 * before the link's end (else expired). One order query for an authentic link, none for anything else; the order is
 * read as it is now. Reads only.
 */
export async function linkedOrder(
  em: EntityManager,
  secret: string,
  token: string,
  rule: LinkRule,
): Promise<LinkedOrder> {
  const link = readLinkToken(secret, token, rule.purpose);
  if (!link) return { ok: false, refusal: 'INVALID', order: null };
  const order = await new OrderRepository(em).findIncludingDeleted(link.orderId, { refresh: true });
  // Signed by us for an order that is no more (removed entirely): as good as deleted.
  if (!order) return { ok: false, refusal: 'REVOKED', order: null };
  if (isDeleted(order) || !rule.bound(order, link.fingerprint)) return { ok: false, refusal: 'REVOKED', order };
  if (rule.expiry && rule.expiry.now.getTime() >= rule.expiry.at(order).getTime()) {
    return { ok: false, refusal: 'EXPIRED', order };
  }
  return { ok: true, order };
}
