import type { IncomingMessage, ServerResponse } from 'node:http';
import helmet from 'helmet';

/**
 * Strict headers for everything we serve: scripts, styles and connections only from our origin,
 * no framing, no <base> tricks.
 */
function helmetMiddleware() {
  return helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        'default-src': ["'self'"],
        'base-uri': ["'none'"],
        'frame-ancestors': ["'none'"],
        'object-src': ["'none'"],
        'form-action': ["'self'"],
        'script-src': ["'self'"],
        'style-src': ["'self'"],
        'img-src': ["'self'", 'data:'],
        'font-src': ["'self'"],
        'connect-src': ["'self'"],
      },
    },
    // Served over plain HTTP on localhost in development; HSTS belongs to the TLS terminator.
    strictTransportSecurity: false,
    crossOriginEmbedderPolicy: false,
  });
}

/** What helmet does to an answer: the headers it sets and those it removes. */
export interface SecurityHeaderPreset {
  set: readonly (readonly [name: string, value: string])[];
  removed: readonly string[];
}

/**
 * Helmet's headers, worked out once: helmet runs eleven middlewares per request to set the same fixed values
 * (none depends on the request: no nonce), so it is run once on a recording answer at start-up and the result
 * written per request. Derived from helmet itself, so the headers cannot drift from its configuration.
 */
export function securityHeaderPreset(): SecurityHeaderPreset {
  const set: [string, string][] = [];
  const removed: string[] = [];
  const recorder = {
    setHeader(name: string, value: unknown) {
      set.push([name, String(value)]);
      return recorder;
    },
    removeHeader(name: string) {
      removed.push(name);
    },
  };
  let finished = false;
  helmetMiddleware()({} as IncomingMessage, recorder as unknown as ServerResponse, (error?: unknown) => {
    if (error) throw error instanceof Error ? error : new Error('helmet refused its own configuration');
    finished = true;
  });
  // Helmet is synchronous; a version that is not would leave headers unwritten here.
  if (!finished) throw new Error('helmet did not finish synchronously: its headers cannot be preset');
  return { set, removed };
}

/** Writes the preset's headers on an answer. */
export function writeSecurityHeaders(res: ServerResponse, preset: SecurityHeaderPreset): void {
  for (const name of preset.removed) res.removeHeader(name);
  for (const [name, value] of preset.set) res.setHeader(name, value);
}
