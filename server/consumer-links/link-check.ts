import type { EntityManager } from '@mikro-orm/postgresql';
import { TIME_ZONE } from '../common/locale.js';
import { localDateOf, localDayRange } from '../../shared/zoned-time.js';
import { Order } from '../orders/index.js';
import { INCLUDING_DELETED } from '../orders/repository/active-orders.js';
import { readLinkToken, visitFingerprint } from './link-token.js';

/** Why a personal link does not open the visit (docs/rules.md, Personal link). */
export enum LinkRefusal {
  /** Not a link we made: mistyped, cut off or tampered with. */
  INVALID = 'INVALID',
  /** The visit day is over. */
  EXPIRED = 'EXPIRED',
  /** The order was deleted, moved to another time or given to another technician after the link was made. */
  REVOKED = 'REVOKED',
}

export type LinkCheck =
  | { ok: true; order: Order }
  /** `order` is there for every authentic link, so the answer can be in the order's language. */
  | { ok: false; refusal: LinkRefusal; order: Order | null };

/** The first instant after the visit day: local midnight after the visit, in the order's country's zone. */
export function linkExpiresAt(order: Pick<Order, 'appointment' | 'country'>): Date {
  const zone = TIME_ZONE[order.country];
  return localDayRange(localDateOf(order.appointment, zone), zone).end;
}

/**
 * Reads a personal link: authentic (our MAC), still about the order's current visit and the order not
 * deleted (else revoked), and before the end of the visit day (else expired). One order query for an
 * authentic link, none for anything else. Reads only: opening a link changes nothing here.
 */
export async function checkPersonalLink(
  em: EntityManager,
  secret: string,
  token: string,
  now: Date,
): Promise<LinkCheck> {
  const link = readLinkToken(secret, token);
  if (!link) return { ok: false, refusal: LinkRefusal.INVALID, order: null };
  const order = await em.findOne(Order, link.orderId, INCLUDING_DELETED);
  // Signed by us for an order that is no more (removed entirely): as good as deleted.
  if (!order) return { ok: false, refusal: LinkRefusal.REVOKED, order: null };
  const current = visitFingerprint(secret, {
    id: order.id,
    appointment: order.appointment,
    technicianId: order.technician?.id ?? null,
  });
  if (order.deletedAt !== null || current !== link.fingerprint) {
    return { ok: false, refusal: LinkRefusal.REVOKED, order };
  }
  if (now.getTime() >= linkExpiresAt(order).getTime()) return { ok: false, refusal: LinkRefusal.EXPIRED, order };
  return { ok: true, order };
}
