import { createHmac, createSecretKey, timingSafeEqual, type KeyObject } from 'node:crypto';

/**
 * What a link token is for, each with a key of its own: a personal link can never pass as a rating link (nor the
 * reverse), nor as anything else signed with the server secret.
 */
export enum LinkPurpose {
  /** The personal link of a message: the consumer's details page of one visit. */
  PERSONAL = 'tijdvak:personal-link:v1',
  /** The rating link of a thank-you: the rating of one finished visit, nothing else. */
  RATING = 'tijdvak:rating-link:v1',
}
/**
 * 12 bytes (96 bits) of HMAC-SHA256: unguessable online, where every try costs a rate-limited request,
 * and short enough that the link fits in a text message of 160 characters.
 */
const MAC_BYTES = 12;
/** 6 bytes tell an order's visit apart from its next one; the MAC, not this, makes the link unforgeable. */
const FINGERPRINT_BYTES = 6;

/** What a link is bound to: the order, and the visit (time and technician) as it was when the link was made. */
export interface LinkedVisit {
  id: number;
  appointment: Date;
  technicianId: number | null;
}

/** A KeyObject per secret and purpose, not the bytes: Node re-imports a Buffer key on every HMAC, several times slower. */
const keys = new Map<string, KeyObject>();

function keyOf(secret: string, purpose: LinkPurpose): KeyObject {
  const name = `${purpose}|${secret}`;
  let key = keys.get(name);
  if (!key) {
    key = createSecretKey(createHmac('sha256', secret).update(purpose).digest());
    // one secret per server, two purposes; a handful in a test process
    if (keys.size > 16) keys.clear();
    keys.set(name, key);
  }
  return key;
}

/** The visit's time and technician, condensed: a move or a reassignment changes it. */
export function visitFingerprint(
  secret: string,
  visit: LinkedVisit,
  purpose: LinkPurpose = LinkPurpose.PERSONAL,
): string {
  return createHmac('sha256', keyOf(secret, purpose))
    .update(`visit|${visit.id}|${visit.appointment.getTime()}|${visit.technicianId ?? '-'}`)
    .digest()
    .subarray(0, FINGERPRINT_BYTES)
    .toString('base64url');
}

function macOf(secret: string, purpose: LinkPurpose, orderId: number, fingerprint: string): Buffer {
  return createHmac('sha256', keyOf(secret, purpose))
    .update(`link|${orderId}|${fingerprint}`)
    .digest()
    .subarray(0, MAC_BYTES);
}

/** `<order id, base 36>.<visit fingerprint>.<MAC>`: about 35 URL-safe characters. */
export function signLinkToken(secret: string, visit: LinkedVisit, purpose: LinkPurpose = LinkPurpose.PERSONAL): string {
  const fingerprint = visitFingerprint(secret, visit, purpose);
  return `${visit.id.toString(36)}.${fingerprint}.${macOf(secret, purpose, visit.id, fingerprint).toString('base64url')}`;
}

/** An authentic token's order and the visit fingerprint it was made for; null for anything we did not sign. */
export function readLinkToken(
  secret: string,
  token: string,
  purpose: LinkPurpose = LinkPurpose.PERSONAL,
): { orderId: number; fingerprint: string } | null {
  const match = /^([0-9a-z]{1,7})\.([A-Za-z0-9_-]{8})\.([A-Za-z0-9_-]{16})$/.exec(token);
  if (!match) return null;
  const orderId = parseInt(match[1], 36);
  if (!Number.isSafeInteger(orderId) || orderId < 1 || orderId > 2_147_483_647) return null;
  const given = Buffer.from(match[3], 'base64url');
  const expected = macOf(secret, purpose, orderId, match[2]);
  return given.length === expected.length && timingSafeEqual(given, expected)
    ? { orderId, fingerprint: match[2] }
    : null;
}
