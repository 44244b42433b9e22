import { ApolloProvider } from '@apollo/client/react';
import { useMemo, type ReactNode } from 'react';
import { useNavigate } from 'react-router-dom';
import { createApolloClient } from '../apollo';
import { useI18n } from '../i18n/i18n';
import { clearStorage, type TokenKind } from '../lib/storage';

/**
 * The GraphQL client of one area, sending that area's token. When the server refuses the token
 * (expired or revoked), storage is cleared (or what `endSession` says) and the user goes to the area's entry page.
 */
export function AreaApollo({
  token,
  onExpired,
  endSession = clearStorage,
  children,
}: {
  token: TokenKind;
  onExpired: string;
  endSession?: () => void;
  children: ReactNode;
}) {
  const { language } = useI18n();
  const navigate = useNavigate();
  const client = useMemo(
    () =>
      createApolloClient({
        token,
        language,
        onUnauthenticated: () => {
          endSession();
          navigate(onExpired, { replace: true });
        },
      }),
    [token, language, navigate, onExpired, endSession],
  );
  return <ApolloProvider client={client}>{children}</ApolloProvider>;
}
