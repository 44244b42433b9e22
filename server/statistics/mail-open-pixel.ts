import { Router } from 'express';
import type { AppServices } from '../context.js';
import { MailOpenService } from './mail-open.service.js';

/** The smallest transparent GIF: 1x1 pixel. */
const PIXEL = Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64');

/**
 * GET /api/mail/open/<token>.gif: public, answers the pixel whatever happens (a broken image helps
 * nobody and the answer must not tell a valid token from an invalid one) and records the open when
 * the token is genuine. Mounted before the REST shim, whose /api catch-all would answer 404.
 */
export function mailOpenPixelRouter(services: AppServices): Router {
  const router = Router();
  router.get('/api/mail/open/:token.gif', async (req, res) => {
    try {
      await new MailOpenService(services, services.orm.em.fork()).record(req.params.token);
    } catch (error) {
      req.log?.error({ err: error }, 'mail open not recorded');
    }
    res
      .status(200)
      .set({
        'Content-Type': 'image/gif',
        'Cache-Control': 'no-store, private',
        'Content-Length': String(PIXEL.length),
      })
      .end(PIXEL);
  });
  return router;
}
