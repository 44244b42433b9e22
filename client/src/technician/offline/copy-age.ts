/**
 * How long a technician screen's copy kept on the phone may be shown (docs/decisions.md, Technician: offline copy
 * and status limits): until the end of the day it shows, and never after the session's token expired. Kept free of
 * imports: the tests load it under Node.
 */
export interface CopyAge {
  /** The end of the day the copy shows (ISO): after it, its names, phones and access notes serve nobody. */
  endsAt: string;
  /** The server's clock minus the phone's when the copy was saved: the phone's clock may be off. */
  skewMs: number;
}

/** Whether a copy may be shown at the phone's `phoneNowMs`, with the session's token expiring at `tokenExpiresAtMs`. */
export function copyIsCurrent<Copy extends Partial<CopyAge>>(
  copy: Copy,
  tokenExpiresAtMs: number | null,
  phoneNowMs: number,
): copy is Copy & CopyAge {
  if (typeof copy.endsAt !== 'string' || typeof copy.skewMs !== 'number' || !Number.isFinite(copy.skewMs)) {
    return false;
  }
  const endsAt = Date.parse(copy.endsAt);
  const serverNow = phoneNowMs + copy.skewMs;
  return tokenExpiresAtMs !== null && !Number.isNaN(endsAt) && serverNow < endsAt && serverNow < tokenExpiresAtMs;
}

/** The instant a token expires (its `exp` claim, seconds), or null when it names none: such a copy is never shown. */
export function tokenExpiryMs(payload: { exp?: unknown }): number | null {
  return typeof payload.exp === 'number' && Number.isFinite(payload.exp) ? payload.exp * 1000 : null;
}
