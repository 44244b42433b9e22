import { IncomingMessage, ServerResponse } from 'node:http';
import type { ErrorRequestHandler, Express, NextFunction, Request, RequestHandler, Response } from 'express';
import { match, type MatchFunction } from 'path-to-regexp';
import { isThenable } from '../thenable.js';

/** A method (or every method) and a path pattern in express's syntax, with the handlers that answer it in turn. */
export interface Route {
  method: 'all' | 'get' | 'post' | 'put' | 'patch' | 'delete';
  path: string;
  handlers: readonly RequestHandler[];
}

/**
 * The classes an HTTP server makes its requests and answers from (`createServer`'s options), whose prototypes become
 * the app's request and response (`adopt`) once it is made: express switches the prototype of each request and answer
 * it handles, and that switch changes the object's shape every time, a thirtieth of a lookup's CPU. The request router
 * takes messages made from these as they are; express still switches its prototypes in for the requests it routes.
 */
export function expressShapedMessages(): {
  IncomingMessage: typeof IncomingMessage;
  ServerResponse: typeof ServerResponse;
  adopt(app: Express): void;
} {
  class AppRequest extends IncomingMessage {}
  class AppResponse<Incoming extends IncomingMessage = IncomingMessage> extends ServerResponse<Incoming> {}
  return {
    IncomingMessage: AppRequest,
    ServerResponse: AppResponse,
    adopt(app) {
      Object.setPrototypeOf(AppRequest.prototype, app.request);
      Object.setPrototypeOf(AppResponse.prototype, app.response);
    },
  };
}

/** Whether `prototype` is on `value`'s chain (a message made from `expressShapedMessages`' classes). */
const isPrototypeOf = (prototype: object, value: object): boolean =>
  Object.prototype.isPrototypeOf.call(prototype, value);

/** A parameter as express decodes it: a malformed escape is the caller's 400. */
function decodeParam(value: string): string {
  if (!value.includes('%')) return value;
  try {
    return decodeURIComponent(value);
  } catch {
    throw Object.assign(new Error(`Failed to decode param '${value}'`), { status: 400, statusCode: 400 });
  }
}

interface PreparedRoute {
  method: string | undefined;
  handlers: readonly RequestHandler[];
  /** `req.route` as express's router leaves it (the metrics label the request with its path), made once. */
  expressRoute: Readonly<{ path: string }>;
  matches: MatchFunction<Partial<Record<string, string | string[]>>>;
}

/** The method a route of `method` answers, upper case; HEAD is answered by GET's route, as in express. */
const answers = (route: PreparedRoute, method: string) =>
  route.method === undefined || route.method === method || (method === 'HEAD' && route.method === 'GET');

/**
 * The API's routes (GraphQL and the REST shim), each mounted here once and matched as express's router matches them
 * (case-insensitive, a trailing slash allowed, the query string aside, parameters decoded), without walking express's
 * layers: for every request express's router matches each layer's path and wraps each call, a twentieth of a lookup's
 * CPU. A matching request gets express's request and response methods as express gives them, and its handlers run
 * in turn with the router's contract: `next()` goes on, `next(error)`, a throw or a rejected promise goes to
 * `onError` (express's last error handler). Every other request goes to `app` (health, the built client, the streams).
 */
export function requestRouter(
  app: Express,
  routes: readonly Route[],
  onError: ErrorRequestHandler,
): (req: IncomingMessage, res: ServerResponse) => void {
  const prepared: PreparedRoute[] = routes.map((route) => ({
    method: route.method === 'all' ? undefined : route.method.toUpperCase(),
    handlers: route.handlers,
    expressRoute: Object.freeze({ path: route.path }),
    matches: match(route.path.replace(/\/+$/, '') || '/', {
      sensitive: false,
      end: true,
      trailing: true,
      decode: decodeParam,
    }),
  }));
  // The paths most requests come with (no parameter, no query string), by method and path: one lookup, no matching.
  const exact = new Map<string, PreparedRoute>();
  for (const route of prepared) {
    if (/[:*{}]/.test(route.expressRoute.path)) continue;
    for (const method of route.method ? [route.method] : ['GET', 'POST']) {
      const key = `${method} ${route.expressRoute.path}`;
      if (!exact.has(key)) exact.set(key, route);
    }
  }

  function find(method: string, url: string): { route: PreparedRoute; params: Record<string, string> } | undefined {
    const known = exact.get(`${method} ${url}`);
    if (known) return { route: known, params: {} };
    const query = url.indexOf('?');
    const path = query < 0 ? url : url.slice(0, query);
    for (const route of prepared) {
      if (!answers(route, method)) continue;
      const found = route.matches(path);
      if (!found) continue;
      const params: Record<string, string> = {};
      for (const [name, value] of Object.entries(found.params)) {
        if (typeof value === 'string') params[name] = value;
      }
      return { route, params };
    }
    return undefined;
  }

  return (incoming, outgoing) => {
    let found;
    let failure: unknown;
    try {
      found = find(incoming.method ?? 'GET', incoming.url ?? '/');
    } catch (error) {
      failure = error;
    }
    if (!found && failure === undefined) {
      app(incoming, outgoing);
      return;
    }
    const req = (
      isPrototypeOf(app.request, incoming) ? incoming : Object.setPrototypeOf(incoming, app.request)
    ) as Request;
    const res = (
      isPrototypeOf(app.response, outgoing) ? outgoing : Object.setPrototypeOf(outgoing, app.response)
    ) as Response;
    // Set one by one: no object made per request to copy them from.
    req.res = res;
    req.originalUrl = req.url;
    req.baseUrl = '';
    req.params = found?.params ?? {};
    req.route = found?.route.expressRoute;
    res.req = req;
    res.locals ??= Object.create(null) as Record<string, unknown>;
    // What express's final handler does with an error its handlers passed on: the connection cannot carry more.
    const unhandled = () => {
      if (res.headersSent) req.socket.destroy();
      else res.status(500).end();
    };
    if (!found) {
      onError(failure, req, res, unhandled);
      return;
    }
    const { handlers } = found.route;
    let index = 0;
    const next: NextFunction = (error?: unknown) => {
      if (error !== undefined && error !== null) {
        onError(error, req, res, unhandled);
        return;
      }
      const handler = handlers[index++];
      if (!handler) {
        onError(Object.assign(new Error('No handler answered'), { status: 404 }), req, res, unhandled);
        return;
      }
      try {
        const result: unknown = handler(req, res, next);
        if (isThenable(result)) result.then(undefined, (reason: unknown) => next(reason ?? new Error('Rejected')));
      } catch (error) {
        next(error);
      }
    };
    next();
  };
}
