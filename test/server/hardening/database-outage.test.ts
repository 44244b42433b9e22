import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pino } from 'pino';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../../server/config.js';
import { startEmbeddedPostgres, type EmbeddedDatabase } from '../../../server/db/embedded-postgres.js';
import { startServer, type RunningServer } from '../../../server/main.js';
import { createAdmin } from '../../utils/factories.js';
import { postGraphQL } from '../../utils/http.js';

const silent = pino({ level: 'silent' });
const QUERY = '{ holidays { date } }';

describe('database outage', () => {
  const dir = mkdtempSync(join(tmpdir(), 'tijdvak-outage-'));
  let cluster: EmbeddedDatabase | undefined;
  let server: RunningServer | undefined;
  afterAll(async () => {
    await server?.stop();
    await cluster?.stop();
    rmSync(dir, { recursive: true, force: true });
  });

  /** Sends `count` requests at once and returns how each ended and how long the slowest took. */
  async function burst(token: string, count = 20) {
    const started = Date.now();
    const results = await Promise.all(
      Array.from({ length: count }, () =>
        postGraphQL<{ holidays: unknown[] }>(server!.url, QUERY, {}, { token }).then(
          (response) => response.body.errors?.[0]?.extensions?.code ?? 'OK',
          () => 'NETWORK_FAILURE',
        ),
      ),
    );
    return { codes: new Set(results), slowestMs: Date.now() - started };
  }

  it('fails fast while the database is down and serves again when it is back, without a restart', async () => {
    cluster = await startEmbeddedPostgres({ dir, logger: silent, ephemeral: true });
    const port = Number(new URL(cluster.url).port);
    const config = loadConfig({
      DATABASE_URL: cluster.url,
      DATA_DIR: dir,
      PORT: '0',
      HOST: '127.0.0.1',
      LOG_LEVEL: 'silent',
    });
    server = await startServer(config, { logger: silent });
    const token = server.services.tokens.signAdmin(await createAdmin(server.services.orm.em.fork()));
    expect((await burst(token)).codes).toEqual(new Set(['OK']));

    const load = burst(token, 40);
    await cluster.stop();
    await load; // requests in flight during the stop end one way or another, but they end

    const down = await burst(token);
    expect(down.codes).toEqual(new Set(['INTERNAL_SERVER_ERROR']));
    expect(down.slowestMs).toBeLessThan(5000);
    expect((await fetch(`${server.url}/readyz`)).status).toBe(503);
    expect((await fetch(`${server.url}/healthz`)).status).toBe(200);
    const { body } = await postGraphQL(server.url, QUERY, {}, { token });
    expect(body.errors?.[0].message).toBe('Er is een probleem opgetreden, herlaad de pagina en probeer het opnieuw.');
    expect(JSON.stringify(body)).not.toMatch(/ECONNREFUSED|at .*\.js|postgres/i);

    cluster = await startEmbeddedPostgres({ dir, logger: silent, ephemeral: true, port });
    const deadline = Date.now() + 10_000;
    while ((await fetch(`${server.url}/readyz`)).status !== 200 && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect((await fetch(`${server.url}/readyz`)).status).toBe(200);
    expect((await burst(token)).codes).toEqual(new Set(['OK']));
  }, 60_000);
});
