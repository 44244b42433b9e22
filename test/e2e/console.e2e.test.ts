import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Country } from '../../server/common/locale.js';
import { Order } from '../../server/orders/order.entity.js';
import { SiteVisit } from '../../server/statistics/site-visit.entity.js';
import { localDateOf } from '../../shared/zoned-time.js';
import { createAdmin, createOrder, createTechnician } from '../utils/factories.js';
import { expectNoAxeViolations } from './utils/accessibility.js';
import { startAppProcess, type AppProcess } from './utils/app-process.js';
import { withDatabase } from './utils/arrange.js';
import { launchBrowser, saveReadmeScreenshot, saveScreenshot, type E2EBrowser } from './utils/browser.js';
import { focused, tabTo } from './utils/keyboard.js';

/** Monday 23 November 2026, 19:00 in Amsterdam: the evening before Tuesday's visits. */
const NOW = '2026-11-23T18:00:00.000Z';
const CREATED = new Date('2026-11-01T09:00:00+01:00');
const ADMIN = { email: 'dispatch@console.example', password: 'Console-wachtwoord-1' };

describe("the dispatcher's console (built app in Chromium)", () => {
  let app: AppProcess;
  let browser: E2EBrowser;

  beforeAll(async () => {
    app = await startAppProcess({ CLOCK_NOW: NOW });
    browser = await launchBrowser();
    await withDatabase(app, async (em) => {
      await createAdmin(em, { firstname: 'Dirk', lastname: 'Planner', ...ADMIN });
      const jan = await createTechnician(em, { firstname: 'Jan', lastname: 'de Vries', country: Country.NL });
      const at = (time: string) => new Date(`2026-11-24T${time}:00+01:00`);
      const seen = await createOrder(em, {
        referenceNumber: 'CON-SEEN',
        zipcode: '1111 AA',
        houseNumber: '1',
        appointment: at('08:00'),
        technician: jan,
        createdAt: CREATED,
      });
      for (const [reference, zipcode, time] of [
        ['CON-UNSEEN-1', '2222 BB', '10:00'],
        ['CON-UNSEEN-2', '3333 CC', '13:00'],
      ]) {
        await createOrder(em, {
          referenceNumber: reference,
          zipcode,
          houseNumber: '2',
          appointment: at(time),
          technician: jan,
          createdAt: CREATED,
        });
      }
      await createOrder(em, {
        referenceNumber: 'CON-BE',
        country: Country.BE,
        zipcode: '1000',
        phone: '0470 11 22 33',
        appointment: at('09:00'),
        createdAt: CREATED,
      });
      em.create(SiteVisit, {
        visitedAt: new Date('2026-11-23T15:00:00+01:00'),
        order: seen.id,
        userAgent: 'test',
        browser: 'Chrome',
        os: 'Android',
      });
      await em.flush();
    });
  });
  afterAll(async () => {
    await browser?.close();
    await app?.stop();
  });

  const figure = (page: Page, row: string, column: number) =>
    page
      .getByRole('region', { name: 'Volgende werkdag' })
      .getByRole('row', { name: new RegExp(`^${row}`) })
      .getByRole('cell')
      .nth(column)
      .innerText();

  it("signs in to tomorrow's numbers and lands on exactly the customers who were not informed", async () => {
    const { page, context } = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    await page.goto(`${app.url}/admin/login`);
    await page.getByLabel('E-mailadres').fill(ADMIN.email);
    await page.getByLabel('Wachtwoord').fill(ADMIN.password);
    await page.getByRole('button', { name: 'Inloggen', exact: true }).click();
    await page.waitForURL('**/admin/main');
    await page.getByRole('heading', { level: 1, name: 'Overzicht' }).waitFor();
    await page.getByRole('heading', { level: 2, name: 'Volgende werkdag' }).waitFor();

    const tomorrow = page.getByRole('region', { name: 'Volgende werkdag' });
    expect(await tomorrow.getByRole('columnheader').allTextContents()).toEqual([
      'Cijfer',
      'Nederland, dinsdag 24 november',
      'België, dinsdag 24 november',
    ]);
    expect(await figure(page, 'Opdrachten', 0)).toBe('3');
    expect(await figure(page, 'Opdrachten', 1)).toBe('1');
    expect(await figure(page, 'Monteurs aan het werk', 0)).toBe('1');
    expect(await figure(page, 'Dag bevestigd', 0)).toBe('0 van 1');
    expect(await figure(page, 'Geïnformeerd', 0)).toBe('1 (33 %)');
    expect(await figure(page, 'Niet geïnformeerd', 0)).toBe('2');
    expect(await figure(page, 'Zonder monteur', 1)).toBe('1');
    expect(await page.locator('.overview-updated').innerText()).toMatch(/^Bijgewerkt om 19\.0\d$/);
    await saveScreenshot(page, 'console-landing');
    await expectNoAxeViolations(page, 'console-landing');

    await page.getByRole('link', { name: /^2: Niet geïnformeerd, Nederland/ }).click();
    await page.waitForURL('**/admin/orders?**');
    await page.getByRole('heading', { level: 1, name: 'Opdrachten' }).waitFor();
    const rows = page.locator('.orders-table tbody tr td:first-child');
    await expect.poll(() => rows.allTextContents()).toEqual(['CON-UNSEEN-1', 'CON-UNSEEN-2']);
    await page.getByText('Gevonden: 2').waitFor();
    const query = new URL(page.url()).searchParams;
    expect(Object.fromEntries(query)).toEqual({ from: '2026-11-24', to: '2026-11-24', country: 'NL', informed: 'no' });
    await context.close();
  });

  it('moves through the sidebar by keyboard, with the current place marked and the focus shown', async () => {
    const { page, context } = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    await page.goto(`${app.url}/admin/login`);
    await page.getByLabel('E-mailadres').fill(ADMIN.email);
    await page.getByLabel('Wachtwoord').fill(ADMIN.password);
    await page.getByLabel('Wachtwoord').press('Enter');
    await page.waitForURL('**/admin/main');
    await page.getByRole('heading', { level: 2, name: 'Volgende werkdag' }).waitFor();
    await page.goto(`${app.url}/admin/main`);
    await page.getByRole('heading', { level: 2, name: 'Volgende werkdag' }).waitFor();

    // First the skip link, which takes the focus past the navigation to the page.
    expect(await tabTo(page, 'link "Naar de inhoud"')).toEqual(['link "Naar de inhoud"']);
    await page.keyboard.press('Enter');
    await expect.poll(async () => (await focused(page)).name).toMatch(/^main /);

    // From the top again: sign-out, then the sidebar's places in order.
    await page.goto(`${app.url}/admin/main`);
    await page.getByRole('heading', { level: 2, name: 'Volgende werkdag' }).waitFor();
    expect(await tabTo(page, 'link "Opdrachten beheren"')).toEqual([
      'link "Naar de inhoud"',
      'button "Uitloggen"',
      'link "Overzicht"',
      'link "Bezoeken vandaag"',
      'link "Opdrachten zoeken"',
      'link "Opdrachten beheren"',
    ]);
    expect(await tabTo(page, 'link "Bellijst"')).toEqual([
      'link "Opdracht aanmaken"',
      'link "Opdrachten migreren"',
      'link "Bellijst"',
    ]);
    await page.keyboard.press('Enter');
    await page.waitForURL('**/admin/call-list');
    await page.getByRole('heading', { level: 1, name: 'Bellijst' }).waitFor();
    // The chosen place's page takes the focus, and the sidebar marks where the dispatcher is.
    await expect.poll(async () => (await focused(page)).name).toMatch(/^main /);
    const nav = page.getByRole('navigation', { name: 'Beheermenu' });
    expect(await nav.locator('[aria-current="page"]').allTextContents()).toEqual(['Bellijst']);
    await saveScreenshot(page, 'console-call-list');
    await context.close();
  });

  it('folds the sidebar into a menu button on a phone', async () => {
    const { page, context } = await browser.newPage({ viewport: { width: 360, height: 740 } });
    await page.goto(`${app.url}/admin/login`);
    await page.getByLabel('E-mailadres').fill(ADMIN.email);
    await page.getByLabel('Wachtwoord').fill(ADMIN.password);
    await page.getByRole('button', { name: 'Inloggen', exact: true }).click();
    await page.waitForURL('**/admin/main');
    const menu = page.getByRole('button', { name: 'Menu', exact: true });
    const nav = page.getByRole('navigation', { name: 'Beheermenu' });
    expect(await menu.getAttribute('aria-expanded')).toBe('false');
    expect(await nav.isVisible()).toBe(false);
    await menu.focus();
    await page.keyboard.press('Enter');
    expect(await menu.getAttribute('aria-expanded')).toBe('true');
    await nav.waitFor();
    expect(await tabTo(page, 'link "Feestdagen"')).toContain('link "Overzicht"');
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { level: 1, name: 'Feestdagen' }).waitFor();
    // Choosing a place closes the menu again.
    expect(await menu.getAttribute('aria-expanded')).toBe('false');
    expect(await nav.isVisible()).toBe(false);
    await context.close();
  });

  it('opens a not-informed order from the list, reschedules it to another day and undoes a reassignment', async () => {
    const piet = await withDatabase(app, (em) =>
      createTechnician(em, { firstname: 'Piet', lastname: 'Klaassen', country: Country.NL }),
    );
    const { page, context } = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    await page.goto(`${app.url}/admin/login`);
    await page.getByLabel('E-mailadres').fill(ADMIN.email);
    await page.getByLabel('Wachtwoord').fill(ADMIN.password);
    await page.getByRole('button', { name: 'Inloggen', exact: true }).click();
    await page.waitForURL('**/admin/main');
    await page.getByRole('heading', { level: 2, name: 'Volgende werkdag' }).waitFor();
    await saveReadmeScreenshot(page, 'console-landing');
    await page.getByRole('link', { name: /^2: Niet geïnformeerd, Nederland/ }).click();
    const rows = page.locator('.orders-table tbody tr td:first-child');
    await expect.poll(() => rows.allTextContents()).toEqual(['CON-UNSEEN-1', 'CON-UNSEEN-2']);
    await saveReadmeScreenshot(page, 'console-order-list');

    // Open one.
    await page.getByRole('link', { name: 'CON-UNSEEN-1' }).click();
    await page.waitForURL('**/admin/appointment/manage?reference=CON-UNSEEN-1');
    await page.getByRole('heading', { name: 'Opdracht CON-UNSEEN-1' }).waitFor();
    await saveScreenshot(page, 'console-order-opened');

    // Reschedule it to Wednesday afternoon.
    await page.getByRole('button', { name: 'Verzetten' }).click();
    const dialog = page.getByRole('dialog', { name: 'Opdracht CON-UNSEEN-1 verzetten' });
    // No day before the server's today (CLOCK_NOW), whatever the machine's clock says.
    expect(localDateOf(new Date(), 'Europe/Amsterdam')).not.toBe('2026-11-23');
    await expect.poll(() => dialog.getByLabel('Datum').getAttribute('min')).toBe('2026-11-23');
    await dialog.getByLabel('Datum').fill('2026-11-25');
    await dialog.getByLabel('Begintijd').selectOption('13');
    await dialog.getByText(/^Wordt: woensdag 25-11-2026 13.00–16.00, Jan de Vries\.$/).waitFor();
    await saveScreenshot(page, 'console-reschedule-dialog');
    await dialog.getByRole('button', { name: 'Verzetten' }).click();
    await page.getByText('Opdracht verzet').waitFor();
    await saveScreenshot(page, 'console-order-rescheduled');
    const stored = () =>
      withDatabase(app, (em) =>
        em.findOneOrFail(Order, { referenceNumber: 'CON-UNSEEN-1' }, { populate: ['technician'] }),
      );
    expect((await stored()).appointment.toISOString()).toBe('2026-11-25T12:00:00.000Z');

    // Another technician by mistake, and back within the undo's seconds.
    await page.getByLabel('Andere monteur').selectOption(piet.personalNumber);
    await page.getByRole('button', { name: 'Opslaan', exact: true }).click();
    await page
      .getByRole('dialog', { name: 'Opdracht CON-UNSEEN-1 naar een andere monteur?' })
      .getByRole('button', { name: 'Monteur wijzigen' })
      .click();
    await page.getByText('Opdracht aangepast').waitFor();
    expect((await stored()).technician?.personalNumber).toBe(piet.personalNumber);
    await page.getByRole('button', { name: 'Ongedaan maken' }).click();
    await page.getByText('Ongedaan gemaakt').waitFor();
    expect((await stored()).technician?.firstname).toBe('Jan');
    await saveScreenshot(page, 'console-reassign-undone');

    // Back to the list as it was: the moved order has left tomorrow's not-informed customers.
    await page.getByRole('link', { name: 'Terug' }).click();
    await page.waitForURL('**/admin/orders?**');
    await expect.poll(() => rows.allTextContents()).toEqual(['CON-UNSEEN-2']);
    await saveScreenshot(page, 'console-list-after-reschedule');
    await context.close();
  });
});
