import { request } from 'node:http';

/**
 * A GraphQL POST with a chosen Host header (fetch does not let callers set Host), for testing what
 * the server takes from the host name: country, language, and what it must not take (mail links).
 */
export function postGraphQLWithHost<TBody = { data?: Record<string, unknown>; errors?: unknown[] }>(
  baseUrl: string,
  host: string,
  query: string,
  variables: Record<string, unknown>,
  token?: string,
): Promise<{ status: number; body: TBody }> {
  const url = new URL('/graphql', baseUrl);
  const payload = JSON.stringify({ query, variables });
  return new Promise((resolve, reject) => {
    const req = request(
      url,
      {
        method: 'POST',
        headers: {
          host,
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(payload),
          ...(token ? { authorization: `Bearer ${token}` } : {}),
        },
      },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (text += chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: JSON.parse(text) as TBody }));
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
}
