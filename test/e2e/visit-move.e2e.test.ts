import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { translate } from '../../server/common/i18n/translate.js';
import { Country, Language } from '../../server/common/locale.js';
import { personalLinkToken } from '../../server/consumer-links/personal-link.js';
import type { Order } from '../../server/orders/order.entity.js';
import { createAdmin, createOrder, createTechnician } from '../utils/factories.js';
import { expectNoAxeViolations, expectNoHorizontalScroll } from './utils/accessibility.js';
import { startAppProcess, type AppProcess } from './utils/app-process.js';
import { appTokens, withDatabase } from './utils/arrange.js';
import { launchBrowser, saveScreenshot, type E2EBrowser } from './utils/browser.js';
import { tabTo } from './utils/keyboard.js';
import { openOnSite, SITES, textOf } from './utils/sites.js';

/** Tuesday 1 December 2026, 14:00: Wednesday's windows are shown. */
const NOW = '2026-12-01T14:00:00+01:00';
const WEDNESDAY_TEN = new Date('2026-12-02T10:00:00+01:00');
/** The first offer: the same technician on Thursday 3 December, 08:00 to 11:00. */
const THURSDAY_EIGHT = new Date('2026-12-03T08:00:00+01:00');
const PHONE = { width: 390, height: 844 };

describe('the consumer moves the visit from the personal link (built app in Chromium)', () => {
  let app: AppProcess;
  let browser: E2EBrowser;
  let secret: string;
  let adminToken: string;
  const orders: Record<'nl' | 'fr', Order> = {} as Record<'nl' | 'fr', Order>;

  beforeAll(async () => {
    app = await startAppProcess({ CLOCK_NOW: NOW });
    secret = readFileSync(join(app.dataDir, 'jwt-secret'), 'utf8').trim();
    await withDatabase(app, async (em) => {
      adminToken = appTokens(app).signAdmin(await createAdmin(em));
      const dutch = await createTechnician(em, { firstname: 'Jan' });
      const belgian = await createTechnician(em, { firstname: 'Luc', country: Country.BE });
      orders.nl = await createOrder(em, { name: 'Anna Jansen', technician: dutch, appointment: WEDNESDAY_TEN });
      orders.fr = await createOrder(em, {
        name: 'Claire Dubois',
        technician: belgian,
        appointment: WEDNESDAY_TEN,
        country: Country.BE,
        zipcode: '4000',
        phone: '0470 99 88 77',
        language: Language.FR,
      });
    });
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await app?.stop();
  });

  const appointmentOf = (order: Order) =>
    withDatabase(app, async (em) => {
      const rows = await em
        .getConnection()
        .execute<{ appointment: Date }[]>('select appointment from orders where id = ?', [order.id]);
      return new Date(rows[0].appointment).toISOString();
    });

  for (const site of SITES) {
    it(`moves the visit to another day by keyboard and undoes it, on a phone (${site.language})`, async () => {
      const order = orders[site.language];
      const link = `/v/${personalLinkToken({ jwtSecret: secret }, order)}?antwoord=verzetten`;
      const { page, context } = await openOnSite(browser, app, site, link, { viewport: PHONE });
      try {
        // The link opens the page with the offers shown: reading them moved nothing.
        const offers = page.getByRole('heading', { name: textOf(site, 'consumer.move.offers') });
        await offers.waitFor();
        const firstWindow = textOf(site, 'consumer.details.window', {
          begin: site.language === 'nl' ? '8.00' : '8\u00a0h',
          end: site.language === 'nl' ? '11.00' : '11\u00a0h',
        });
        const firstOffer = page.locator('.visit-move-offers button').first();
        expect(await firstOffer.innerText()).toContain(firstWindow);
        expect(await appointmentOf(order)).toBe(WEDNESDAY_TEN.toISOString());
        await expectNoAxeViolations(page, `visit-move-offers-${site.language}`);
        await expectNoHorizontalScroll(page, `visit-move-offers-${site.language}`);

        // By keyboard to the first offer: Enter moves the visit at once.
        const offerName = (await firstOffer.innerText()).replace(/\s+/g, ' ').trim();
        await tabTo(page, `button "${offerName}"`, 80);
        await page.keyboard.press('Enter');
        const moved = page.locator('.visit-move-result p.message');
        await moved.waitFor();
        expect(await moved.innerText()).toContain(firstWindow);
        expect(await appointmentOf(order)).toBe(THURSDAY_EIGHT.toISOString());
        // The focus went to what replaced the pressed offer: the text saying where the visit is now.
        await expect.poll(() => page.evaluate(() => document.activeElement?.classList.contains('message'))).toBe(true);
        // The page reads the visit again: its new day is shown.
        await page.getByText(textOf(site, 'consumer.move.undoHint', { minutes: 5 })).waitFor();
        await expectNoAxeViolations(page, `visit-move-moved-${site.language}`);
        await saveScreenshot(page, `visit-move-${site.language}`);

        await tabTo(page, `button "${textOf(site, 'consumer.move.undo')}"`);
        await page.keyboard.press('Enter');
        await page.getByText(textOf(site, 'consumer.move.undone', { day: '', window: '' }).slice(0, 20)).waitFor();
        expect(await appointmentOf(order)).toBe(WEDNESDAY_TEN.toISOString());
        expect(await page.getByRole('button', { name: textOf(site, 'consumer.move.undo') }).count()).toBe(0);
        await expect.poll(() => page.evaluate(() => document.activeElement?.classList.contains('message'))).toBe(true);
        await expectNoAxeViolations(page, `visit-move-undone-${site.language}`);
        await expectNoHorizontalScroll(page, `visit-move-undone-${site.language}`);
      } finally {
        await context.close();
      }
    });
  }

  for (const site of SITES) {
    it(`lets an admin set self-service per country, refusing a number out of range (${site.language})`, async () => {
      const { page, context } = await openOnSite(browser, app, site, '/admin/settings/self-move', {
        storage: { adminToken },
      });
      try {
        await page.getByRole('heading', { level: 1, name: textOf(site, 'admin.selfMove.title') }).waitFor();
        const countryName = textOf(site, `common.country.${site.country}`);
        const form = page.locator('form').filter({ has: page.getByRole('heading', { name: countryName }) });
        const days = form.getByLabel(textOf(site, 'admin.selfMove.daysAhead'));
        expect(await days.inputValue()).toBe('14');
        expect(await form.getByLabel(textOf(site, 'admin.selfMove.capacity')).inputValue()).toBe('6');
        await expectNoAxeViolations(page, `self-move-settings-${site.language}`);
        const save = form.getByRole('button', {
          name: textOf(site, 'common.actionOn', { action: textOf(site, 'common.save'), subject: countryName }),
        });

        await days.fill('61');
        await save.click();
        const refusal = translate(site.language === 'fr' ? Language.FR : Language.NL, 'NUMBER_OUT_OF_RANGE', {
          min: 1,
          max: 60,
        });
        await form.getByText(refusal).waitFor();
        expect(await days.getAttribute('aria-invalid')).toBe('true');
        await expectNoAxeViolations(page, `self-move-settings-refused-${site.language}`);

        await days.fill('10');
        await save.click();
        await form.getByText(textOf(site, 'admin.selfMove.saved', { country: countryName })).waitFor();
        const stored = await withDatabase(app, (em) =>
          em
            .getConnection()
            .execute<{ days_ahead: number }[]>('select days_ahead from self_move_settings where country = ?', [
              site.country,
            ]),
        );
        expect(stored[0].days_ahead).toBe(10);
      } finally {
        await context.close();
      }
    });
  }
});
