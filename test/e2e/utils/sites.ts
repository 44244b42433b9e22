import type { BrowserContext, Page } from 'playwright-core';
import { fr } from '../../../client/src/i18n/fr.js';
import { nl, type MessageKey } from '../../../client/src/i18n/nl.js';
import type { AppProcess } from './app-process.js';
import type { E2EBrowser } from './browser.js';

/**
 * The two sites every screen is checked on: Dutch in the Netherlands (the default) and French in Belgium
 * (first host label `rendezvous`). Every host name resolves to the app (see launchBrowser).
 */
export const SITES = [
  { language: 'nl', country: 'NL', host: 'afspraak.nl.example' },
  { language: 'fr', country: 'BE', host: 'rendezvous.be.example' },
] as const;

export type Site = (typeof SITES)[number];

const CATALOGUES = { nl, fr } as const;

/** The interface text of `key` on a site, with its `{parameters}` filled in, as the client shows it. */
export function textOf(site: Site, key: MessageKey, params: Record<string, string | number> = {}): string {
  return CATALOGUES[site.language][key].replace(/\{(\w+)\}/g, (_, name: string) => String(params[name] ?? `{${name}}`));
}

/** The site's address for `path`, e.g. http://rendezvous.be.example:4321/index. */
export const siteUrl = (app: AppProcess, site: Site, path: string) => `http://${site.host}:${app.port}${path}`;

/**
 * A fresh browser context on the site with `storage` in its local storage (a user who signed in earlier),
 * at `path`.
 */
export async function openOnSite(
  browser: E2EBrowser,
  app: AppProcess,
  site: Site,
  path: string,
  options: { storage?: Record<string, string>; viewport?: { width: number; height: number } } = {},
): Promise<{ page: Page; context: BrowserContext }> {
  const opened = await browser.newPage({ viewport: options.viewport });
  if (options.storage) {
    await opened.page.goto(siteUrl(app, site, '/404'));
    await opened.page.evaluate((items) => {
      for (const [key, value] of Object.entries(items)) localStorage.setItem(key, value);
    }, options.storage);
  }
  await opened.page.goto(siteUrl(app, site, path));
  return opened;
}
