import './monaco-workers';
import { createGraphiQLFetcher } from '@graphiql/toolkit';
import { GraphiQL } from 'graphiql';
import 'graphiql/style.css';
import { useEffect, useMemo, useRef } from 'react';
import { areaRequestHeaders } from '../../apollo';
import type { Language } from '../../i18n/locale';
import { mirrorInlineStyles, reapplyStyleAttributes } from './constructed-styles';

/** What the explorer opens with: a read that changes nothing and that every admin may run. */
const FIRST_QUERY = `# Run with ▶ or Ctrl-Enter.
query Explorer {
  currentAdmin {
    firstname
    lastname
    role
  }
}
`;

/**
 * GraphiQL keeps its tabs, queries and history in the browser by default; here they live only while the page is
 * open, so no answer (which can name customers) stays behind on a shared office computer.
 */
function memoryStorage() {
  const items = new Map<string, string>();
  return {
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, value),
    removeItem: (key: string) => void items.delete(key),
    clear: () => items.clear(),
    get length() {
      return items.size;
    },
  };
}

/**
 * The GraphiQL explorer on /graphql with the admin's own session (the console's token and XSRF token, read for every
 * request). Headers typed in its headers editor go on top, so an admin can try an application's key too. Loaded
 * only when the explorer page opens: Monaco is large.
 */
export default function GraphiqlExplorer({ language }: { language: Language }) {
  const container = useRef<HTMLDivElement>(null);
  useEffect(() => mirrorInlineStyles(), []);
  useEffect(() => (container.current ? reapplyStyleAttributes(container.current) : undefined), []);
  const fetcher = useMemo(
    () =>
      createGraphiQLFetcher({
        url: '/graphql',
        fetch: (input, init) =>
          fetch(input, {
            ...init,
            credentials: 'same-origin',
            headers: { ...areaRequestHeaders('admin', language), ...(init?.headers as Record<string, string>) },
          }),
      }),
    [language],
  );
  const storage = useMemo(() => memoryStorage(), []);
  return (
    <div className="api-explorer" lang="en" ref={container}>
      <GraphiQL
        fetcher={fetcher}
        storage={storage}
        defaultQuery={FIRST_QUERY}
        shouldPersistHeaders={false}
        showPersistHeadersSettings={false}
        forcedTheme="light"
      />
    </div>
  );
}
