import type { Request } from 'express';
import type { Logger } from 'pino';
import { authenticate } from './accounts/authenticate.js';
import { clientKeyOf } from './common/http/client-address.js';
import { languageFromRequest, localeFromHost } from './common/locale.js';
import type { AppContext, AppServices } from './context.js';

/** The context of one GraphQL or legacy REST request: its own entity manager, the caller, language and site. */
export async function createContext(req: Request, services: AppServices): Promise<AppContext> {
  const em = services.orm.em.fork();
  const host = req.get('host');
  return {
    em,
    viewer: await authenticate(req.get('authorization'), services.tokens, em),
    language: languageFromRequest(host, req.get('accept-language')),
    country: localeFromHost(host).country,
    clientKey: clientKeyOf(req.ip ?? req.socket.remoteAddress),
    userAgent: (req.get('user-agent') ?? '').slice(0, 512),
    log: (req as Request & { log?: Logger }).log ?? services.logger,
    services,
  };
}
