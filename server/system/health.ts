import { Router } from 'express';
import type { MikroORM } from '@mikro-orm/postgresql';

export interface Lifecycle {
  /** True from the moment shutdown begins. */
  shuttingDown: boolean;
}

/**
 * /healthz: the process is up (never touches the database).
 * /readyz: the database answers and we are not shutting down; load balancers route on it.
 */
export function healthRouter(orm: MikroORM, lifecycle: Lifecycle): Router {
  const router = Router();
  router.get('/healthz', (_req, res) => {
    res.set('Cache-Control', 'no-store').json({ status: 'ok' });
  });
  router.get('/readyz', async (_req, res) => {
    res.set('Cache-Control', 'no-store');
    if (lifecycle.shuttingDown) {
      res.status(503).json({ status: 'shutting-down' });
      return;
    }
    const check = await orm.checkConnection().catch(() => ({ ok: false }));
    res.status(check.ok ? 200 : 503).json({ status: check.ok ? 'ready' : 'database-unavailable' });
  });
  return router;
}
