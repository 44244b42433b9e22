import type { NextFunction, Request, RequestHandler, Response } from 'express';
import { doubleCsrf } from 'csrf-csrf';

/** Names kept from the legacy portal, which its clients already send. */
export const XSRF_COOKIE = 'XSRF-TOKEN';
export const XSRF_HEADER = 'x-xsrf-token';

function utilitiesFor(secret: string, secure: boolean) {
  return doubleCsrf({
    getSecret: () => secret,
    // Authentication is by bearer token, not by session: the token only needs to be ours (HMAC).
    getSessionIdentifier: () => '',
    cookieName: XSRF_COOKIE,
    // Readable by our client, which echoes it in the X-XSRF-TOKEN header.
    cookieOptions: { sameSite: 'strict', path: '/', secure, httpOnly: false },
    getCsrfTokenFromRequest: (req) => req.get(XSRF_HEADER),
    errorConfig: { statusCode: 403, message: 'FORBIDDEN', code: 'EBADCSRFTOKEN' },
  });
}

export interface XsrfMiddleware {
  /** Sets the XSRF-TOKEN cookie when the request has no valid one. */
  issue: RequestHandler;
  /**
   * Refuses a state-changing request that carries the cookie without the matching header.
   * A caller with no cookie at all (a server-side integration) has no ambient credential to forge.
   */
  protect: RequestHandler;
}

export function createXsrf(secret: string): XsrfMiddleware {
  const plain = utilitiesFor(`xsrf:${secret}`, false);
  const secure = utilitiesFor(`xsrf:${secret}`, true);
  const pick = (req: Request) => (req.secure ? secure : plain);
  return {
    issue(req: Request, res: Response, next: NextFunction) {
      pick(req).generateCsrfToken(req, res, { overwrite: false, validateOnReuse: false });
      next();
    },
    protect(req: Request, res: Response, next: NextFunction) {
      if (['GET', 'HEAD', 'OPTIONS'].includes(req.method)) return next();
      const cookies = (req.cookies ?? {}) as Record<string, string | undefined>;
      if (cookies[XSRF_COOKIE] === undefined) return next();
      if (pick(req).validateRequest(req)) return next();
      res.status(403).json({ message: 'FORBIDDEN' });
    },
  };
}
