import type { EntityManager, MikroORM } from '@mikro-orm/postgresql';
import type { Request } from 'express';
import type { Logger } from 'pino';
import type { AppConfig } from './config.js';
import { authenticate } from './common/auth/authenticate.js';
import type { TokenService } from './common/auth/tokens.js';
import type { Viewer } from './common/auth/viewer.js';
import type { Clock } from './common/clock.js';
import type { ChangeListener } from './common/events/change-listener.js';
import { languageFromRequest, localeFromHost, type Country, type Language } from './common/locale.js';
import type { RateLimiter } from './common/rate-limit/rate-limiter.js';
import type { SiteVisitRecorder } from './consumers/site-visit-recorder.js';
import type { HolidayCalendar } from './holidays/holiday-calendar.js';
import type { Mailer } from './mail/mailer.js';

/** Long-lived parts of the application, created once at start-up. */
export interface AppServices {
  config: AppConfig;
  clock: Clock;
  orm: MikroORM;
  tokens: TokenService;
  rateLimiter: RateLimiter;
  /** Holidays per country, cached briefly (the lookup and the schedule read them on every request). */
  holidays: HolidayCalendar;
  /** Successful lookups, written in batches after the answers (statistics, "informed?"). */
  siteVisits: SiteVisitRecorder;
  mailer: Mailer;
  /** Committed changes announced by any instance on this database (change-notices.ts). */
  changes: ChangeListener;
  logger: Logger;
}

/** Everything a resolver or service needs for one request. */
export interface AppContext {
  /** Forked per request: its identity map and unit of work belong to this request only. */
  em: EntityManager;
  viewer: Viewer | null;
  language: Language;
  /** Country of the site the request came through (second host label). */
  country: Country;
  /** The client address after TRUST_PROXY rules; the key of per-client rate limits. */
  clientIp: string;
  userAgent: string;
  log: Logger;
  services: AppServices;
}

export async function createContext(req: Request, services: AppServices): Promise<AppContext> {
  const em = services.orm.em.fork();
  const host = req.get('host');
  return {
    em,
    viewer: await authenticate(req.get('authorization'), services.tokens, em),
    language: languageFromRequest(host, req.get('accept-language')),
    country: localeFromHost(host).country,
    clientIp: req.ip ?? req.socket.remoteAddress ?? 'unknown',
    userAgent: (req.get('user-agent') ?? '').slice(0, 512),
    log: (req as Request & { log?: Logger }).log ?? services.logger,
    services,
  };
}
