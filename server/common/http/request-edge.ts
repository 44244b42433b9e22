import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Request, Response } from 'express';
import cookieParser from 'cookie-parser';
import type { Logger } from 'pino';
import type { AppMetrics } from '../metrics/app-metrics.js';
import { httpMetrics } from '../metrics/http-metrics.js';
import { noteArrival } from './answer-timing.js';
import { requestLogger } from './request-logger.js';
import { writeSecurityHeaders, type SecurityHeaderPreset } from './security-headers.js';

const proceed = () => undefined;

/**
 * What every request gets before it is routed, in one synchronous call: its arrival's time, its metrics, its request
 * id and log line, the security headers from their preset, its cookies. A request refused for its body's size is
 * answered before (common/http/body-bound.ts).
 */
export function requestEdge(options: {
  logger: Logger;
  metrics: AppMetrics;
  headers: SecurityHeaderPreset;
}): (req: IncomingMessage, res: ServerResponse) => void {
  const metrics = httpMetrics(options.metrics);
  const log = requestLogger(options.logger);
  const cookies = cookieParser();
  return (incoming, outgoing) => {
    // The route's methods are not needed here: each step reads the node message only.
    const req = incoming as Request;
    const res = outgoing as Response;
    noteArrival(res);
    metrics(req, res, proceed);
    log(req, res);
    writeSecurityHeaders(res, options.headers);
    cookies(req, res, proceed);
  };
}
