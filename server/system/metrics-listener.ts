import { createServer, type Server } from 'node:http';
import express from 'express';
import type { AppMetrics } from '../common/metrics/app-metrics.js';
import { sendMetrics } from '../common/metrics/metrics-endpoint.js';

export interface MetricsListener {
  url: string;
  close(): Promise<void>;
}

/**
 * METRICS_PORT: GET /metrics without a token, on an address of the operator's choosing (loopback by
 * default), for a scraper on a private network. It serves nothing else, so nothing of the app is
 * reachable without its own checks.
 */
export async function startMetricsListener(metrics: AppMetrics, port: number, host: string): Promise<MetricsListener> {
  const app = express();
  app.disable('x-powered-by');
  app.get('/metrics', sendMetrics(metrics));
  app.use((_req, res) => {
    res.status(404).type('text/plain').send('Not found');
  });
  const server: Server = createServer(app);
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve());
  });
  const address = server.address();
  const boundPort = typeof address === 'object' && address ? address.port : port;
  return {
    url: `http://${host.includes(':') ? `[${host}]` : host}:${boundPort}`,
    close: () =>
      new Promise<void>((resolve) => {
        // A scrape takes milliseconds; keep-alive connections of the scraper would hold close() open.
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
