/** Who reads a push source: woken after each event and at the end. */
export interface PushReader {
  wake(): void;
}

/**
 * An event source that calls its reader instead of being awaited: a stream that waits for its next event holds
 * no promise chain then, only a reference to its reader (docs/decisions/live.md, memory per stream). Async
 * iteration still works.
 */
export interface PushSource<T> extends AsyncIterableIterator<T> {
  /** The reader's `wake` runs after each event and at the end; it then calls `take` until it gives undefined. */
  onPush(reader: PushReader): void;
  take(): T | undefined;
  readonly ended: boolean;
}

export const isPushSource = (value: unknown): value is PushSource<unknown> =>
  typeof (value as Partial<PushSource<unknown>> | null)?.onPush === 'function';
