import { createHmac, timingSafeEqual } from 'node:crypto';
import { pipeline } from 'node:stream';
import { Router } from 'express';
import type { AppServices } from '../context.js';

/** Where the files of visits are served: GET <path>/<token>. */
export const VISIT_FILE_PATH = '/visit-files';

/** A link works for at least this long after it is given out... */
const LINK_TTL_SECONDS = 15 * 60;
/** ...and its expiry is rounded up to this step, so a page read again soon gets the same link and the browser's copy. */
const LINK_STEP_SECONDS = 5 * 60;

const TOKEN_PATTERN = /^([A-Za-z0-9_-]{1,200})\.(\d{1,12})\.([A-Za-z0-9_-]{43})$/;

/** The signing key of file links: the JWT secret's, for this purpose only. */
function linkKey(jwtSecret: string): Buffer {
  return createHmac('sha256', jwtSecret).update('tijdvak visit file links').digest();
}

function signature(key: Buffer, fileKey: string, expires: number): string {
  return createHmac('sha256', key).update(`${fileKey}\n${expires}`).digest('base64url');
}

/**
 * Short-lived links to the files of visits: the storage key (random, no personal data), the expiry and an HMAC of
 * both. Whoever may read a record's field gets its links; the link then needs no token, so an `<img>` can show it.
 */
export class VisitFileLinks {
  private readonly key: Buffer;

  constructor(
    jwtSecret: string,
    private readonly now: () => Date,
  ) {
    this.key = linkKey(jwtSecret);
  }

  /** A path on this server that answers the file until the link expires. */
  pathOf(fileKey: string): string {
    const seconds = Math.floor(this.now().getTime() / 1000) + LINK_TTL_SECONDS;
    const expires = Math.ceil(seconds / LINK_STEP_SECONDS) * LINK_STEP_SECONDS;
    const encoded = Buffer.from(fileKey).toString('base64url');
    return `${VISIT_FILE_PATH}/${encoded}.${expires}.${signature(this.key, fileKey, expires)}`;
  }

  /** The storage key and the seconds the link still works, or null for a link that is not genuine or has expired. */
  verify(token: string): { fileKey: string; secondsLeft: number } | null {
    const match = TOKEN_PATTERN.exec(token);
    if (!match) return null;
    const fileKey = Buffer.from(match[1], 'base64url').toString();
    const expires = Number(match[2]);
    const expected = Buffer.from(signature(this.key, fileKey, expires));
    const given = Buffer.from(match[3]);
    if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
    const secondsLeft = expires - Math.floor(this.now().getTime() / 1000);
    return secondsLeft > 0 ? { fileKey, secondsLeft } : null;
  }
}

export function visitFileLinks(services: Pick<AppServices, 'config' | 'clock'>): VisitFileLinks {
  return new VisitFileLinks(services.config.jwtSecret, () => services.clock.now());
}

/**
 * GET /visit-files/<token>: the file a genuine, unexpired link names, streamed from the file storage, kept by the
 * browser (never a shared cache) until the link expires. Anything else is the same 404, whether the link was forged,
 * expired or its file removed after the retention period.
 */
export function visitFileRouter(services: AppServices): Router {
  const links = visitFileLinks(services);
  const router = Router();
  router.get(`${VISIT_FILE_PATH}/:token`, async (req, res, next) => {
    try {
      const link = links.verify(req.params.token);
      const file = link ? await services.files.get(link.fileKey) : null;
      if (!link || !file) {
        res
          .status(404)
          .set({ 'Cache-Control': 'no-store', 'Content-Type': 'text/plain; charset=utf-8' })
          .end('Not found');
        return;
      }
      res.status(200).set({
        'Content-Type': file.contentType,
        'Content-Length': String(file.size),
        'Cache-Control': `private, max-age=${link.secondsLeft}, immutable`,
        'Content-Disposition': 'inline',
        'X-Content-Type-Options': 'nosniff',
      });
      // A storage error ends the answer; a client that leaves ends the read (an S3 body holds a socket until then).
      pipeline(file.body, res, () => undefined);
    } catch (error) {
      next(error);
    }
  });
  return router;
}
