import { randomBytes } from 'node:crypto';
import type { GraphQLResponseBody, HttpResult, RequestOptions } from './http.js';

/** File content: whole, or produced piece by piece (so a test can send a large file without holding it). */
export type FileContent = string | Uint8Array | AsyncIterable<string | Uint8Array>;

export interface UploadFile {
  name: string;
  content: FileContent;
  type?: string;
}

const encoder = new TextEncoder();

async function* piecesOf(content: FileContent): AsyncGenerator<Uint8Array> {
  if (typeof content === 'string') yield encoder.encode(content);
  else if (content instanceof Uint8Array) yield content;
  else for await (const piece of content) yield typeof piece === 'string' ? encoder.encode(piece) : piece;
}

/** A multipart/form-data body, streamed: text fields first, then the file. */
export function multipartBody(fields: Record<string, string>, fileField: string, file: UploadFile) {
  const boundary = `----tijdvak${randomBytes(12).toString('hex')}`;
  async function* parts(): AsyncGenerator<Uint8Array> {
    for (const [name, value] of Object.entries(fields)) {
      yield encoder.encode(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`);
    }
    yield encoder.encode(
      `--${boundary}\r\nContent-Disposition: form-data; name="${fileField}"; filename="${file.name}"\r\n` +
        `Content-Type: ${file.type ?? 'text/csv'}\r\n\r\n`,
    );
    yield* piecesOf(file.content);
    yield encoder.encode(`\r\n--${boundary}--\r\n`);
  }
  return { contentType: `multipart/form-data; boundary=${boundary}`, body: toStream(parts()) };
}

export function toStream(pieces: AsyncIterable<Uint8Array>): ReadableStream<Uint8Array> {
  const iterator = pieces[Symbol.asyncIterator]();
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      const { done, value } = await iterator.next();
      if (done) controller.close();
      else controller.enqueue(value);
    },
    async cancel() {
      await iterator.return?.();
    },
  });
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

/**
 * A GraphQL multipart request (the graphql-multipart-request-spec graphql-upload implements): the
 * operation with `variables[fileVariable] = null`, a map, and the file, over real HTTP. A whole file goes
 * with the body's length declared, as a browser sends a form; one given piece by piece is streamed
 * (chunked, no length).
 */
export async function postGraphQLUpload<TData = Record<string, unknown>>(
  baseUrl: string,
  query: string,
  variables: Record<string, unknown>,
  fileVariable: string,
  file: UploadFile,
  options: RequestOptions = {},
): Promise<HttpResult<GraphQLResponseBody<TData>>> {
  const { contentType, body } = multipartBody(
    {
      operations: JSON.stringify({ query, variables: { ...variables, [fileVariable]: null } }),
      map: JSON.stringify({ 0: [`variables.${fileVariable}`] }),
    },
    '0',
    file,
  );
  const whole = typeof file.content === 'string' || file.content instanceof Uint8Array;
  const response = await fetch(`${baseUrl}/graphql`, {
    method: 'POST',
    headers: { 'content-type': contentType, 'apollo-require-preflight': 'true', ...authHeaders(options) },
    body: whole ? new Uint8Array(await new Response(body).arrayBuffer()) : body,
    duplex: 'half',
    signal: options.signal,
  } as RequestInit);
  return {
    status: response.status,
    body: (await readBody(response)) as GraphQLResponseBody<TData>,
    headers: response.headers,
  };
}

/** A legacy upload call: the file in a multipart field, or (`field: null`) as the raw body. */
export async function postRestUpload<TBody = unknown>(
  baseUrl: string,
  path: string,
  field: string | null,
  file: UploadFile,
  options: RequestOptions = {},
): Promise<HttpResult<TBody>> {
  const { contentType, body } =
    field === null
      ? { contentType: file.type ?? 'text/csv', body: toStream(piecesOf(file.content)) }
      : multipartBody({}, field, file);
  const response = await fetch(`${baseUrl}${path}`, {
    method: 'POST',
    headers: { 'content-type': contentType, ...authHeaders(options) },
    body,
    duplex: 'half',
    signal: options.signal,
  } as RequestInit);
  return { status: response.status, body: (await readBody(response)) as TBody, headers: response.headers };
}
