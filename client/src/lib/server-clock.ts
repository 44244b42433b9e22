import { useQuery } from '@apollo/client/react';
import { useEffect, useSyncExternalStore } from 'react';
import { localDateOf, type LocalDate } from '../../../shared/zoned-time.js';
import { graphql } from '../gql';

/**
 * The server's clock in the browser: the server's "now" (it honours CLOCK_NOW, so a demo can stand on any day)
 * minus the browser's, learnt once from an answer that carries the server's time and kept for an offline start.
 * Screens that depend on the day or the hour (the figures' period, the offline banner, the board's lateness) read
 * the time here, never the machine's clock.
 */
const STORAGE_KEY = 'tijdvak.serverClockOffsetMs';

const ServerClockQuery = graphql(`
  query ServerClock {
    serverInfo {
      now
    }
  }
`);

function storedOffset(): number | null {
  try {
    const stored = Number(window.localStorage.getItem(STORAGE_KEY) ?? Number.NaN);
    return Number.isFinite(stored) ? stored : null;
  } catch {
    return null;
  }
}

let offsetMs: number | null = storedOffset();
/** Whether this page load heard the server's time (a stored offset may be from another day's demo). */
let heardThisLoad = false;
const listeners = new Set<() => void>();

/** Takes the server's time from an answer that just arrived. */
export function syncServerClock(serverNow: string, phoneNowMs = Date.now()): void {
  const serverMs = Date.parse(serverNow);
  if (Number.isNaN(serverMs)) return;
  offsetMs = serverMs - phoneNowMs;
  heardThisLoad = true;
  try {
    window.localStorage.setItem(STORAGE_KEY, String(offsetMs));
  } catch {
    // A blocked storage only costs the offset after an offline start.
  }
  for (const listener of listeners) listener();
}

/** The server's time now, as best known (the browser's clock before anything was heard). */
export const serverNow = (): Date => new Date(Date.now() + (offsetMs ?? 0));

/** The server's time at a moment the browser's clock recorded (e.g. when an offline copy was saved). */
export const serverTimeAt = (phoneInstant: Date): Date => new Date(phoneInstant.getTime() + (offsetMs ?? 0));

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
};
const heard = () => heardThisLoad;

/**
 * Asks the server's time once per page load (any answer that synced first spares the question) and re-renders when
 * it is known: true from then on.
 */
export function useServerClockKnown(): boolean {
  const known = useSyncExternalStore(subscribe, heard);
  const { data } = useQuery(ServerClockQuery, { skip: known, fetchPolicy: 'network-only' });
  useEffect(() => {
    if (data && !heardThisLoad) syncServerClock(data.serverInfo.now);
  }, [data]);
  return known;
}

/** Today in `zone` by the server's clock; null until the server's time is known on this page load. */
export function useServerToday(zone: string): LocalDate | null {
  const known = useServerClockKnown();
  return known ? localDateOf(serverNow(), zone) : null;
}

const MINUTE_MS = 60_000;

/** Re-renders at each turn of the server's minute (and when the server's time is heard). */
function subscribeMinute(listener: () => void) {
  const unsubscribe = subscribe(listener);
  let timer: ReturnType<typeof setTimeout>;
  const schedule = () => {
    const now = serverNow().getTime();
    timer = setTimeout(
      () => {
        listener();
        schedule();
      },
      MINUTE_MS - (now % MINUTE_MS) + 10,
    );
  };
  schedule();
  return () => {
    clearTimeout(timer);
    unsubscribe();
  };
}

const minuteSnapshot = (): number | null =>
  heardThisLoad ? Math.floor(serverNow().getTime() / MINUTE_MS) * MINUTE_MS : null;

/**
 * The server's time to the minute, re-rendering each minute: `answerNow` is the server's time an answer carried,
 * taken again whenever a new answer brings another. Null before the server's time is known.
 */
export function useServerMinute(answerNow: string | undefined): Date | null {
  useEffect(() => {
    if (answerNow) syncServerClock(answerNow);
  }, [answerNow]);
  const minute = useSyncExternalStore(subscribeMinute, minuteSnapshot);
  return minute === null ? null : new Date(minute);
}
