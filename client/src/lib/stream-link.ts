import { ApolloLink } from '@apollo/client';
import { print } from 'graphql';
import { createClient } from 'graphql-sse';
import { Observable } from 'rxjs';

/** Waits after a stream that failed grow from 1 s, doubling, to this; after this many failures in a row it gives up. */
const STREAM_RETRY = { maxWaitMs: 30_000, maxFailures: 8 };

/**
 * What a subscribing component may hand the link in the operation's context: called on every (re)connection of
 * the stream. Changes made while it was away are not sent again, so the component reads its state anew then.
 */
export interface StreamContext {
  onStreamConnected?: () => void;
}

/**
 * Subscriptions over server-sent events at `/graphql/stream` (graphql-sse, one request per subscription). The
 * server ends a stream at its deadline, at a restart, or when changes may have been missed: the link opens it
 * again at once, and after a failed connection after a growing wait, so a subscribing component sees one
 * subscription for as long as it is mounted. An answer refused by the server (a role that may not follow the
 * stream) is handed on and ends the subscription: asking again would be refused again.
 */
export class StreamLink extends ApolloLink {
  private readonly client: ReturnType<typeof createClient>;

  constructor(headers: () => Record<string, string>) {
    super();
    this.client = createClient({ url: '/graphql/stream', headers, retryAttempts: 0, credentials: 'same-origin' });
  }

  override request(operation: ApolloLink.Operation): Observable<ApolloLink.Result> {
    const { onStreamConnected } = operation.getContext() as StreamContext;
    const request = {
      query: print(operation.query),
      variables: operation.variables,
      ...(operation.operationName ? { operationName: operation.operationName } : {}),
    };
    return new Observable<ApolloLink.Result>((sink) => {
      let stopped = false;
      let failures = 0;
      let refused = false;
      let retry: ReturnType<typeof setTimeout> | undefined;
      let unsubscribe = () => undefined as void;
      const again = (wait: number) => {
        if (stopped) return;
        retry = setTimeout(start, wait);
      };
      const start = () => {
        unsubscribe = this.client.subscribe<Record<string, unknown>>(
          request,
          {
            next: ({ data, errors }) => {
              if (!data && errors?.length) refused = true;
              // The errors arrive as JSON: their formatted fields are all they carry.
              const formatted = errors?.map(({ message, path, extensions }) => ({ message, path, extensions }));
              sink.next({ data, ...(formatted ? { errors: formatted } : {}) });
            },
            error: (error: unknown) => {
              failures += 1;
              if (failures > STREAM_RETRY.maxFailures) {
                sink.error(error);
                return;
              }
              again(Math.min(1_000 * 2 ** (failures - 1), STREAM_RETRY.maxWaitMs));
            },
            complete: () => {
              if (refused) sink.complete();
              else again(0);
            },
          },
          {
            connected: () => {
              failures = 0;
              onStreamConnected?.();
            },
          },
        );
      };
      start();
      return () => {
        stopped = true;
        clearTimeout(retry);
        unsubscribe();
      };
    });
  }
}
