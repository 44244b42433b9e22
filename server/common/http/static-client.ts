import { existsSync } from 'node:fs';
import { join } from 'node:path';
import compression from 'compression';
import express, { type RequestHandler, Router } from 'express';

/**
 * Serves the built client: hashed assets cached for a year, every other GET that wants HTML gets
 * index.html (the client's router decides what to show, including /404). Compressed for clients
 * that accept it: a phone on a slow line downloads the consumer page's script gzipped (about a third).
 */
export function staticClient(
  clientDir: string,
  beforeIndex: RequestHandler,
  options: { serveSourceMaps: boolean },
): Router {
  const router = Router();
  const indexFile = join(clientDir, 'index.html');
  router.use(compression());
  // The build keeps its source maps (with the full sources) beside the bundles for debugging and the
  // benchmarks; in production they are not for the public.
  if (!options.serveSourceMaps) {
    router.use((req, res, next) => {
      if (!req.path.endsWith('.map')) return next();
      res.status(404).type('text/plain').send('Not found');
    });
  }
  router.use(
    '/assets',
    express.static(join(clientDir, 'assets'), { immutable: true, maxAge: '1y', index: false, fallthrough: false }),
  );
  router.use(express.static(clientDir, { index: false, maxAge: '1h' }));
  router.get(/.*/, beforeIndex, (req, res, next) => {
    if (!req.accepts('html')) return next();
    if (!existsSync(indexFile)) {
      res
        .status(503)
        .type('text/plain')
        .send('The client is not built yet. Run `npm run build` (npm start does this for you).');
      return;
    }
    res.set('Cache-Control', 'no-cache').sendFile(indexFile);
  });
  return router;
}
