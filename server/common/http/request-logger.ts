import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Logger } from 'pino';
import { msSinceArrival } from './answer-timing.js';

/**
 * The caller's X-Request-Id when it is a plain token, else a new one. Node joins a new UUID from twenty pieces, which
 * stay apart (half a kilobyte) until something reads the text whole; the id is kept for the request's whole life,
 * hours for a live stream, so it is made whole at once (a lower-case UUID is its own lower case, in one piece).
 */
function requestIdOf(req: IncomingMessage): string {
  const given = req.headers['x-request-id'];
  return typeof given === 'string' && /^[\w-]{1,64}$/.test(given) ? given : randomUUID().toLowerCase();
}

declare module 'node:http' {
  interface IncomingMessage {
    /** The request's id: the caller's X-Request-Id when it is a plain token, else a new one. */
    id: string;
    /** A logger bound to the request. */
    log: Logger;
  }
}

/** Never bodies, tokens or cookies. */
const serializers = {
  req: (req: { id: string; method: string; url: string }) => ({
    id: req.id,
    method: req.method,
    // Reset tokens and personal links travel in paths (/admin/newpassword/<token>, /v/<token>): keep them
    // out of the log.
    url: req.url
      .replace(/(newpassword\/)[^/?#]+/i, '$1[redacted]')
      .replace(/^(\/v\/)[^/?#]+/, '$1[redacted]')
      .split('?')[0],
  }),
  res: (res: { statusCode: number }) => ({ statusCode: res.statusCode }),
};

const levelOf = (res: { statusCode: number }, error?: unknown) => (error || res.statusCode >= 500 ? 'error' : 'info');

/** Health checks come every few seconds from the balancer and the service manager: not a line each. */
const UNLOGGED = new Set(['/healthz', '/readyz']);

/**
 * One line per request, with its request id; never bodies, tokens or cookies. Written through one logger made at
 * start-up with the request's fields in it, not a child logger made per request; `req.log` (a child
 * bound to the request, for a failure to log) is made only when something reads it. Its time is from the request's
 * arrival as the edge noted it (answer-timing.ts).
 */
export function requestLogger(logger: Logger) {
  const lines = logger.child({}, { serializers });
  // One getter for every request, reading the request from `this`. A getter made per request gave each request
  // object a hidden class of its own, reachable from the shared one: the garbage collector's young generation then
  // kept every request's objects until the next full collection, which ran every few seconds under load and paused
  // the server for up to tens of milliseconds (docs/decisions/performance.md, Performance: what every request no
  // longer pays).
  const childLogs = new WeakMap<IncomingMessage, Logger>();
  function requestLog(this: IncomingMessage): Logger {
    let child = childLogs.get(this);
    if (!child) childLogs.set(this, (child = lines.child({ req: this })));
    return child;
  }
  // 'close' comes once for every answer, a tick after 'finish' or when the connection was lost before it: one
  // listener, never taken off (the answer goes with it), the same function for every answer (a closure per request
  // would stay with every open live stream).
  function answerClosed(this: ServerResponse): void {
    const level = levelOf(this);
    if (!lines.isLevelEnabled(level)) return;
    const { req } = this;
    const responseTime = Math.round(msSinceArrival(this));
    if (level === 'error') {
      const err = new Error(`failed with status code ${this.statusCode}`);
      lines.error({ req, res: this, err, responseTime }, 'request errored');
    } else {
      const message = !req.readableAborted && this.writableEnded ? 'request completed' : 'request aborted';
      lines.info({ req, res: this, responseTime }, message);
    }
  }
  return (req: IncomingMessage, res: ServerResponse): void => {
    req.id = requestIdOf(req);
    Object.defineProperty(req, 'log', { configurable: true, enumerable: true, get: requestLog });
    if (UNLOGGED.has(req.url ?? '')) return;
    res.on('close', answerClosed);
  };
}
