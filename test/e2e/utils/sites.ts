import type { BrowserContext, Page } from 'playwright-core';
import * as frAdmin from '../../../client/src/i18n/fr/admin.js';
import * as frCommon from '../../../client/src/i18n/fr/common.js';
import * as frConsumer from '../../../client/src/i18n/fr/consumer.js';
import * as frStaff from '../../../client/src/i18n/fr/staff.js';
import * as frTechnician from '../../../client/src/i18n/fr/technician.js';
import * as nlAdmin from '../../../client/src/i18n/nl/admin.js';
import * as nlCommon from '../../../client/src/i18n/nl/common.js';
import * as nlConsumer from '../../../client/src/i18n/nl/consumer.js';
import * as nlStaff from '../../../client/src/i18n/nl/staff.js';
import * as nlTechnician from '../../../client/src/i18n/nl/technician.js';
import type { MessageKey } from '../../../client/src/i18n/parts.js';
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

/** Every part of each language: a test may look up any text, whichever area shows it. */
const CATALOGUES: Record<Site['language'], Record<MessageKey, string>> = {
  nl: { ...nlCommon.texts, ...nlConsumer.texts, ...nlStaff.texts, ...nlTechnician.texts, ...nlAdmin.texts },
  fr: { ...frCommon.texts, ...frConsumer.texts, ...frStaff.texts, ...frTechnician.texts, ...frAdmin.texts },
};

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
