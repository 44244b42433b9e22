import { ApolloClient, ApolloLink, HttpLink, InMemoryCache } from '@apollo/client';
import { CombinedGraphQLErrors } from '@apollo/client/errors';
import { SetContextLink } from '@apollo/client/link/context';
import { ErrorLink } from '@apollo/client/link/error';
import { getMainDefinition } from '@apollo/client/utilities';
import { Kind, OperationTypeNode } from 'graphql';
import type { Language } from './i18n/locale';
import { pagedListPolicies } from './lib/paging';
import { readToken, type TokenKind } from './lib/storage';
import { StreamLink } from './lib/stream-link';
import { readXsrfToken } from './lib/xsrf';

export interface ApolloOptions {
  /** Which stored token this area sends: each area talks to the server in its own role. */
  token: TokenKind;
  language: Language;
  /** Called when the server no longer accepts the stored token (expired, revoked). */
  onUnauthenticated?: () => void;
}

/**
 * What every GraphQL request of an area sends: its language, its stored token and the XSRF token. Read anew for
 * every request: the token and the XSRF cookie can change while a client lives. The console's API explorer sends the
 * same, so it acts with the admin's own session.
 */
export function areaRequestHeaders(token: TokenKind, language: Language): Record<string, string> {
  const stored = readToken(token);
  const xsrf = readXsrfToken();
  return {
    'accept-language': language,
    ...(stored ? { authorization: `Bearer ${stored}` } : {}),
    ...(xsrf ? { 'x-xsrf-token': xsrf } : {}),
  };
}

/** One client per area, so caches and tokens of different roles never mix. */
export function createApolloClient(options: ApolloOptions): ApolloClient {
  const areaHeaders = () => areaRequestHeaders(options.token, options.language);
  const headers = new SetContextLink((previous) => ({
    headers: { ...(previous.headers as Record<string, string> | undefined), ...areaHeaders() },
  }));
  const unauthenticated = new ErrorLink(({ error }) => {
    if (
      CombinedGraphQLErrors.is(error) &&
      error.errors.some((item) => item.extensions?.code === 'UNAUTHENTICATED') &&
      readToken(options.token)
    ) {
      options.onUnauthenticated?.();
    }
  });
  return new ApolloClient({
    link: ApolloLink.from([
      unauthenticated,
      // Subscriptions travel as server-sent events (/graphql/stream); queries and mutations as plain requests.
      ApolloLink.split(
        ({ query }) => {
          const definition = getMainDefinition(query);
          return (
            definition.kind === Kind.OPERATION_DEFINITION && definition.operation === OperationTypeNode.SUBSCRIPTION
          );
        },
        new StreamLink(areaHeaders),
        ApolloLink.from([headers, new HttpLink({ uri: '/graphql', credentials: 'same-origin' })]),
      ),
    ]),
    cache: new InMemoryCache({
      // A country has one message setting: the country is its key (the type has no id).
      typePolicies: { ...pagedListPolicies, MessageSetting: { keyFields: ['country'] } },
    }),
    defaultOptions: {
      watchQuery: { fetchPolicy: 'cache-and-network' },
    },
  });
}
