import { useCallback, useEffect, useRef, useState } from 'react';
import type { GraphQLFormattedError } from 'graphql';
import type { Client } from 'graphql-sse';
import { useI18n } from '../i18n/i18n';
import { readToken } from '../lib/storage';
import { readXsrfToken } from '../lib/xsrf';
import type { TypedDocumentString } from './gql/graphql';

/**
 * The consumer area talks GraphQL without Apollo Client: a page that only looks up an address and
 * shows its visits needs no cache, and leaving Apollo out keeps the first page small (benchmark 5 in
 * docs/performance.md). Operations are still typed by codegen (client/src/consumer/gql).
 */

/** The server answered with GraphQL errors; `errors` reads like Apollo's, so problemOf handles both. */
export class ConsumerGraphQLError extends Error {
  constructor(readonly errors: readonly GraphQLFormattedError[]) {
    super(errors[0]?.message ?? 'GraphQL error');
  }
}

/** The consumer's data token, the page's language and the XSRF token, for every request. */
function consumerHeaders(language: string): Record<string, string> {
  const token = readToken('consumer');
  const xsrf = readXsrfToken();
  return {
    'accept-language': language,
    ...(token ? { authorization: `Bearer ${token}` } : {}),
    ...(xsrf ? { 'x-xsrf-token': xsrf } : {}),
  };
}

/** Sends one operation with the consumer's data token, the page's language and the XSRF token. */
export async function requestConsumer<TResult, TVariables>(
  document: TypedDocumentString<TResult, TVariables>,
  variables: TVariables,
  language: string,
): Promise<TResult> {
  const response = await fetch('/graphql', {
    method: 'POST',
    credentials: 'same-origin',
    headers: {
      'content-type': 'application/json',
      accept: 'application/graphql-response+json, application/json',
      ...consumerHeaders(language),
    },
    body: JSON.stringify({ query: document.toString(), variables }),
  });
  const body = (await response.json()) as { data?: TResult | null; errors?: GraphQLFormattedError[] };
  if (body.errors?.length) throw new ConsumerGraphQLError(body.errors);
  if (!body.data) throw new Error(`Empty answer (${response.status})`);
  return body.data;
}

/**
 * Runs a query once when the page mounts (always from the server: there is no cache). `refetch` reads it
 * again and keeps the answer shown when the new one fails (a live page reads anew on every reconnection).
 */
export function useConsumerQuery<TResult, TVariables>(
  document: TypedDocumentString<TResult, TVariables>,
  variables: TVariables,
): { data?: TResult; error?: unknown; refetch: () => void } {
  const { language } = useI18n();
  const [state, setState] = useState<{ data?: TResult; error?: unknown }>({});
  const key = JSON.stringify(variables);
  const refetch = useCallback(() => {
    requestConsumer(document, JSON.parse(key) as TVariables, language).then(
      (data) => setState({ data }),
      () => undefined,
    );
  }, [document, key, language]);
  useEffect(() => {
    let current = true;
    requestConsumer(document, JSON.parse(key) as TVariables, language).then(
      (data) => current && setState({ data }),
      (error: unknown) => current && setState({ error }),
    );
    return () => {
      current = false;
    };
  }, [document, key, language]);
  return { ...state, refetch };
}

/** Waits after a stream that failed grow from 1 s, doubling, to this; after this many failures in a row it stops. */
const STREAM_RETRY = { maxWaitMs: 30_000, maxFailures: 8 };

/**
 * Follows a subscription over server-sent events (`/graphql/stream`) while `enabled`. `onConnected` runs on
 * every (re)connection: changes made while away are not sent again, so the page reads its state anew then.
 * A stream the server ends (its deadline, a restart) is opened again at once; one that fails, after a wait.
 */
export function useConsumerSubscription<TResult, TVariables>(
  document: TypedDocumentString<TResult, TVariables>,
  variables: TVariables,
  handlers: { onData: (data: TResult) => void; onConnected: () => void },
  enabled: boolean,
): void {
  const { language } = useI18n();
  const latest = useRef(handlers);
  useEffect(() => {
    latest.current = handlers;
  });
  const key = JSON.stringify(variables);
  useEffect(() => {
    if (!enabled) return;
    let client: Client | undefined;
    let stopped = false;
    let failures = 0;
    let retry: ReturnType<typeof setTimeout> | undefined;
    let unsubscribe = () => undefined as void;
    const again = (wait: number) => {
      if (stopped || failures > STREAM_RETRY.maxFailures) return;
      retry = setTimeout(start, wait);
    };
    function start() {
      if (!client) return;
      unsubscribe = client.subscribe<TResult>(
        { query: document.toString(), variables: JSON.parse(key) as Record<string, unknown> },
        {
          next: (result) => {
            if (result.data) latest.current.onData(result.data);
          },
          error: () => {
            failures += 1;
            again(Math.min(1_000 * 2 ** (failures - 1), STREAM_RETRY.maxWaitMs));
          },
          complete: () => again(0),
        },
        {
          connected: () => {
            failures = 0;
            latest.current.onConnected();
          },
        },
      );
    }
    // The stream's library is loaded when a page first follows a visit: the address form never needs it, and it
    // was about 3 KB of the first page's script. Should the load fail (a lost connection), the page keeps what it read.
    import('graphql-sse').then(
      ({ createClient }) => {
        if (stopped) return;
        client = createClient({ url: '/graphql/stream', headers: () => consumerHeaders(language), retryAttempts: 0 });
        start();
      },
      () => undefined,
    );
    return () => {
      stopped = true;
      clearTimeout(retry);
      unsubscribe();
      client?.dispose();
    };
  }, [document, key, language, enabled]);
}

/** A mutation to run on demand, and whether it is running. */
export function useConsumerMutation<TResult, TVariables>(
  document: TypedDocumentString<TResult, TVariables>,
): [(variables: TVariables) => Promise<TResult>, { loading: boolean }] {
  const { language } = useI18n();
  const [loading, setLoading] = useState(false);
  const mutate = useCallback(
    async (variables: TVariables) => {
      setLoading(true);
      try {
        return await requestConsumer(document, variables, language);
      } finally {
        setLoading(false);
      }
    },
    [document, language],
  );
  return [mutate, { loading }];
}
