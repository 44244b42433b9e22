import type { EntityManager } from '@mikro-orm/postgresql';
import { TIME_ZONE } from '../common/locale.js';
import { addDays, localDateOf, localDayRange } from '../../shared/zoned-time.js';
import { VISIT_REPORT_DAYS } from '../../shared/visit-records.js';
import type { Order } from '../orders/index.js';
import { linkedOrder } from './linked-order.js';
import { generationBinding, linkFingerprint, LinkPurpose, visitBinding } from './link-token.js';

/** Why a personal link does not open the visit (docs/rules.md, Personal link). */
export enum LinkRefusal {
  /** Not a link we made: mistyped, cut off or tampered with. */
  INVALID = 'INVALID',
  /** The visit day is over. */
  EXPIRED = 'EXPIRED',
  /** The order was deleted (restored or not), or its contact details went to another person, after the link was made. */
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
 * Whether the link was made in the order's current link generation. A link made before generations (bound to the
 * visit's time and technician) is taken while the order never left generation 0 and its visit is the one it was made
 * for: those links end with their visit day, and a delete or contact change (generation 1) ends them earlier.
 */
function currentGeneration(secret: string, order: Order, fingerprint: string): boolean {
  if (
    fingerprint === linkFingerprint(secret, LinkPurpose.PERSONAL, generationBinding(order.id, order.linkGeneration))
  ) {
    return true;
  }
  const visit = { id: order.id, appointment: order.appointment, technicianId: order.technician?.id ?? null };
  return (
    order.linkGeneration === 0 && fingerprint === linkFingerprint(secret, LinkPurpose.PERSONAL, visitBinding(visit))
  );
}

/**
 * Reads a personal link (docs/rules.md, Personal link): authentic (our MAC), of the order's current link generation
 * and the order not deleted (else revoked), and before the end of the order's current visit day (else expired). A
 * move or a reassignment keeps the link: it opens the order as it is now. One order query for an authentic link,
 * none for anything else. Reads only: opening a link changes nothing here.
 */
export async function checkPersonalLink(
  em: EntityManager,
  secret: string,
  token: string,
  now: Date,
): Promise<LinkCheck> {
  const check = await linkedOrder(em, secret, token, {
    purpose: LinkPurpose.PERSONAL,
    bound: (order, fingerprint) => currentGeneration(secret, order, fingerprint),
    expiry: { at: linkExpiresAt, now },
  });
  return check.ok ? check : { ok: false, refusal: LinkRefusal[check.refusal], order: check.order };
}

/** The first instant after the days the work report opens: local midnight, `VISIT_REPORT_DAYS` after the visit day. */
export function reportExpiresAt(order: Pick<Order, 'appointment' | 'country'>): Date {
  const zone = TIME_ZONE[order.country];
  return localDayRange(addDays(localDateOf(order.appointment, zone), VISIT_REPORT_DAYS), zone).end;
}

/**
 * Reads a personal link for its work report (docs/decisions/technician.md, Visit records): as `checkPersonalLink`, but it opens
 * until `VISIT_REPORT_DAYS` after the visit day (else expired). Reads only.
 */
export async function checkReportLink(em: EntityManager, secret: string, token: string, now: Date): Promise<LinkCheck> {
  const check = await linkedOrder(em, secret, token, {
    purpose: LinkPurpose.PERSONAL,
    bound: (order, fingerprint) => currentGeneration(secret, order, fingerprint),
    expiry: { at: reportExpiresAt, now },
  });
  return check.ok ? check : { ok: false, refusal: LinkRefusal[check.refusal], order: check.order };
}
