import { once } from 'node:events';
import { connect } from 'node:net';

export interface RawExchange {
  /** Everything the server sent. */
  response: string;
  /** The status of the first response, or 0 when none came. */
  status: number;
  /** Whether the server closed the connection before `waitMs` passed. */
  closed: boolean;
  /** Time from the last byte written until the connection closed (or `waitMs`). */
  elapsedMs: number;
}

/**
 * Writes bytes to the server exactly as given (fetch would fix framing a hostile client breaks) and
 * waits until the server closes the connection, at most `waitMs`. The client never closes first.
 */
export async function rawExchange(baseUrl: string, bytes: string | Buffer, waitMs = 5000): Promise<RawExchange> {
  const url = new URL(baseUrl);
  const socket = connect(Number(url.port), url.hostname);
  await once(socket, 'connect');
  let response = '';
  socket.on('data', (chunk: Buffer) => (response += chunk.toString('latin1')));
  // The server may close while the client still writes (that is the point of some tests).
  socket.on('error', () => undefined);
  await new Promise<void>((resolve) => socket.write(bytes, () => resolve()));
  const started = Date.now();
  const closed = await Promise.race([
    once(socket, 'close').then(() => true),
    new Promise<boolean>((resolve) => setTimeout(() => resolve(false), waitMs)),
  ]);
  const elapsedMs = Date.now() - started;
  socket.destroy();
  const status = Number(/^HTTP\/1\.1 (\d{3})/.exec(response)?.[1] ?? 0);
  return { response, status, closed, elapsedMs };
}

/** A request head with the given headers, `Content-Length` from the body unless given. */
export function rawRequest(
  method: string,
  path: string,
  headers: Record<string, string>,
  body: string | Buffer = '',
): Buffer {
  const all = { host: 'localhost', 'content-length': String(Buffer.byteLength(body)), ...headers };
  const head = `${method} ${path} HTTP/1.1\r\n${Object.entries(all)
    .map(([name, value]) => `${name}: ${value}\r\n`)
    .join('')}\r\n`;
  return Buffer.concat([Buffer.from(head, 'latin1'), Buffer.isBuffer(body) ? body : Buffer.from(body, 'utf8')]);
}

/** The JSON body of a raw response (after the head), or undefined. */
export function jsonBodyOf(response: string): unknown {
  const start = response.indexOf('\r\n\r\n');
  if (start < 0) return undefined;
  try {
    return JSON.parse(Buffer.from(response.slice(start + 4), 'latin1').toString('utf8'));
  } catch {
    return undefined;
  }
}
