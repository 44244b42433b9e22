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
/** 6 bytes tell one binding of an order (a visit, a link generation) from the next; the MAC makes the link unforgeable. */
const FINGERPRINT_BYTES = 6;

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

/**
 * What a link is bound to besides its order, as the text its fingerprint condenses: the rating link to the visit as
 * it was finished (`visitBinding`), the personal link to the order's link generation (`generationBinding`).
 */
export type LinkBinding = string & { readonly __linkBinding: true };

/** What a rating link is bound to: the visit (time and technician) as it was finished. */
export interface LinkedVisit {
  id: number;
  appointment: Date;
  technicianId: number | null;
}

/** The visit's time and technician: a move or a reassignment changes it. */
export function visitBinding(visit: LinkedVisit): LinkBinding {
  return `visit|${visit.id}|${visit.appointment.getTime()}|${visit.technicianId ?? '-'}` as LinkBinding;
}

/** The order's link generation: only a delete or a contact change to another person changes it. */
export function generationBinding(orderId: number, generation: number): LinkBinding {
  return `generation|${orderId}|${generation}` as LinkBinding;
}

/** The binding, condensed and keyed: the MAC, not this, makes the link unforgeable. */
export function linkFingerprint(secret: string, purpose: LinkPurpose, binding: LinkBinding): string {
  return createHmac('sha256', keyOf(secret, purpose))
    .update(binding)
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

/** `<order id, base 36>.<fingerprint of the binding>.<MAC>`: about 35 URL-safe characters. */
export function signLinkToken(secret: string, purpose: LinkPurpose, orderId: number, binding: LinkBinding): string {
  const fingerprint = linkFingerprint(secret, purpose, binding);
  return `${orderId.toString(36)}.${fingerprint}.${macOf(secret, purpose, orderId, fingerprint).toString('base64url')}`;
}

/**
 * An authentic token's order and the fingerprint it was made with; null for anything we did not sign. The order id
 * has one spelling, the one we write (base 36, no leading zero): `0a` would name the order of `a` and make another
 * string of the same link, which a log, a redaction or a count keyed on the link would tell apart.
 */
export function readLinkToken(
  secret: string,
  token: string,
  purpose: LinkPurpose,
): { orderId: number; fingerprint: string } | null {
  const match = /^([0-9a-z]{1,7})\.([A-Za-z0-9_-]{8})\.([A-Za-z0-9_-]{16})$/.exec(token);
  if (!match) return null;
  const orderId = parseInt(match[1], 36);
  if (!Number.isSafeInteger(orderId) || orderId < 1 || orderId > 2_147_483_647) return null;
  if (orderId.toString(36) !== match[1]) return null;
  const given = Buffer.from(match[3], 'base64url');
  const expected = macOf(secret, purpose, orderId, match[2]);
  return given.length === expected.length && timingSafeEqual(given, expected)
    ? { orderId, fingerprint: match[2] }
    : null;
}
