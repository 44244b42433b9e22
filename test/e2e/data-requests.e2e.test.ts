import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Country } from '../../server/common/locale.js';
import { createAdmin, createOrder } from '../utils/factories.js';
import { expectNoAxeViolations } from './utils/accessibility.js';
import { startAppProcess, type AppProcess } from './utils/app-process.js';
import { appTokens, withDatabase } from './utils/arrange.js';
import { launchBrowser, saveScreenshot, type E2EBrowser } from './utils/browser.js';
import { openOnSite, SITES, textOf } from './utils/sites.js';

/** Monday 23 November 2026, noon in Amsterdam; the person's visit was last week. */
const NOW = new Date('2026-11-23T11:00:00Z');

/** A person per site, in that site's country; the number is typed otherwise than it is stored. */
const PEOPLE = {
  nl: {
    name: 'Wilhelmina Gegevensma',
    email: 'w.gegevensma@example.nl',
    stored: '+31611223344',
    typed: '06-11 22 33 44',
  },
  fr: {
    name: 'Amélie Donnéesvanne',
    email: 'a.donneesvanne@example.be',
    stored: '0470 55 66 77',
    typed: '+32 470 556677',
  },
} as const;

/** The server's answer to a search that finds nobody, in each site's language. */
const NOT_FOUND = {
  nl: 'Geen opdracht noemt dit e-mailadres of telefoonnummer (meer).',
  fr: 'Aucune mission ne mentionne (plus) cette adresse e-mail ou ce numéro.',
} as const;

describe("a person's data on request in Chromium: found, downloaded and erased, in Dutch and in French", () => {
  let app: AppProcess;
  let browser: E2EBrowser;
  let adminToken: string;

  beforeAll(async () => {
    app = await startAppProcess({ CLOCK_NOW: NOW.toISOString() });
    browser = await launchBrowser();
    adminToken = await withDatabase(app, async (em) => {
      const admin = await createAdmin(em, { firstname: 'Privé', lastname: 'Beheer' });
      for (const site of SITES) {
        const person = PEOPLE[site.language];
        await createOrder(em, {
          referenceNumber: `AVG-${site.country}`,
          name: person.name,
          email: person.email,
          phone: person.stored,
          country: site.country === 'BE' ? Country.BE : Country.NL,
          zipcode: site.country === 'BE' ? '1000' : '3511 CD',
          houseNumber: '6',
          city: site.country === 'BE' ? 'Bruxelles' : 'Utrecht',
          appointment: new Date('2026-11-16T09:00:00+01:00'),
        });
      }
      return appTokens(app).signAdmin(admin);
    });
  });
  afterAll(async () => {
    await browser?.close();
    await app?.stop();
  });

  for (const site of SITES) {
    it(`${site.language}: finds the person by the number as typed, downloads the data and erases it`, async () => {
      const person = PEOPLE[site.language];
      const text = (key: Parameters<typeof textOf>[1], params: Record<string, string | number> = {}) =>
        textOf(site, key, params);
      const { page, context } = await openOnSite(browser, app, site, '/admin/main', { storage: { adminToken } });
      const nav = page.getByRole('navigation', { name: text('admin.nav.label') });
      await nav.getByRole('link', { name: text('admin.dataRequests.title') }).click();
      await page.waitForURL('**/admin/data-requests');
      await page.getByRole('heading', { level: 1, name: text('admin.dataRequests.title') }).waitFor();
      expect(await nav.locator('[aria-current="page"]').allTextContents()).toEqual([text('admin.dataRequests.title')]);

      await page.getByLabel(text('admin.dataRequests.search')).fill(person.typed);
      await page.getByRole('button', { name: text('admin.dataRequests.find'), exact: true }).click();
      const found = page.getByRole('heading', { level: 2, name: text('admin.dataRequests.found', { count: 1 }) });
      await found.waitFor();
      expect(await page.locator('table', { hasText: `AVG-${site.country}` }).textContent()).toContain(person.name);
      await expectNoAxeViolations(page, `data-requests-found-${site.language}`);
      await saveScreenshot(page, `data-requests-found-${site.language}`);

      // One JSON file with the orders and every part.
      const [json] = await Promise.all([
        page.waitForEvent('download'),
        page.getByRole('button', { name: text('admin.dataRequests.downloadJson') }).click(),
      ]);
      expect(json.suggestedFilename()).toBe('gegevens-2026-11-23.json');
      const file = JSON.parse(readFileSync(await json.path(), 'utf8')) as { orders: { name: string; phone: string }[] };
      expect(file.orders.map((order) => [order.name, order.phone])).toEqual([[person.name, person.stored]]);
      await page.getByText(text('admin.dataRequests.downloaded', { file: 'gegevens-2026-11-23.json' })).waitFor();

      // The readable page, in the site's language.
      const [html] = await Promise.all([
        page.waitForEvent('download'),
        page.getByRole('button', { name: text('admin.dataRequests.downloadHtml') }).click(),
      ]);
      const readable = readFileSync(await html.path(), 'utf8');
      expect(readable).toContain(`<html lang="${site.language}">`);
      expect(readable).toContain(person.email);

      // The erase asks first; cancelled, nothing happens.
      const erase = page.getByRole('button', { name: text('admin.dataRequests.erase'), exact: true });
      await erase.click();
      const question = page.getByRole('dialog', { name: text('admin.dataRequests.eraseTitle', { count: 1 }) });
      await question.waitFor();
      await expectNoAxeViolations(page, `data-requests-erase-dialog-${site.language}`);
      // A destructive question starts on its way out.
      expect(await page.evaluate(() => document.activeElement?.textContent)).toBe(text('common.cancel'));
      await page.keyboard.press('Escape');
      await question.waitFor({ state: 'hidden' });
      await erase.click();
      await question.getByRole('button', { name: text('admin.dataRequests.erase') }).click();
      await page.getByText(text('admin.dataRequests.erased', { count: 1 })).waitFor();
      await found.waitFor({ state: 'hidden' });
      // The keyboard is back in the search box, not lost with the findings.
      expect(await page.evaluate(() => document.activeElement?.id)).toBe('data-search');

      // The audit lists the export and the erase, by the admin, without the person.
      const audit = page.locator('table', { hasText: text('admin.dataRequests.kind.ERASE') });
      await audit.waitFor();
      const auditText = (await audit.textContent()) ?? '';
      expect(auditText).toContain('Privé Beheer');
      expect(auditText).not.toContain(person.email);
      await expectNoAxeViolations(page, `data-requests-erased-${site.language}`);

      const stored = await withDatabase(app, (em) =>
        em
          .getConnection()
          .execute<{ name: string; email: string; phone: string; anonymised: boolean }[]>(
            `select name, email, phone, anonymised_at is not null as anonymised from orders where reference_number = ?`,
            [`AVG-${site.country}`],
          ),
      );
      expect(stored).toEqual([{ name: '', email: '', phone: '', anonymised: true }]);

      // Searched again, nobody is found.
      await page.getByLabel(text('admin.dataRequests.search')).fill(person.email);
      await page.getByRole('button', { name: text('admin.dataRequests.find'), exact: true }).click();
      await page.getByRole('alert').filter({ hasText: NOT_FOUND[site.language] }).waitFor();
      await context.close();
    });
  }
});
