import { onFirstUse } from '../../common/on-first-use.js';

/** otplib (with its hash and base32 libraries), loaded at the first code checked or app set up. */
const otp = onFirstUse(() => import('otplib'));

/** The seconds of one code (the authenticator apps' default). */
export const TOTP_PERIOD_SECONDS = 30;
/** A code of the step before or after the current one is accepted too: a phone's clock may be a little off. */
const TOLERANCE_SECONDS = TOTP_PERIOD_SECONDS;

export async function newTotpSecret(): Promise<string> {
  return (await otp()).generateSecret();
}

/** The `otpauth://` address an authenticator app reads from the QR code. */
export async function totpUri(issuer: string, label: string, secret: string): Promise<string> {
  return (await otp()).generateURI({ issuer, label, secret });
}

/** Six digits, spaces ignored (apps show "123 456"). */
export function normalizeTotpCode(code: string): string | null {
  if (code.length > 32) return null;
  const digits = code.replace(/\s/g, '');
  return /^\d{6}$/.test(digits) ? digits : null;
}

/**
 * The time step of the code when it is valid now (±1 step) and later than `afterStep`; null otherwise. Passing the
 * last accepted step makes a code that was used once refused, however often it is tried within its window.
 */
export async function acceptedStep(
  secret: string,
  code: string,
  nowSeconds: number,
  afterStep: number | null,
): Promise<number | null> {
  const token = normalizeTotpCode(code);
  if (token === null) return null;
  const { verify } = await otp();
  const result = await verify({
    secret,
    token,
    epoch: nowSeconds,
    epochTolerance: TOLERANCE_SECONDS,
    ...(afterStep === null ? {} : { afterTimeStep: afterStep }),
  });
  return result.valid && 'timeStep' in result ? result.timeStep : null;
}
