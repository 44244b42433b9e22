import { once } from 'node:events';
import { connect, type Socket } from 'node:net';

/** A download whose client read the answer's head and then stopped reading. */
export interface PausedDownload {
  status: number;
  /** The answer's head (status line and headers), lower-cased header names. */
  headers: Record<string, string>;
  /** Everything received so far (head included), as latin1. */
  received(): string;
  /** Whether the connection has ended (by the server, seen once reading resumes). */
  readonly ended: boolean;
  /**
   * Starts reading again and waits at most `waitMs` for the connection to end. `complete` says whether
   * the chunked body got its final chunk, i.e. the server finished the answer instead of cutting it off.
   */
  resume(waitMs: number): Promise<{ ended: boolean; complete: boolean; bytes: number }>;
  socket: Socket;
}

/**
 * GET `path` over a raw socket, read until the answer's head has arrived, then stop reading. The
 * socket's receive buffer fills (an unread socket keeps its small initial window) and the server's
 * writes back up: its stream waits, as it does for a browser whose user walked away.
 */
export async function pausedDownload(
  baseUrl: string,
  path: string,
  headers: Record<string, string>,
): Promise<PausedDownload> {
  const url = new URL(baseUrl);
  const socket = connect({ port: Number(url.port), host: url.hostname });
  await once(socket, 'connect');
  let text = '';
  let ended = false;
  socket.on('data', (chunk: Buffer) => (text += chunk.toString('latin1')));
  socket.on('error', () => undefined);
  socket.on('close', () => (ended = true));
  const head = Object.entries({ host: 'localhost', ...headers })
    .map(([name, value]) => `${name}: ${value}\r\n`)
    .join('');
  socket.write(`GET ${path} HTTP/1.1\r\n${head}\r\n`);
  const started = Date.now();
  while (!text.includes('\r\n\r\n') && !ended) {
    if (Date.now() - started > 10_000) throw new Error('no answer head within 10 s');
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
  socket.pause();
  const headEnd = text.indexOf('\r\n\r\n');
  const [statusLine = '', ...headerLines] = text.slice(0, headEnd).split('\r\n');
  return {
    status: Number(/^HTTP\/1\.1 (\d{3})/.exec(statusLine)?.[1] ?? 0),
    headers: Object.fromEntries(
      headerLines.map((line) => {
        const colon = line.indexOf(':');
        return [line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim()];
      }),
    ),
    received: () => text,
    get ended() {
      return ended;
    },
    socket,
    async resume(waitMs) {
      socket.resume();
      // A reset connection emits 'error' before 'close' (events.once would reject on it).
      const closed = new Promise((resolve) => socket.once('close', resolve));
      if (!ended) await Promise.race([closed, new Promise((resolve) => setTimeout(resolve, waitMs))]);
      socket.destroy();
      return { ended, complete: text.endsWith('\r\n0\r\n\r\n'), bytes: text.length };
    },
  };
}
