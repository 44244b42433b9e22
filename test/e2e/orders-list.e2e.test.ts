import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Country } from '../../server/common/locale.js';
import { addDays, instantOf, localDateOf } from '../../shared/zoned-time.js';
import { createAdmin, createOrder, createTechnician } from '../utils/factories.js';
import { expectNoAxeViolations } from './utils/accessibility.js';
import { startAppProcess, type AppProcess } from './utils/app-process.js';
import { appTokens, openWithStorage, withDatabase } from './utils/arrange.js';
import { launchBrowser, saveScreenshot, type E2EBrowser } from './utils/browser.js';
import { openOnSite, SITES, textOf } from './utils/sites.js';

const ZONE = 'Europe/Amsterdam';
const VISIT_DATE = addDays(localDateOf(new Date(), ZONE), 3);

describe("the dispatcher's order list (built app in Chromium)", () => {
  let app: AppProcess;
  let browser: E2EBrowser;
  let adminToken: string;

  beforeAll(async () => {
    app = await startAppProcess();
    browser = await launchBrowser();
    adminToken = await withDatabase(app, async (em) => {
      const admin = await createAdmin(em);
      const jan = await createTechnician(em, { firstname: 'Jan', lastname: 'de Vries', personalNumber: 'N20001' });
      const at = (hour: number) => instantOf(VISIT_DATE, hour, 0, ZONE);
      await createOrder(em, {
        referenceNumber: 'LIST-1',
        name: 'Céline Dubois',
        city: 'Liège',
        country: Country.BE,
        zipcode: '4000',
        appointment: at(8),
        technician: jan,
      });
      await createOrder(em, {
        referenceNumber: 'LIST-2',
        name: 'Jan Jansen',
        city: 'Utrecht',
        zipcode: '3511 CD',
        houseNumber: '6',
        appointment: at(11),
        special: true,
      });
      await createOrder(em, {
        referenceNumber: 'LIST-3',
        name: 'Karel Appel',
        city: 'Amsterdam',
        zipcode: '1011 AB',
        houseNumber: '1',
        appointment: at(14),
        externalCompany: 0,
      });
      return appTokens(app).signAdmin(admin);
    });
  });
  afterAll(async () => {
    await browser?.close();
    await app?.stop();
  });

  const references = (page: Page) => page.locator('.orders-table tbody tr td:first-child').allTextContents();

  it('finds an order by name or postcode while the customer is on the phone, and opens it', async () => {
    const { page, context } = await browser.newPage({ viewport: { width: 1440, height: 900 } });
    await openWithStorage(page, app, { adminToken }, '/admin/orders');
    await page.getByRole('heading', { level: 1, name: 'Opdrachten' }).waitFor();
    await expect.poll(() => references(page)).toEqual(['LIST-1', 'LIST-2', 'LIST-3']);
    await page.getByText('Gevonden: 3').waitFor();
    await expectNoAxeViolations(page, 'admin-orders-list');

    // Without accents and in lower case, as typed during a call.
    await page.getByLabel('Zoeken', { exact: true }).fill('celine');
    await expect.poll(() => references(page)).toEqual(['LIST-1']);
    expect(new URL(page.url()).searchParams.get('q')).toBe('celine');
    await page.getByLabel('Zoeken', { exact: true }).fill('3511cd 6');
    await expect.poll(() => references(page)).toEqual(['LIST-2']);
    // Each row says its stage, whether the customer looked the window up, the reply and the marks, in words.
    const row = page.locator('.orders-table tbody tr').first();
    const cells = (await row.locator('td').allInnerTexts()).join(' | ');
    for (const mark of ['Gepland', 'Nee', 'Geen reactie', 'Speciaal']) expect(cells).toContain(mark);
    await saveScreenshot(page, 'admin-orders-search');

    // Sorting by a column, and the filter state survives a reload (it lives in the URL).
    await page.getByLabel('Zoeken', { exact: true }).fill('');
    await expect.poll(() => references(page)).toHaveLength(3);
    await page.getByRole('button', { name: 'Naam' }).click();
    await expect.poll(() => references(page)).toEqual(['LIST-1', 'LIST-2', 'LIST-3']);
    await page.getByRole('button', { name: 'Naam' }).click();
    await expect.poll(() => references(page)).toEqual(['LIST-3', 'LIST-2', 'LIST-1']);
    expect(await page.locator('th[aria-sort="descending"]').textContent()).toContain('Naam');
    // The filters other than the search are folded into the filter row until asked for.
    await page.getByRole('button', { name: 'Filters', exact: true }).click();
    await page.getByLabel('Speciale opdracht').selectOption('yes');
    await expect.poll(() => references(page)).toEqual(['LIST-2']);
    await page.reload();
    await expect.poll(() => references(page)).toEqual(['LIST-2']);
    await page.goBack();
    await expect.poll(() => references(page)).toEqual(['LIST-3', 'LIST-2', 'LIST-1']);

    // The reference opens the order's page.
    await page.getByRole('link', { name: 'LIST-1' }).click();
    await page.waitForURL('**/admin/appointment/manage?reference=LIST-1');
    await page.getByText('Céline Dubois').first().waitFor();
    await context.close();
  });

  it.each(SITES)('says, on $host, that a short reference is found exactly when a search is too short', async (site) => {
    const { page, context } = await openOnSite(browser, app, site, '/admin/orders?q=ab', {
      storage: { adminToken },
    });
    const hint = page.getByText(textOf(site, 'admin.ordersList.tooShort'));
    await hint.waitFor();
    expect(await hint.textContent()).toContain('DS-3');
    await context.close();
  });

  it('never sends a search the server would refuse, and starts "informed" today, whatever the URL says', async () => {
    const { page, context } = await browser.newPage({ viewport: { width: 1440, height: 900 } });
    const listQueries: unknown[] = [];
    page.on('request', (request) => {
      const body = request.postDataJSON() as { operationName?: string; variables?: unknown } | null;
      if (request.url().endsWith('/graphql') && body?.operationName === 'OrdersListPage') {
        listQueries.push(body.variables);
      }
    });
    await openWithStorage(page, app, { adminToken }, '/admin/orders?q=...');
    await page.getByText('Typ minstens 3 letters of cijfers achter elkaar').waitFor();
    await page.getByLabel('Zoeken', { exact: true }).fill('%%%');
    await page.waitForTimeout(600); // past the pause after typing that would send a search
    expect(listQueries).toEqual([]);

    await page.goto(`${app.url}/admin/orders?informed=no`);
    await expect.poll(() => references(page)).toEqual(['LIST-1', 'LIST-2', 'LIST-3']);
    expect(await page.getByLabel('Vanaf datum').inputValue()).toBe(localDateOf(new Date(), ZONE));
    expect(listQueries.length).toBeGreaterThan(0);
    for (const variables of listQueries) expect(variables).toMatchObject({ filter: { from: expect.any(String) } });
    await context.close();
  });

  it('speaks French on the French site', async () => {
    const { page, context } = await browser.newPage({ viewport: { width: 1440, height: 900 } });
    await openWithStorage(page, app, { adminToken }, '/admin/orders?lang=fr&country=BE');
    await page.getByRole('heading', { level: 1, name: 'Missions' }).waitFor();
    await page.getByLabel('Rechercher', { exact: true }).fill('liege');
    await expect.poll(() => references(page)).toEqual(['LIST-1']);
    await page.getByText('Trouvées\u00a0: 1').waitFor();
    await expectNoAxeViolations(page, 'admin-orders-list-fr');
    await context.close();
  });

  it('filters by a confirmed day, a holiday and "zonder monteur" from the filter row', async () => {
    const { page, context } = await browser.newPage({ viewport: { width: 1440, height: 900 } });
    await openWithStorage(page, app, { adminToken }, '/admin/orders');
    await expect.poll(() => references(page)).toEqual(['LIST-1', 'LIST-2', 'LIST-3']);
    await page.getByRole('button', { name: 'Filters', exact: true }).click();
    const chip = (name: string) => page.getByRole('button', { name: `${name}, filter verwijderen` });

    await page.getByLabel('Monteur', { exact: true }).selectOption({ label: 'Zonder monteur' });
    await expect.poll(() => references(page)).toEqual(['LIST-2', 'LIST-3']);
    await chip('Monteur: Zonder monteur').click();
    await expect.poll(() => references(page)).toEqual(['LIST-1', 'LIST-2', 'LIST-3']);

    // No technician confirmed a day and no order is on a holiday: "yes" finds none, "no" finds them all.
    await page.getByLabel('Dag bevestigd', { exact: true }).selectOption('yes');
    await expect.poll(() => new URL(page.url()).searchParams.get('confirmed')).toBe('yes');
    await page.getByText('Gevonden: 0').waitFor();
    await chip('Dag bevestigd: Ja').waitFor();
    await page.getByLabel('Dag bevestigd', { exact: true }).selectOption('');
    await page.getByLabel('Op een feestdag', { exact: true }).selectOption('no');
    await expect.poll(() => new URL(page.url()).searchParams.get('holiday')).toBe('no');
    await expect.poll(() => references(page)).toEqual(['LIST-1', 'LIST-2', 'LIST-3']);
    await page.getByLabel('Op een feestdag', { exact: true }).selectOption('yes');
    await page.getByText('Gevonden: 0').waitFor();
    await saveScreenshot(page, 'admin-orders-filter-holiday');
    await context.close();
  });

  it('shows the filters in force as chips that remove them, and "Terug" on an order returns to the list as it was', async () => {
    await withDatabase(app, async (em) => {
      for (let number = 1; number <= 30; number++) {
        await createOrder(em, {
          referenceNumber: `ROW-${String(number).padStart(2, '0')}`,
          name: `Klant Zwolle ${number}`,
          city: 'Zwolle',
          zipcode: '8011 AA',
          houseNumber: String(number),
          appointment: instantOf(addDays(VISIT_DATE, 1), 8, number, ZONE),
        });
      }
    });
    const { page, context } = await browser.newPage({ viewport: { width: 1440, height: 700 } });
    await openWithStorage(page, app, { adminToken }, '/admin/orders?q=zwolle&country=NL&reply=NONE');
    await expect.poll(async () => (await references(page)).length).toBe(25);
    const chip = (name: string) => page.getByRole('button', { name: `${name}, filter verwijderen` });
    await chip('Zoeken: “zwolle”').waitFor();
    await chip('Reactie klant: Geen reactie').waitFor();
    await chip('Land: NL').click();
    await expect.poll(() => new URL(page.url()).searchParams.get('country')).toBeNull();
    await expect.poll(() => chip('Land: NL').count()).toBe(0);
    expect(new URL(page.url()).searchParams.get('reply')).toBe('NONE');
    await page.getByRole('button', { name: 'Filters', exact: true }).click();
    expect(await page.getByLabel('Land').inputValue()).toBe('');
    await expectNoAxeViolations(page, 'admin-orders-list-chips');
    await saveScreenshot(page, 'admin-orders-chips');
    await chip('Reactie klant: Geen reactie').click();
    await expect.poll(() => new URL(page.url()).search).toBe('?q=zwolle');

    // Scrolled down to an order, opened it, and back: the same list at the same place.
    const link = page.getByRole('link', { name: 'ROW-20' });
    await link.scrollIntoViewIfNeeded();
    const scrolled = await page.evaluate(() => window.scrollY);
    expect(scrolled).toBeGreaterThan(200);
    await link.click();
    await page.waitForURL('**/admin/appointment/manage?reference=ROW-20');
    await page.getByText('Klant Zwolle 20').first().waitFor();
    // A page reached by a link opens at its top, whatever the list was scrolled to.
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
    await page.getByRole('link', { name: 'Terug' }).click();
    await page.waitForURL((url) => url.pathname === '/admin/orders' && url.search === '?q=zwolle');
    expect(await page.getByLabel('Zoeken', { exact: true }).inputValue()).toBe('zwolle');
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(scrolled - 5);
    expect(await page.evaluate(() => window.scrollY)).toBeLessThan(scrolled + 5);
    await page.getByRole('link', { name: 'ROW-20' }).waitFor();
    await context.close();
  });

  it('names its chips and marks in French, without an axe violation', async () => {
    const { page, context } = await browser.newPage({ viewport: { width: 1440, height: 900 } });
    await openWithStorage(page, app, { adminToken }, '/admin/orders?lang=fr&country=BE&special=no');
    await page.getByRole('heading', { level: 1, name: 'Missions' }).waitFor();
    await expect.poll(() => references(page)).toEqual(['LIST-1']);
    await page.getByRole('button', { name: 'Mission spéciale\u00a0: Non, retirer le filtre' }).waitFor();
    await page.getByRole('button', { name: 'Filtres', exact: true }).click();
    await expectNoAxeViolations(page, 'admin-orders-list-chips-fr');
    await context.close();
  });
});
