import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { RequestCookies } from '../context.js';

/**
 * The device cookie of a staff account: proof that this browser signed in to the account before.
 * Its holder is counted by its own sign-in limit instead of the limits strangers share (the client's,
 * the account's ceiling), so strangers' failed guesses never refuse the owner's correct password on a
 * device it used before. One cookie per account (its name derives from the account), signed with a key
 * derived from JWT_SECRET, with its own expiry, HttpOnly and SameSite=Strict.
 */
const PURPOSE = 'staff-device-cookie';
/** Renewed at every sign-in, so a device in use never loses it; an unused one lapses after half a year. */
export const DEVICE_COOKIE_LIFETIME_SECONDS = 180 * 24 * 3600;
const MAC_BYTES = 16;

function keyOf(secret: string): Buffer {
  return createHmac('sha256', secret).update(PURPOSE).digest();
}

function macOf(secret: string, accountKey: string, expires: number, deviceId: string): Buffer {
  return createHmac('sha256', keyOf(secret))
    .update(`${accountKey}\n${expires}\n${deviceId}`)
    .digest()
    .subarray(0, MAC_BYTES);
}

/** The account is in the name (hashed, so the name tells nothing), so one browser keeps one cookie per account. */
function cookieNameOf(secret: string, accountKey: string): string {
  const hash = createHmac('sha256', keyOf(secret)).update(`name\n${accountKey}`).digest('base64url');
  return `device_${hash.slice(0, 16)}`;
}

/**
 * The device id of a valid cookie of this account that this request carries (signed by us, for this
 * account, not expired), or undefined.
 */
export function trustedDeviceOf(
  cookies: RequestCookies | undefined,
  secret: string,
  accountKey: string,
  nowSeconds: number,
): string | undefined {
  const value = cookies?.get(cookieNameOf(secret, accountKey));
  const match = value === undefined ? null : /^(\d{1,12})\.([\w-]{22})\.([\w-]{22})$/.exec(value);
  if (!match) return undefined;
  const [, expiresText, deviceId, macText] = match;
  const expires = Number(expiresText);
  if (nowSeconds >= expires) return undefined;
  const given = Buffer.from(macText, 'base64url');
  const expected = macOf(secret, accountKey, expires, deviceId);
  return given.length === expected.length && timingSafeEqual(given, expected) ? deviceId : undefined;
}

/** Sets (or renews) this browser's device cookie for the account after it proved to be the owner. */
export function trustDevice(
  cookies: RequestCookies | undefined,
  secret: string,
  accountKey: string,
  nowSeconds: number,
  deviceId = randomBytes(16).toString('base64url'),
): void {
  const expires = nowSeconds + DEVICE_COOKIE_LIFETIME_SECONDS;
  const mac = macOf(secret, accountKey, expires, deviceId).toString('base64url');
  cookies?.set(cookieNameOf(secret, accountKey), `${expires}.${deviceId}.${mac}`, DEVICE_COOKIE_LIFETIME_SECONDS);
}
