import { localDayRange } from '../../../../shared/zoned-time.js';
import { decodeTokenPayload } from '../../lib/jwt';
import { readToken } from '../../lib/storage';
import { syncServerClock } from '../../lib/server-clock';
import { copyIsCurrent, tokenExpiryMs, type CopyAge } from './copy-age';
import { ownKey } from './technician-storage';

/**
 * The last answer of a technician screen, kept on the phone so that the screen still opens in a dead spot
 * (read-only, with the time it was loaded). Stored per technician: an admin who opens the area as another
 * technician on the same phone never sees the first one's day. Shown only until the end of the day it shows and
 * while the session's token is valid; signing out clears it with the rest of the storage.
 */
export type SnapshotScreen = 'planner' | 'today';

export interface Snapshot<Data> extends CopyAge {
  data: Data;
  /** When the server gave this answer (the phone's clock, ISO). */
  savedAt: string;
}

/** The day a copy shows and the server's time of the answer, which bound how long it may be shown. */
export interface SnapshotDay {
  /** YYYY-MM-DD, in `zone`. */
  date: string;
  zone: string;
  /** The server's clock when it answered (ISO). */
  serverNow: string;
}

export function saveSnapshot<Data>(screen: SnapshotScreen, data: Data, day: SnapshotDay, savedAt = new Date()): void {
  // The banner of an offline start says the copy's time by the server's clock, learnt here.
  syncServerClock(day.serverNow, savedAt.getTime());
  const key = ownKey(screen);
  if (!key) return;
  const snapshot: Snapshot<Data> = {
    data,
    savedAt: savedAt.toISOString(),
    endsAt: localDayRange(day.date, day.zone).end.toISOString(),
    skewMs: new Date(day.serverNow).getTime() - savedAt.getTime(),
  };
  try {
    window.localStorage.setItem(key, JSON.stringify(snapshot));
  } catch {
    // A full or blocked storage only costs the offline copy.
  }
}

/**
 * Left in place of a copy that may no longer be shown: the data goes, while the page (read again after a remount)
 * can still say that the copy expired instead of that nothing was ever saved.
 */
const EXPIRED = JSON.stringify({ expired: true });

/**
 * The copy of a screen, 'expired' when there is one that may no longer be shown (its day is over or the session's
 * token expired; its data is deleted then), or null when there is none.
 */
export function readSnapshot<Data>(screen: SnapshotScreen, phoneNow = new Date()): Snapshot<Data> | 'expired' | null {
  const key = ownKey(screen);
  if (!key) return null;
  try {
    const stored = window.localStorage.getItem(key);
    if (!stored) return null;
    if (stored === EXPIRED) return 'expired';
    const parsed = JSON.parse(stored) as Partial<Snapshot<Data>>;
    const expiry = tokenExpiryMs(decodeTokenPayload<{ exp: number }>(readToken('technician')));
    if (parsed.data === undefined || typeof parsed.savedAt !== 'string' || !copyIsCurrent(parsed, expiry, +phoneNow)) {
      window.localStorage.setItem(key, EXPIRED);
      return 'expired';
    }
    return { data: parsed.data, savedAt: parsed.savedAt, endsAt: parsed.endsAt, skewMs: parsed.skewMs };
  } catch {
    return null;
  }
}
