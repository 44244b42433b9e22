import { createHmac, createSecretKey, timingSafeEqual, type KeyObject } from 'node:crypto';

/** A separate key per purpose: a mail-open token can never pass as anything else signed with the secret. */
const PURPOSE = 'tijdvak:mail-open:v1';
/** 16 bytes of HMAC-SHA256: guessing a valid token for another order is out of reach. */
const MAC_BYTES = 16;

/**
 * The derived key per secret (one per server, a handful in a test process), as a KeyObject: Node re-imports
 * a Buffer key on every HMAC, several times slower, and a publication signs thousands of pixels.
 */
const keys = new Map<string, KeyObject>();

function keyOf(secret: string): KeyObject {
  let key = keys.get(secret);
  if (!key) {
    key = createSecretKey(createHmac('sha256', secret).update(PURPOSE).digest());
    if (keys.size > 16) keys.clear();
    keys.set(secret, key);
  }
  return key;
}

function macOf(secret: string, orderId: number): Buffer {
  return createHmac('sha256', keyOf(secret)).update(String(orderId)).digest().subarray(0, MAC_BYTES);
}

/**
 * The token in a consumer mail's tracking pixel: the order id and its MAC. It does not expire (a mail
 * may be opened weeks later) and reveals nothing but an id the recipient's own mail is about.
 */
export function signMailOpenToken(secret: string, orderId: number): string {
  return `${orderId.toString(36)}.${macOf(secret, orderId).toString('base64url')}`;
}

/** The order id of a genuine token; null for anything else (wrong MAC, malformed, tampered). */
export function verifyMailOpenToken(secret: string, token: string): number | null {
  const match = /^([0-9a-z]{1,10})\.([A-Za-z0-9_-]{22})$/.exec(token);
  if (!match) return null;
  const orderId = parseInt(match[1], 36);
  if (!Number.isSafeInteger(orderId) || orderId < 1 || orderId > 2_147_483_647) return null;
  const given = Buffer.from(match[2], 'base64url');
  const expected = macOf(secret, orderId);
  return given.length === expected.length && timingSafeEqual(given, expected) ? orderId : null;
}

/** Where a consumer mail's tracking pixel points, for when consumer mail is switched on. */
export function mailOpenPixelUrl(appUrl: string, secret: string, orderId: number): string {
  return `${appUrl}/api/mail/open/${signMailOpenToken(secret, orderId)}.gif`;
}
