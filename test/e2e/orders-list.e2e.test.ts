import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Country } from '../../server/common/locale.js';
import { addDays, instantOf, localDateOf } from '../../shared/zoned-time.js';
import { createAdmin, createOrder, createTechnician } from '../utils/factories.js';
import { expectNoAxeViolations } from './utils/accessibility.js';
import { startAppProcess, type AppProcess } from './utils/app-process.js';
import { appTokens, openWithStorage, withDatabase } from './utils/arrange.js';
import { launchBrowser, saveScreenshot, type E2EBrowser } from './utils/browser.js';

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
    await page.getByLabel('Zoeken').fill('celine');
    await expect.poll(() => references(page)).toEqual(['LIST-1']);
    expect(new URL(page.url()).searchParams.get('q')).toBe('celine');
    await page.getByLabel('Zoeken').fill('3511cd 6');
    await expect.poll(() => references(page)).toEqual(['LIST-2']);
    await saveScreenshot(page, 'admin-orders-search');

    // Sorting by a column, and the filter state survives a reload (it lives in the URL).
    await page.getByLabel('Zoeken').fill('');
    await expect.poll(() => references(page)).toHaveLength(3);
    await page.getByRole('button', { name: 'Naam' }).click();
    await expect.poll(() => references(page)).toEqual(['LIST-1', 'LIST-2', 'LIST-3']);
    await page.getByRole('button', { name: 'Naam' }).click();
    await expect.poll(() => references(page)).toEqual(['LIST-3', 'LIST-2', 'LIST-1']);
    expect(await page.locator('th[aria-sort="descending"]').textContent()).toContain('Naam');
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
    await page.getByLabel('Zoeken').fill('%%%');
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
    await page.getByLabel('Rechercher').fill('liege');
    await expect.poll(() => references(page)).toEqual(['LIST-1']);
    await page.getByText('Trouvées : 1').waitFor();
    await expectNoAxeViolations(page, 'admin-orders-list-fr');
    await context.close();
  });
});
