import { createSourceEventStream, execute, type ExecutionArgs, type ExecutionResult } from 'graphql';

/** A subscription's events and the answer to each: the events are read by the caller (pushed or iterated). */
export interface SharedEvents {
  source: AsyncIterator<unknown>;
  answer: (payload: unknown) => Promise<ExecutionResult>;
}

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

  /** `eventContext`: makes the context each event is executed with (what the fields read), if not the subscriber's. */
  return async (
    args: ExecutionArgs,
    eventContext: () => unknown = () => args.contextValue,
  ): Promise<SharedEvents | ExecutionResult> => {
    const source = await createSourceEventStream(args);
    if (!isAsyncIterable(source)) return source;
    const key = operationKey(args);
    const { schema, document, operationName, variableValues } = args;
    const eventArgs = (): ExecutionArgs => ({
      schema,
      document,
      operationName,
      variableValues,
      contextValue: eventContext(),
    });
    return {
      source: source[Symbol.asyncIterator](),
      answer: (payload) => {
        if (key === null || typeof payload !== 'object' || payload === null) return executeEvent(eventArgs(), payload);
        let byKey = answers.get(payload);
        if (!byKey) answers.set(payload, (byKey = new Map<string, Promise<ExecutionResult>>()));
        let answer = byKey.get(key);
        if (!answer) byKey.set(key, (answer = executeEvent(eventArgs(), payload)));
        return answer;
      },
    };
  };
}

function isAsyncIterable(value: unknown): value is AsyncIterable<unknown> {
  return typeof value === 'object' && value !== null && Symbol.asyncIterator in value;
}
