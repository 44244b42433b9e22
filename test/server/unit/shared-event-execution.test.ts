import {
  GraphQLObjectType,
  GraphQLSchema,
  GraphQLString,
  parse,
  type ExecutionArgs,
  type ExecutionResult,
} from 'graphql';
import { describe, expect, it } from 'vitest';
import { sharedEventSubscribe, type SharedEvents } from '../../../server/common/http/shared-event-execution.js';

interface Caller {
  role: string;
}

/** A feed of one subscription: every stream receives the very same event objects, as the live visit feed hands them out. */
function arrange() {
  const listeners = new Set<(event: object) => void>();
  let resolved = 0;
  const ended: string[] = [];
  const event = new GraphQLObjectType({
    name: 'Event',
    fields: {
      state: {
        type: GraphQLString,
        resolve: (root: { state: string }, _args, caller: Caller) => {
          resolved += 1;
          return `${root.state} for ${caller.role}`;
        },
      },
    },
  });
  const schema = new GraphQLSchema({
    query: new GraphQLObjectType({ name: 'Query', fields: { ok: { type: GraphQLString } } }),
    subscription: new GraphQLObjectType({
      name: 'Subscription',
      fields: {
        changed: {
          type: event,
          resolve: (root: object) => root,
          subscribe: (_root, _args, caller: Caller): AsyncIterableIterator<object> => {
            const queue: object[] = [];
            let waiting: ((result: IteratorResult<object>) => void) | undefined;
            const listener = (value: object) => {
              if (waiting) waiting({ value, done: false });
              else queue.push(value);
              waiting = undefined;
            };
            listeners.add(listener);
            return {
              next: () => {
                const value = queue.shift();
                if (value) return Promise.resolve({ value, done: false });
                return new Promise((resolve) => (waiting = resolve));
              },
              return: () => {
                listeners.delete(listener);
                ended.push(caller.role);
                waiting?.({ value: undefined, done: true });
                return Promise.resolve({ value: undefined, done: true });
              },
              [Symbol.asyncIterator]() {
                return this;
              },
            };
          },
        },
      },
    }),
  });
  const subscribe = sharedEventSubscribe((args) => (args.contextValue as Caller).role);
  const open = async (role: string) => {
    const args: ExecutionArgs = {
      schema,
      document: parse('subscription { changed { state } }'),
      contextValue: { role },
    };
    const { source, operation } = (await subscribe(args)) as SharedEvents;
    // Read as the stream handler's pull path reads a source: each event, then its (shared) answer.
    return {
      next: async (): Promise<IteratorResult<ExecutionResult>> => {
        const event = await source.next();
        return event.done
          ? { value: undefined, done: true }
          : { value: await operation.answer(event.value, () => args.contextValue), done: false };
      },
      return: () => source.return!(),
      operation,
    };
  };
  return {
    open,
    publish: (value: object) => listeners.forEach((listener) => listener(value)),
    resolved: () => resolved,
    listening: () => listeners.size,
    ended,
  };
}

describe('one execution of an event for every stream that would get the same answer', () => {
  it('executes an event once per role however many streams follow it, and keeps the roles apart', async () => {
    const feed = arrange();
    const consumers = await Promise.all(Array.from({ length: 50 }, () => feed.open('CONSUMER')));
    const admin = await feed.open('ADMIN');
    const pending = [...consumers, admin].map((stream) => stream.next());
    feed.publish({ state: 'ON_THE_WAY' });
    const results = await Promise.all(pending);

    expect(feed.resolved()).toBe(2);
    // One operation object for every stream of a role, not a copy each.
    expect(new Set(consumers.map((stream) => stream.operation)).size).toBe(1);
    expect(admin.operation).not.toBe(consumers[0].operation);
    expect(results.slice(0, 50).every((result) => result.value === results[0].value)).toBe(true);
    expect(results[0].value).toEqual({ data: { changed: { state: 'ON_THE_WAY for CONSUMER' } } });
    expect(results[50].value).toEqual({ data: { changed: { state: 'ON_THE_WAY for ADMIN' } } });

    // A new event object is a new answer.
    const next = [consumers[0].next(), consumers[1].next()];
    feed.publish({ state: 'ARRIVED' });
    expect((await Promise.all(next)).map((result) => result.value as ExecutionResult)).toEqual([
      { data: { changed: { state: 'ARRIVED for CONSUMER' } } },
      { data: { changed: { state: 'ARRIVED for CONSUMER' } } },
    ]);
    expect(feed.resolved()).toBe(3);
  });

  it('lets go of the feed as soon as a stream closes, even while it waits for an event', async () => {
    const feed = arrange();
    const stream = await feed.open('TECHNICIAN');
    const waiting = stream.next();
    await stream.return();
    expect(feed.listening()).toBe(0);
    expect(feed.ended).toEqual(['TECHNICIAN']);
    await expect(waiting).resolves.toMatchObject({ done: true });
  });
});
