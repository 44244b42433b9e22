/** Whether a value is a promise or any other thenable (what `await` and promise chains treat as pending). */
export const isThenable = (value: unknown): value is PromiseLike<unknown> =>
  typeof (value as { then?: unknown } | null)?.then === 'function';
