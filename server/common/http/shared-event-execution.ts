import { createSourceEventStream, execute, type ExecutionArgs, type ExecutionResult } from 'graphql';

/**
 * Subscriptions whose event is one object handed to many streams (a live feed pushes the same state to every
 * follower of an order) execute the selection once per event for all streams that would get the same answer,
 * instead of once per stream. Same answer: the same operation text, operation name and variables, and the same
 * `sharingKey` of the caller — the role, since `@RequireRole` is all a payload type's fields may decide by (a
 * field that read the caller's identity would have to make the key say so). Why: docs/decisions/live.md
 * (Live updates: one execution per event for all its streams).
 */
export function sharedEventSubscribe(operationKey: (args: ExecutionArgs) => string | null) {
  /** Per event object, the answer per operation key; the entry goes with the event once every stream has it. */
  const answers = new WeakMap<object, Map<string, Promise<ExecutionResult>>>();
  const executeEvent = (args: ExecutionArgs, payload: unknown): Promise<ExecutionResult> =>
    Promise.resolve(execute({ ...args, rootValue: payload }));

  return async (args: ExecutionArgs): Promise<AsyncIterableIterator<ExecutionResult> | ExecutionResult> => {
    const source = await createSourceEventStream(args);
    if (!isAsyncIterable(source)) return source;
    const key = operationKey(args);
    return mapEvents(source[Symbol.asyncIterator](), (payload) => {
      if (key === null || typeof payload !== 'object' || payload === null) return executeEvent(args, payload);
      let byKey = answers.get(payload);
      if (!byKey) answers.set(payload, (byKey = new Map<string, Promise<ExecutionResult>>()));
      let answer = byKey.get(key);
      if (!answer) byKey.set(key, (answer = executeEvent(args, payload)));
      return answer;
    });
  };
}

function isAsyncIterable(value: unknown): value is AsyncIterable<unknown> {
  return typeof value === 'object' && value !== null && Symbol.asyncIterator in value;
}

/**
 * The events of `source`, each mapped. `return` goes straight to the source (as graphql-js does), so a stream
 * closed while waiting for its next event lets go of its follower at once instead of at that next event.
 */
function mapEvents<T, R>(source: AsyncIterator<T>, map: (value: T) => Promise<R>): AsyncIterableIterator<R> {
  const done = (): IteratorResult<R> => ({ value: undefined, done: true });
  return {
    async next() {
      const result = await source.next();
      return result.done ? done() : { value: await map(result.value), done: false };
    },
    async return() {
      await source.return?.();
      return done();
    },
    async throw(error: unknown) {
      if (source.throw) {
        await source.throw(error);
        return done();
      }
      throw error;
    },
    [Symbol.asyncIterator]() {
      return this;
    },
  };
}
