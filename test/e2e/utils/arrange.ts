import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { Page } from 'playwright-core';
import { pino } from 'pino';
import { TokenService } from '../../../server/common/auth/tokens.js';
import { Clock } from '../../../server/common/clock.js';
import { openOrm } from '../../../server/db/orm.js';
import type { AppProcess } from './app-process.js';
import { SITES, textOf } from './sites.js';

/** Arranges or checks data directly in the app's database (for what the UI under test does not do). */
export async function withDatabase<T>(app: AppProcess, run: (em: EntityManager) => Promise<T>): Promise<T> {
  const orm = await openOrm({ databaseUrl: app.database.url, logger: pino({ level: 'silent' }), poolSize: 2 });
  try {
    return await run(orm.em.fork());
  } finally {
    await orm.close(true);
  }
}

/**
 * Signs tokens the app process accepts: with its generated secret (DATA_DIR/jwt-secret) and at its
 * time (CLOCK_NOW), so they are neither expired nor from the future for the server.
 */
export function appTokens(app: AppProcess, technicianTtlSeconds = 43200): TokenService {
  const secret = readFileSync(join(app.dataDir, 'jwt-secret'), 'utf8').trim();
  return new TokenService(secret, new Clock(app.clockNow, true), {
    consumer: 7200,
    technician: technicianTtlSeconds,
    admin: 43200,
  });
}

/** Puts items in the app's local storage, then opens `path` (as a user who signed in earlier). */
export async function openWithStorage(page: Page, app: AppProcess, storage: Record<string, string>, path: string) {
  await page.goto(`${app.url}/404`);
  await page.evaluate((items) => {
    for (const [key, value] of Object.entries(items)) localStorage.setItem(key, value);
  }, storage);
  await page.goto(`${app.url}${path}`);
}

/**
 * The page shows what it loaded: its network went idle, or, on the console's landing page (which follows the board's
 * stream, so its network never goes idle), today's figures are there.
 */
export async function pageSettled(page: Page): Promise<void> {
  const today = new RegExp(`^(${SITES.map((site) => textOf(site, 'admin.overview.today')).join('|')})$`);
  const settled = [
    page.waitForLoadState('networkidle'),
    page.getByRole('heading', { level: 2, name: today }).waitFor(),
  ].map((waiting) => waiting.then(() => true));
  // The other wait ends with the page; its failure then says nothing.
  for (const waiting of settled) void waiting.catch(() => undefined);
  await Promise.any(settled);
}
