import { decodeTokenPayload } from '../../lib/jwt';
import { readToken } from '../../lib/storage';

/**
 * The last answer of a technician screen, kept on the phone so that the screen still opens in a dead spot
 * (read-only, with the time it was loaded). Stored per technician: an admin who opens the area as another
 * technician on the same phone never sees the first one's day. Signing out clears it with the rest of the
 * storage.
 */
export type SnapshotScreen = 'planner' | 'today';

export interface Snapshot<Data> {
  data: Data;
  /** When the server gave this answer (the phone's clock, ISO). */
  savedAt: string;
}

const keyOf = (screen: SnapshotScreen): string | null => {
  const { sub } = decodeTokenPayload<{ sub: string }>(readToken('technician'));
  return typeof sub === 'string' ? `tijdvak.technician.${sub}.${screen}` : null;
};

export function saveSnapshot<Data>(screen: SnapshotScreen, data: Data, savedAt = new Date()): void {
  const key = keyOf(screen);
  if (!key) return;
  try {
    window.localStorage.setItem(key, JSON.stringify({ data, savedAt: savedAt.toISOString() }));
  } catch {
    // A full or blocked storage only costs the offline copy.
  }
}

export function readSnapshot<Data>(screen: SnapshotScreen): Snapshot<Data> | null {
  const key = keyOf(screen);
  if (!key) return null;
  try {
    const stored = window.localStorage.getItem(key);
    if (!stored) return null;
    const parsed = JSON.parse(stored) as Partial<Snapshot<Data>>;
    return parsed.data !== undefined && typeof parsed.savedAt === 'string'
      ? { data: parsed.data, savedAt: parsed.savedAt }
      : null;
  } catch {
    return null;
  }
}
