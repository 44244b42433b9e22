import { decodeTokenPayload } from '../../lib/jwt';
import { clearStorage, readToken } from '../../lib/storage';
import { forgetItemsOf } from '../record/record-store';
import { copyIsCurrent, type CopyAge } from './copy-age';

/**
 * What the technician area keeps on the phone besides the token, per technician (the token's subject):
 * `tijdvak.technician.<id>.planner` and `.today` (the last answers, shown in a dead spot) and `.waiting` (status
 * taps not yet sent). Each technician's part is invisible to every other one who signs in on that phone.
 */
export type TechnicianPart = 'planner' | 'today' | 'waiting';

const PREFIX = 'tijdvak.technician.';
/** Which technician's session ended without a sign-out (a new password, an expired token). */
const ENDED_SESSION_KEY = `${PREFIX}endedSession`;
/** Other technicians' waiting taps older than this are dropped: their visit day is over, the server refuses them. */
const OTHERS_WAITING_MAX_AGE_MS = 2 * 24 * 3600_000;

export function signedInTechnicianId(): string | null {
  const { sub } = decodeTokenPayload<{ sub: string }>(readToken('technician'));
  return typeof sub === 'string' ? sub : null;
}

export function partKey(technicianId: string, part: TechnicianPart): string {
  return `${PREFIX}${technicianId}.${part}`;
}

/** The signed-in technician's key of a part; null when no technician is signed in. */
export function ownKey(part: TechnicianPart): string | null {
  const id = signedInTechnicianId();
  return id === null ? null : partKey(id, part);
}

function storedParts(): { key: string; technicianId: string; part: TechnicianPart }[] {
  const found: { key: string; technicianId: string; part: TechnicianPart }[] = [];
  try {
    for (let index = 0; index < window.localStorage.length; index++) {
      const key = window.localStorage.key(index);
      const match = key ? /^tijdvak\.technician\.([^.]+)\.(planner|today|waiting)$/.exec(key) : null;
      if (key && match) found.push({ key, technicianId: match[1], part: match[2] as TechnicianPart });
    }
  } catch {
    // Blocked storage holds nothing.
  }
  return found;
}

function remove(key: string): void {
  try {
    window.localStorage.removeItem(key);
  } catch {
    // Blocked storage holds nothing.
  }
}

/** "Terug naar beheer": the admin leaves, and so do the copies of the technician's day in the admin's browser. */
export function forgetDayCopies(): void {
  for (const { key, part } of storedParts()) if (part !== 'waiting') remove(key);
}

/**
 * A technician signed in (or an admin opened the area as one): the copies of every other technician's day go.
 * They were never shown to anyone else, but names, addresses and access notes have no business on a phone that
 * another person now uses. Other technicians' waiting taps stay: they are not this technician's to drop.
 */
export function forgetOtherTechniciansCopies(): void {
  const own = signedInTechnicianId();
  if (own === null) return;
  for (const { key, part, technicianId } of storedParts()) if (part !== 'waiting' && technicianId !== own) remove(key);
}

/**
 * The server ended the session (a new password, an expired token): storage is cleared as at sign-out, except the
 * waiting taps. The same technician's next sign-in sends them; another technician neither sees nor sends them.
 */
export function endSessionKeepingWaitingTaps(): void {
  const endedId = signedInTechnicianId();
  const waiting = storedParts()
    .filter(({ part }) => part === 'waiting')
    .map(({ key }) => [key, window.localStorage.getItem(key)] as const);
  clearStorage();
  try {
    for (const [key, value] of waiting) if (value) window.localStorage.setItem(key, value);
    if (endedId !== null) window.localStorage.setItem(ENDED_SESSION_KEY, endedId);
  } catch {
    // Nothing better to do: the taps are lost with the storage.
  }
}

/**
 * Sign-out clears everything of the signed-in technician (what they recorded of visits, waiting in IndexedDB,
 * included); other technicians' waiting taps are not theirs to drop.
 */
export function signOutTechnician(): void {
  const own = signedInTechnicianId();
  // Best effort, not awaited: the sign-out does not wait for IndexedDB.
  if (own !== null) void forgetItemsOf(own).catch(() => undefined);
  const others = storedParts()
    .filter(({ part, technicianId }) => part === 'waiting' && technicianId !== own)
    .map(({ key }) => [key, window.localStorage.getItem(key)] as const);
  clearStorage();
  try {
    for (const [key, value] of others) if (value) window.localStorage.setItem(key, value);
  } catch {
    // Nothing better to do.
  }
}

/** Whose session ended without a sign-out, until someone signs in. */
export function endedSessionTechnicianId(): string | null {
  try {
    return window.localStorage.getItem(ENDED_SESSION_KEY);
  } catch {
    return null;
  }
}

export function forgetEndedSession(): void {
  remove(ENDED_SESSION_KEY);
}

/**
 * Drops what other technicians left that may no longer be shown or sent: copies past the end of their day, and
 * waiting taps whose day is long over. Run when the area opens. The signed-in technician's copies are judged (and
 * dropped) when read, so that the page can say the copy expired.
 */
export function sweepTechnicianStorage(nowMs = Date.now()): void {
  // An admin may open the area as another technician without a sign-in page in between.
  forgetOtherTechniciansCopies();
  const own = signedInTechnicianId();
  for (const { key, part, technicianId } of storedParts()) {
    if (technicianId === own) continue;
    try {
      const stored = JSON.parse(window.localStorage.getItem(key) ?? 'null') as unknown;
      if (part !== 'waiting') {
        if (!copyIsCurrent((stored ?? {}) as Partial<CopyAge>, Number.POSITIVE_INFINITY, nowMs)) remove(key);
        continue;
      }
      const taps = (Array.isArray(stored) ? stored : []) as { tappedAt?: unknown }[];
      const newest = Math.max(...taps.map((tap) => (typeof tap.tappedAt === 'string' ? Date.parse(tap.tappedAt) : 0)));
      if (!(newest > nowMs - OTHERS_WAITING_MAX_AGE_MS)) remove(key);
    } catch {
      remove(key);
    }
  }
}
