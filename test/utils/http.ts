export interface GraphQLResponseBody<TData> {
  data?: TData | null;
  errors?: { message: string; path?: (string | number)[]; extensions?: Record<string, unknown> }[];
}

export interface HttpResult<TBody> {
  status: number;
  body: TBody;
  headers: Headers;
}

export interface RequestOptions {
  token?: string;
  headers?: Record<string, string>;
  /** Aborts the request (a client that goes away). */
  signal?: AbortSignal;
}

function authHeaders(options: RequestOptions): Record<string, string> {
  return { ...(options.token ? { authorization: `Bearer ${options.token}` } : {}), ...options.headers };
}

async function readBody(response: Response): Promise<unknown> {
  const text = await response.text();
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/** A GraphQL request over real HTTP, as an integrator would send it. */
export async function postGraphQL<TData = Record<string, unknown>>(
  baseUrl: string,
  query: string,
  variables: Record<string, unknown> = {},
  options: RequestOptions = {},
): Promise<HttpResult<GraphQLResponseBody<TData>>> {
  const response = await fetch(`${baseUrl}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...authHeaders(options) },
    body: JSON.stringify({ query, variables }),
  });
  return {
    status: response.status,
    body: (await readBody(response)) as GraphQLResponseBody<TData>,
    headers: response.headers,
  };
}

export interface RestOptions extends RequestOptions {
  /** Sent form-encoded, as the legacy client does. */
  form?: Record<string, string>;
  json?: unknown;
}

/** A legacy REST call over real HTTP. */
export async function callRest<TBody = unknown>(
  baseUrl: string,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  path: string,
  options: RestOptions = {},
): Promise<HttpResult<TBody>> {
  const headers = authHeaders(options);
  let body: string | undefined;
  if (options.form) {
    headers['content-type'] = 'application/x-www-form-urlencoded';
    body = new URLSearchParams(options.form).toString();
  } else if (options.json !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(options.json);
  }
  const response = await fetch(`${baseUrl}${path}`, { method, headers, body, redirect: 'manual' });
  return { status: response.status, body: (await readBody(response)) as TBody, headers: response.headers };
}
