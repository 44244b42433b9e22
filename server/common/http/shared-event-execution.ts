import { createSourceEventStream, execute, type ExecutionArgs, type ExecutionResult } from 'graphql';

/** A subscription's events and its operation: the events are read by the caller (pushed or iterated). */
export interface SharedEvents {
  source: AsyncIterator<unknown>;
  operation: SharedOperation;
}

/** Operations kept for sharing; past this many the map starts again (the streams keep theirs). */
const MAX_OPERATIONS = 200;

type OperationArgs = Pick<ExecutionArgs, 'schema' | 'document' | 'operationName' | 'variableValues'>;

/**
 * An operation as every stream that gets the same answers holds it, one object for all of them: the answer to an
 * event is executed once for all. Its streams hold it, not the request they subscribed with.
 */
export class SharedOperation {
  constructor(
    private readonly args: OperationArgs,
    /** What makes two streams' answers the same; null: this stream's answers are its own. */
    private readonly key: string | null,
    private readonly answers: WeakMap<object, Map<string, Promise<ExecutionResult>>>,
  ) {}

  /** The answer to `payload`; `contextOf` makes the context it is executed with, when it is executed. */
  answer(payload: unknown, contextOf: () => unknown): Promise<ExecutionResult> {
    const { key } = this;
    if (key === null || typeof payload !== 'object' || payload === null) return this.execute(payload, contextOf);
    let byKey = this.answers.get(payload);
    if (!byKey) this.answers.set(payload, (byKey = new Map<string, Promise<ExecutionResult>>()));
    let answer = byKey.get(key);
    if (!answer) byKey.set(key, (answer = this.execute(payload, contextOf)));
    return answer;
  }

  private execute(payload: unknown, contextOf: () => unknown): Promise<ExecutionResult> {
    return Promise.resolve(execute({ ...this.args, contextValue: contextOf(), rootValue: payload }));
  }
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
  const operations = new Map<string, SharedOperation>();

  const operationOf = (args: ExecutionArgs): SharedOperation => {
    const { schema, document, operationName, variableValues } = args;
    const key = operationKey(args);
    if (key === null) return new SharedOperation({ schema, document, operationName, variableValues }, null, answers);
    let operation = operations.get(key);
    if (!operation) {
      if (operations.size >= MAX_OPERATIONS) operations.clear();
      operation = new SharedOperation({ schema, document, operationName, variableValues }, key, answers);
      operations.set(key, operation);
    }
    return operation;
  };

  return async (args: ExecutionArgs): Promise<SharedEvents | ExecutionResult> => {
    const source = await createSourceEventStream(args);
    if (!isAsyncIterable(source)) return source;
    return { source: source[Symbol.asyncIterator](), operation: operationOf(args) };
  };
}

function isAsyncIterable(value: unknown): value is AsyncIterable<unknown> {
  return typeof value === 'object' && value !== null && Symbol.asyncIterator in value;
}
