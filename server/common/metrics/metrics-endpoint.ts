import { createHash, timingSafeEqual } from 'node:crypto';
import type { RequestHandler } from 'express';
import type { AppMetrics } from './app-metrics.js';

const digest = (text: string) => createHash('sha256').update(text).digest();

/**
 * True when `authorization` is `Bearer <token>`. Both sides are hashed first, so the comparison
 * takes the same time whatever the length or the first wrong character of a guess.
 */
export function bearerMatches(authorization: string | undefined, token: string): boolean {
  const given = /^Bearer (.+)$/i.exec(authorization ?? '')?.[1] ?? '';
  return timingSafeEqual(digest(given), digest(token));
}

/** Answers the exposition text; a failing collector is the scraper's 500, never the app's crash. */
export function sendMetrics(metrics: AppMetrics): RequestHandler {
  return (_req, res, next) => {
    metrics.scrape().then(({ contentType, body }) => {
      res.set('Cache-Control', 'no-store').type(contentType).send(body);
    }, next);
  };
}

/**
 * GET /metrics on the main port: the metrics with the operator's METRICS_TOKEN, otherwise (no token
 * set, none sent, a wrong one) a plain 404, the same for every caller, so nothing tells whether
 * metrics are on. Answered here rather than left to the client's SPA fallback, which would give a
 * scraper an HTML page with 200.
 */
export function metricsOnMainPort(metrics: AppMetrics, token: string | undefined): RequestHandler {
  const send = sendMetrics(metrics);
  return (req, res, next) => {
    if (token !== undefined && bearerMatches(req.get('authorization'), token)) return send(req, res, next);
    res.status(404).type('text/plain').send('Not found');
  };
}
