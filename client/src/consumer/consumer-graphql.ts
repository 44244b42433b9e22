import { useCallback, useEffect, useState } from 'react';
import type { GraphQLFormattedError } from 'graphql';
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

/** Sends one operation with the consumer's data token, the page's language and the XSRF token. */
export async function requestConsumer<TResult, TVariables>(
  document: TypedDocumentString<TResult, TVariables>,
  variables: TVariables,
  language: string,
): Promise<TResult> {
  const token = readToken('consumer');
  const xsrf = readXsrfToken();
  const response = await fetch('/graphql', {
    method: 'POST',
    credentials: 'same-origin',
    headers: {
      'content-type': 'application/json',
      accept: 'application/graphql-response+json, application/json',
      'accept-language': language,
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(xsrf ? { 'x-xsrf-token': xsrf } : {}),
    },
    body: JSON.stringify({ query: document.toString(), variables }),
  });
  const body = (await response.json()) as { data?: TResult | null; errors?: GraphQLFormattedError[] };
  if (body.errors?.length) throw new ConsumerGraphQLError(body.errors);
  if (!body.data) throw new Error(`Empty answer (${response.status})`);
  return body.data;
}

/** Runs a query once when the page mounts (always from the server: there is no cache). */
export function useConsumerQuery<TResult, TVariables>(
  document: TypedDocumentString<TResult, TVariables>,
  variables: TVariables,
): { data?: TResult; error?: unknown } {
  const { language } = useI18n();
  const [state, setState] = useState<{ data?: TResult; error?: unknown }>({});
  const key = JSON.stringify(variables);
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
  return state;
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
