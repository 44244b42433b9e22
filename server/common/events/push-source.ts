/**
 * An event source that calls its reader instead of being awaited: a stream that waits for its next event holds
 * no promise chain then, only a callback (docs/decisions/live.md, memory per stream). Async iteration still works.
 */
export interface PushSource<T> extends AsyncIterableIterator<T> {
  /** `wake` runs after each event and at the end; the reader then calls `take` until it gives undefined. */
  onPush(wake: () => void): void;
  take(): T | undefined;
  readonly ended: boolean;
}

export const isPushSource = (value: unknown): value is PushSource<unknown> =>
  typeof (value as Partial<PushSource<unknown>> | null)?.onPush === 'function';
