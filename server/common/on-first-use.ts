/**
 * A module imported at its first use rather than at the server's start: for large packages that few requests need
 * (each one loaded at the start adds to every start and to every instance's memory). The import runs once; every
 * caller awaits the same one.
 */
export function onFirstUse<T>(load: () => Promise<T>): () => Promise<T> {
  let loading: Promise<T> | undefined;
  return () => (loading ??= load());
}
