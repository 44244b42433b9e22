interface Pending<Item, Value> {
  item: Item;
  resolve: (value: Value) => void;
  reject: (error: unknown) => void;
}

/**
 * A field resolver's batch loader: the loads asked for in one pass of the GraphQL executor (the rows of a page) are
 * collected and answered by one `loadBatch`, so a page of 100 orders costs the same statements as one. There is one
 * loader per request (the `scope`, the request's context), so batches never mix requests: each has its own entity
 * manager and caller. Items of the same key are loaded once; each asking item gets its own answer from the batch.
 */
export function requestBatchLoader<Scope extends object, Item, Key, Value>(
  keyOf: (item: Item) => Key,
  loadBatch: (scope: Scope, items: readonly Item[]) => Promise<(item: Item) => Value>,
): (scope: Scope) => { load(item: Item): Promise<Value> } {
  const pendingOf = new WeakMap<Scope, Pending<Item, Value>[]>();

  async function run(scope: Scope): Promise<void> {
    const batch = pendingOf.get(scope) ?? [];
    pendingOf.delete(scope);
    try {
      const unique = [...new Map(batch.map((pending) => [keyOf(pending.item), pending.item])).values()];
      const answerOf = await loadBatch(scope, unique);
      for (const pending of batch) pending.resolve(answerOf(pending.item));
    } catch (error) {
      for (const pending of batch) pending.reject(error);
    }
  }

  return (scope) => ({
    load: (item) =>
      new Promise<Value>((resolve, reject) => {
        let pending = pendingOf.get(scope);
        if (!pending) {
          pending = [];
          pendingOf.set(scope, pending);
          // After the executor has asked for every field of this pass: they all wait on this one batch.
          process.nextTick(() => void run(scope));
        }
        pending.push({ item, resolve, reject });
      }),
  });
}
