import { useEffect, useState, useSyncExternalStore } from 'react';

const MINUTE_MS = 60_000;

/** The server's clock as last heard, ticking by the minute: the browser's clock may be off, the server's counts. */
class ServerMinute {
  private skewMs = 0;
  private synced = false;
  private readonly listeners = new Set<() => void>();

  sync(serverNow: string): void {
    this.skewMs = Date.parse(serverNow) - Date.now();
    this.synced = true;
    this.notify();
  }

  readonly subscribe = (listener: () => void) => {
    this.listeners.add(listener);
    // Each minute, at the turn of the server's minute.
    let timer: ReturnType<typeof setTimeout>;
    const schedule = () => {
      const now = Date.now() + this.skewMs;
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
      this.listeners.delete(listener);
    };
  };

  /** The current minute of the server's clock, in ms since the epoch; null before the first answer. */
  readonly snapshot = (): number | null =>
    this.synced ? Math.floor((Date.now() + this.skewMs) / MINUTE_MS) * MINUTE_MS : null;

  private notify() {
    for (const listener of this.listeners) listener();
  }
}

/**
 * The server's time to the minute, re-rendering each minute: `serverNow` is the time an answer of the server
 * carried, read again whenever a new answer brings another.
 */
export function useServerMinute(serverNow: string | undefined): Date | null {
  const [clock] = useState(() => new ServerMinute());
  useEffect(() => {
    if (serverNow) clock.sync(serverNow);
  }, [clock, serverNow]);
  const minute = useSyncExternalStore(clock.subscribe, clock.snapshot);
  return minute === null ? null : new Date(minute);
}
