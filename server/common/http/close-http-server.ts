import type { Server } from 'node:http';

/** How often a closing server looks for kept-alive connections whose last answer has gone out. */
const IDLE_SWEEP_MS = 100;

/**
 * Stops taking connections, lets the requests in flight finish and closes each connection once its answer has gone
 * out; what is still open after `graceMs` is cut. Resolves when the last connection has closed. Node keeps the list
 * of the server's connections and which of them are idle itself, so nothing is added to each connection or request
 * for this (a listener per connection and per request would stay with every open live stream).
 */
export function closeHttpServer(server: Server, graceMs: number): Promise<void> {
  return new Promise<void>((resolve) => {
    // Without the sweep a connection kept alive would wait out its keep-alive timeout after its last answer.
    const sweep = setInterval(() => server.closeIdleConnections(), IDLE_SWEEP_MS);
    const cut = setTimeout(() => server.closeAllConnections(), graceMs);
    server.close(() => {
      clearInterval(sweep);
      clearTimeout(cut);
      resolve();
    });
  });
}
