import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Country, Language } from '../../server/common/locale.js';
import { personalLinkToken } from '../../server/consumer-links/personal-link.js';
import { Order } from '../../server/orders/order.entity.js';
import { createOrder } from '../utils/factories.js';
import { expectNoAxeViolations, expectNoHorizontalScroll } from './utils/accessibility.js';
import { startAppProcess, type AppProcess } from './utils/app-process.js';
import { withDatabase } from './utils/arrange.js';
import { launchBrowser, type E2EBrowser } from './utils/browser.js';
import { tabTo } from './utils/keyboard.js';
import { openOnSite, SITES, textOf } from './utils/sites.js';

/** Tuesday 24 November 2026, 10:00: today's visit shows its window. */
const NOW = '2026-11-24T10:00:00+01:00';
const TODAY_AFTERNOON = new Date('2026-11-24T15:00:00+01:00');
/** A phone held upright. */
const PHONE = { width: 360, height: 740 };
const [DUTCH, FRENCH] = SITES;

describe('the language switch of the consumer pages (built app in Chromium, phone size)', () => {
  let app: AppProcess;
  let browser: E2EBrowser;
  let secret: string;
  let gent: Order;

  beforeAll(async () => {
    app = await startAppProcess({ CLOCK_NOW: NOW });
    secret = readFileSync(join(app.dataDir, 'jwt-secret'), 'utf8').trim();
    await withDatabase(app, async (em) => {
      gent = await createOrder(em, {
        name: 'Sofie Peeters',
        appointment: TODAY_AFTERNOON,
        country: Country.BE,
        zipcode: '9000',
        city: 'Gent',
        phone: '0470 12 34 56',
        email: 'sofie@example.be',
        language: Language.NL,
      });
    });
    browser = await launchBrowser();
  });

  afterAll(async () => {
    await browser?.close();
    await app?.stop();
  });

  const storedLanguage = () =>
    withDatabase(app, async (em) => (await em.findOneOrFail(Order, gent.id, { refresh: true })).language);

  it("opens a Flemish order's link in Dutch on the French site; a tap on Français turns the page and later messages French", async () => {
    const link = `/v/${personalLinkToken({ jwtSecret: secret }, gent)}`;
    const { page, context } = await openOnSite(browser, app, FRENCH, link, { viewport: PHONE });
    try {
      await page
        .getByRole('heading', { name: textOf(DUTCH, 'consumer.details.greeting', { name: 'Sofie Peeters' }) })
        .waitFor();
      const switcher = page.getByRole('navigation', { name: textOf(DUTCH, 'consumer.language.label') });
      expect(await switcher.getByRole('button', { name: 'Nederlands' }).getAttribute('aria-pressed')).toBe('true');
      expect(await switcher.getByRole('button', { name: 'Français' }).getAttribute('aria-pressed')).toBe('false');
      await expectNoAxeViolations(page, 'consumer-language-switch-nl');
      await expectNoHorizontalScroll(page, 'consumer-language-switch-nl');

      // By keyboard: the page's content has the focus, the switch sits right before it, one Shift+Tab away.
      expect(await tabTo(page, 'button "Français"', 1, 'Shift+Tab')).toEqual(['button "Français"']);
      await page.keyboard.press('Enter');
      await page
        .getByRole('heading', { name: textOf(FRENCH, 'consumer.details.greeting', { name: 'Sofie Peeters' }) })
        .waitFor();
      expect(await page.evaluate(() => document.documentElement.lang)).toBe('fr');
      const french = page.getByRole('navigation', { name: textOf(FRENCH, 'consumer.language.label') });
      expect(await french.getByRole('button', { name: 'Français' }).getAttribute('aria-pressed')).toBe('true');
      await expectNoAxeViolations(page, 'consumer-language-switch-fr');
      // Kept on the order: its later messages are in French.
      await expect.poll(storedLanguage).toBe(Language.FR);

      // And back, one tap away.
      await french.getByRole('button', { name: 'Nederlands' }).click();
      await page
        .getByRole('heading', { name: textOf(DUTCH, 'consumer.details.greeting', { name: 'Sofie Peeters' }) })
        .waitFor();
      await expect.poll(storedLanguage).toBe(Language.NL);
    } finally {
      await context.close();
    }
  });

  it('switches the lookup page without a data token, and changes no order', async () => {
    const { page, context } = await openOnSite(browser, app, DUTCH, '/index', { viewport: PHONE });
    try {
      const switcher = page.getByRole('navigation', { name: textOf(DUTCH, 'consumer.language.label') });
      await switcher.getByRole('button', { name: 'Français' }).click();
      await page.getByRole('navigation', { name: textOf(FRENCH, 'consumer.language.label') }).waitFor();
      expect(await page.evaluate(() => document.documentElement.lang)).toBe('fr');
      await expectNoAxeViolations(page, 'consumer-language-index-fr');
      expect(await storedLanguage()).toBe(Language.NL);
    } finally {
      await context.close();
    }
  });
});
