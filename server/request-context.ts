import type { EntityManager } from '@mikro-orm/postgresql';
import type { Request, Response } from 'express';
import type { Logger } from 'pino';
import { authenticate, technicianSessionOf } from './accounts/index.js';
import { clientKeyOf } from './common/http/client-address.js';
import { languageFromRequest, localeFromHost } from './common/locale.js';
import type { Viewer } from './common/auth/viewer.js';
import type { AppContext, AppServices, RequestCookies } from './context.js';

/** Where a request keeps its caller once asked: a symbol, so nothing else reads or clashes with it. */
const VIEWER = Symbol('viewer');

/**
 * The caller of a request, authenticated once however many of its steps ask: an upload's admission reads it before
 * the body, its operation's context after. A technician's check is a statement on the pool: twenty photos arriving
 * at once made forty, and the consumers' lookups waited for connections behind them. Kept on the request itself (a
 * long-lived WeakMap keyed by requests would keep them alive until a full collection).
 */
export function requestViewer(req: Request, services: AppServices): Promise<Viewer | null> {
  const { authorization } = req.headers;
  // An anonymous request (a consumer's lookup, the busiest) adds nothing to its request.
  if (authorization === undefined) return ANONYMOUS;
  const asked = req as Request & { [VIEWER]?: Promise<Viewer | null> };
  return (asked[VIEWER] ??= authenticate(authorization, services));
}

const ANONYMOUS: Promise<Viewer | null> = Promise.resolve(null);

/** Cookies a service may read and set: never readable by scripts, never sent by other sites. */
function cookiesOf(req: Request, res: Response): RequestCookies {
  const received = (req.cookies ?? {}) as Record<string, string | undefined>;
  return {
    get: (name) => received[name],
    set: (name, value, maxAgeSeconds) =>
      res.cookie(name, value, {
        maxAge: maxAgeSeconds * 1000,
        httpOnly: true,
        sameSite: 'strict',
        secure: req.secure,
        path: '/',
      }),
  };
}

/**
 * Holds what a request makes only when something reads it: its entity manager, forked on first use (the lookup and
 * the schedule never use it: plain statements on the pool; a fork per request was 2-3 % of a lookup's CPU), and its
 * logger (a child bound to the request, needed only to log a failure). The getters live on the prototype: Apollo
 * runs each operation on a shallow copy of the context (`Object.assign`), which would read own getters; the copy
 * shares what was made through the functions.
 */
class RequestContextBase {
  constructor(
    private readonly forkOnce: () => EntityManager,
    private readonly loggerOnce: () => Logger,
  ) {}

  get em(): EntityManager {
    return this.forkOnce();
  }

  get log(): Logger {
    return this.loggerOnce();
  }
}

/** The context of one GraphQL or legacy REST request: its own entity manager, the caller, language and site. */
export async function createContext(
  req: Request,
  res: Response,
  services: AppServices,
  options: {
    /** A technician's token is not checked here but by the call's own statement (`AppContext.technicianSession`). */
    technicianSessionInStatement?: boolean;
  } = {},
): Promise<AppContext> {
  let em: EntityManager | undefined;
  const emOfRequest = () => (em ??= services.orm.em.fork());
  // The headers as node keeps them (lower-case names): `req.get` lower-cases each name it is asked for.
  const { host, authorization } = req.headers;
  const technicianSession = options.technicianSessionInStatement
    ? technicianSessionOf(authorization, services.tokens)
    : undefined;
  // The request edge makes `req.log` when it is first read.
  const logOfRequest = () => (req as Request & { log?: Logger }).log ?? services.logger;
  return Object.assign(new RequestContextBase(emOfRequest, logOfRequest), {
    viewer: technicianSession ? null : await requestViewer(req, services),
    technicianSession,
    language: languageFromRequest(host, req.headers['accept-language']),
    country: localeFromHost(host).country,
    clientKey: clientKeyOf(req.ip ?? req.socket.remoteAddress),
    userAgent: (req.headers['user-agent'] ?? '').slice(0, 512),
    origin: req.headers.origin,
    idempotencyKey: typeof req.headers['idempotency-key'] === 'string' ? req.headers['idempotency-key'] : undefined,
    cookies: cookiesOf(req, res),
    services,
  });
}
