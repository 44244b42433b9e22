import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Country } from '../../server/common/locale.js';
import { registerUnsubscribeKey, unsubscribe } from '../../server/consumer-links/unsubscribes.js';
import { Order } from '../../server/orders/order.entity.js';
import { INCLUDING_DELETED } from '../../server/orders/repository/active-orders.js';
import { ConsumerReply, VisitAnswer } from '../../server/replies/consumer-reply.entity.js';
import { createAdmin, createOrder, createTechnician } from '../utils/factories.js';
import { expectNoAxeViolations } from './utils/accessibility.js';
import { startAppProcess, type AppProcess } from './utils/app-process.js';
import { appTokens, withDatabase } from './utils/arrange.js';
import { launchBrowser, saveReadmeScreenshot, saveScreenshot, type E2EBrowser } from './utils/browser.js';
import { tabTo } from './utils/keyboard.js';
import { openOnSite, SITES, textOf } from './utils/sites.js';

/** Monday 23 November 2026, 19:00: Tuesday's windows are shown, the evening-before calls are due. */
const NOW = new Date('2026-11-23T19:00:00+01:00');
const CREATED = new Date('2026-11-10T09:00:00+01:00');
const REPLIED = new Date('2026-11-23T17:10:00+01:00');
const [DUTCH, FRENCH] = SITES;
const tuesday = (hour: number) => new Date(`2026-11-24T${String(hour).padStart(2, '0')}:00:00+01:00`);

/** The page does not scroll sideways, and neither does the table inside its own box. */
async function widths(page: Page) {
  return page.evaluate(() => {
    const wrap = document.querySelector<HTMLElement>('.table-wrap');
    return {
      page: document.scrollingElement?.scrollWidth ?? Number.POSITIVE_INFINITY,
      window: window.innerWidth,
      table: wrap?.scrollWidth ?? Number.POSITIVE_INFINITY,
      box: wrap?.clientWidth ?? 0,
      /** Each column's width, to tell which one pushes when the table is too wide. */
      columns: Array.from(document.querySelectorAll<HTMLElement>('.orders-table thead th')).map(
        (th) => `${th.textContent ?? ''}: ${Math.round(th.getBoundingClientRect().width)}`,
      ),
    };
  });
}

describe("the office's order page, order list and call list at 1280 px (built app in Chromium)", () => {
  let app: AppProcess;
  let browser: E2EBrowser;
  let adminToken: string;

  beforeAll(async () => {
    app = await startAppProcess({ CLOCK_NOW: NOW.toISOString() });
    await withDatabase(app, async (em) => {
      const jan = await createTechnician(em, { firstname: 'Jan', lastname: 'de Vries', personalNumber: 'N7001' });
      const luc = await createTechnician(em, {
        firstname: 'Luc',
        lastname: 'Peeters',
        personalNumber: 'B7002',
        country: Country.BE,
      });
      const base = { technician: jan, createdAt: CREATED };
      await createOrder(em, { ...base, referenceNumber: 'OP-ANNA', name: 'Anna Jansen', appointment: tuesday(8) });
      await createOrder(em, {
        ...base,
        referenceNumber: 'OP-LONG',
        name: 'Geertruida Wilhelmina van Oldenbarnevelt-Wijnbergen',
        city: 'Kapelle-op-den-Bos aan de Hollandse IJssel',
        zipcode: '2841 AB',
        houseNumber: '1234',
        houseNumberAddition: 'bis',
        appointment: tuesday(9),
        special: true,
        externalCompany: 0,
      });
      await createOrder(em, { ...base, referenceNumber: 'OP-DEL', name: 'Daan Dekker', appointment: tuesday(11) });
      const petra = await createOrder(em, {
        ...base,
        referenceNumber: 'OP-PETRA',
        name: 'Petra Vos',
        phone: '06 98765432',
        appointment: tuesday(13),
        special: true,
      });
      const marie = await createOrder(em, {
        referenceNumber: 'OP-MARIE',
        name: 'Marie Lambert',
        country: Country.BE,
        zipcode: '1000',
        city: 'Bruxelles',
        phone: '0470 11 22 33',
        technician: luc,
        createdAt: CREATED,
        appointment: tuesday(13),
        special: true,
      });
      await createOrder(em, {
        referenceNumber: 'OP-BRUNO',
        name: 'Bruno Claes',
        country: Country.BE,
        zipcode: '1000',
        city: 'Bruxelles',
        phone: '0470 44 55 66',
        technician: luc,
        createdAt: CREATED,
        appointment: tuesday(8),
      });
      for (const order of [petra, marie]) {
        em.create(ConsumerReply, { order, answer: VisitAnswer.CALL_ME, createdAt: REPLIED, updatedAt: REPLIED });
      }
      await em.flush();
      // Asked for no more text messages: hashed with the app's key, as its unsubscribe page stores it.
      registerUnsubscribeKey({ config: em.config }, readFileSync(join(app.dataDir, 'jwt-secret'), 'utf8').trim());
      for (const order of [petra, marie]) await unsubscribe(em, 'SMS', order.phone, REPLIED);
      adminToken = appTokens(app).signAdmin(await createAdmin(em, { firstname: 'Ria', lastname: 'Beheer' }));
    });
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await app?.stop();
  });

  const open = (site: (typeof SITES)[number], path: string, viewport = { width: 1280, height: 900 }) =>
    openOnSite(browser, app, site, path, { storage: { adminToken }, viewport });

  const stored = (referenceNumber: string) =>
    withDatabase(app, (em) => em.findOneOrFail(Order, { referenceNumber }, INCLUDING_DELETED));

  it('heads the order page with its status, window, technician and marks, without a search box', async () => {
    const { page, context } = await open(DUTCH, '/admin/appointment/manage?reference=OP-PETRA');
    await page.getByRole('heading', { level: 1, name: 'Opdracht OP-PETRA' }).waitFor();
    const header = page.locator('.order-header');
    expect(await header.locator('dt').allTextContents()).toEqual(['Status', 'Tijdvak', 'Monteur', 'Kenmerken']);
    expect(await header.locator('dd').first().textContent()).toBe('Gepland');
    expect(await header.locator('.order-window').innerText()).toMatch(/^dinsdag 24-11-2026 13\.00–16\.00$/i);
    expect(await header.locator('dd').nth(2).textContent()).toBe('Jan de Vries');
    expect(await header.locator('.order-marks li').allTextContents()).toEqual(['Bel mij', 'Afgemeld: Sms', 'Speciaal']);
    // Searching is the order list's: the order page has no search box of its own.
    expect(await page.getByRole('search').count()).toBe(0);
    expect(await page.getByLabel('Referentienummer').count()).toBe(0);
    await page.getByRole('region', { name: 'Geschiedenis' }).waitFor();
    await page.waitForLoadState('networkidle');
    const measured = await widths(page);
    expect(measured.page).toBeLessThanOrEqual(measured.window);
    await expectNoAxeViolations(page, 'order-page-header-nl');
    await saveReadmeScreenshot(page, 'console-order-page');
    // "Terug" leads to the order list, where searching is.
    await page.getByRole('link', { name: 'Terug' }).click();
    await page.waitForURL('**/admin/orders');

    // An order an external company handles says so, with the company's name.
    await page.goto(page.url().replace(/\/admin\/orders$/, '/admin/appointment/manage?reference=OP-LONG'));
    await page.getByRole('heading', { level: 1, name: 'Opdracht OP-LONG' }).waitFor();
    const longMarks = await page.locator('.order-marks li').allTextContents();
    expect(longMarks[0]).toBe('Speciaal');
    expect(longMarks[1]).toMatch(/^Extern: \S/);
    await context.close();
  });

  it('reads in French on the Belgian site', async () => {
    const { page, context } = await open(FRENCH, '/admin/appointment/manage?reference=OP-MARIE');
    await page.getByRole('heading', { level: 1, name: 'Mission OP-MARIE' }).waitFor();
    const header = page.locator('.order-header');
    expect(await header.locator('dt').allTextContents()).toEqual([
      textOf(FRENCH, 'admin.ordersList.column.stage'),
      textOf(FRENCH, 'admin.orders.window'),
      textOf(FRENCH, 'admin.orders.field.technician'),
      textOf(FRENCH, 'admin.ordersList.marks'),
    ]);
    expect(await header.locator('dd').first().textContent()).toBe(textOf(FRENCH, 'visit.stage.PLANNED'));
    expect(await header.locator('.order-window').innerText()).toMatch(/^mardi 24-11-2026 13\sh–16\sh$/i);
    expect(await header.locator('.order-marks li').allTextContents()).toEqual([
      textOf(FRENCH, 'admin.ordersList.reply.CALL_ME'),
      textOf(FRENCH, 'admin.ordersList.mark.unsubscribed', {
        channels: textOf(FRENCH, 'admin.messages.channel.SMS'),
      }),
      textOf(FRENCH, 'admin.ordersList.mark.special'),
    ]);
    await page.waitForLoadState('networkidle');
    await expectNoAxeViolations(page, 'order-page-header-fr');
    await context.close();
  });

  it('offers one way back after a delete: "Ongedaan maken" for a few seconds, then "Terugzetten"', async () => {
    const { page, context } = await open(DUTCH, '/admin/appointment/manage?reference=OP-DEL');
    await page.getByRole('heading', { level: 1, name: 'Opdracht OP-DEL' }).waitFor();
    const undo = page.getByRole('button', { name: 'Ongedaan maken' });
    const restore = page.getByRole('button', { name: 'Terugzetten' });
    const remove = async () => {
      await page.getByRole('button', { name: 'Verwijderen', exact: true }).click();
      await page
        .getByRole('dialog', { name: 'Opdracht OP-DEL verwijderen?' })
        .getByRole('button', { name: 'Verwijderen' })
        .click();
      await page.getByText('Opdracht verwijderd').waitFor();
    };

    // Right after the delete: the undo alone, not a restore beside it.
    await remove();
    await undo.waitFor();
    expect(await restore.count()).toBe(0);
    await undo.click();
    await page.getByText('Ongedaan gemaakt').waitFor();
    expect((await stored('OP-DEL')).deletedAt).toBeNull();
    await page.getByRole('button', { name: 'Verwijderen', exact: true }).waitFor();
    expect(await restore.count()).toBe(0);

    // Once the undo's seconds are over, the restore takes its place: it asks first.
    await remove();
    await undo.waitFor();
    await restore.waitFor({ timeout: 20_000 });
    expect(await undo.count()).toBe(0);
    expect(await page.locator('.order-marks li').allTextContents()).toContain('Verwijderd');
    await expectNoAxeViolations(page, 'order-page-deleted');
    await restore.click();
    await page
      .getByRole('dialog', { name: 'Opdracht OP-DEL terugzetten?' })
      .getByRole('button', { name: 'Terugzetten' })
      .click();
    await page.getByText('Opdracht teruggezet').waitFor();
    expect((await stored('OP-DEL')).deletedAt).toBeNull();
    await context.close();
  });

  it('fits the order list in 1280 px: columns by priority, the rest chosen in "Kolommen" and remembered', async () => {
    const { page, context } = await open(DUTCH, '/admin/orders?from=2026-11-24');
    const table = page.locator('.orders-table');
    await table.getByRole('link', { name: 'OP-LONG' }).waitFor();
    // The headers' words as written (the style shows them in capitals), without the sort arrow.
    const headers = async () =>
      (await table.locator('thead th').allTextContents()).map((text) => text.replace(/ [▲▼]$/, ''));
    expect(await headers()).toEqual([
      'Referentie',
      'Naam',
      'Postcode',
      'Plaats',
      'Datum',
      'Monteur',
      'Status',
      'Tijdvak bekeken',
      'Reactie klant',
      'Kenmerken',
    ]);
    let measured = await widths(page);
    expect(measured.page).toBeLessThanOrEqual(measured.window);
    expect(measured.table, measured.columns.join(', ')).toBeLessThanOrEqual(measured.box);
    await saveScreenshot(page, 'orders-list-1280');

    // Columns switched off stay off on the next visit (this browser).
    // By keyboard: the menu button opens the checkboxes, Tab reaches them, Space switches a column off.
    const menu = page.getByRole('button', { name: 'Kolommen' });
    await menu.focus();
    await page.keyboard.press('Enter');
    expect(await menu.getAttribute('aria-expanded')).toBe('true');
    await page.getByRole('group', { name: 'Kolommen tonen' }).waitFor();
    await tabTo(page, 'textbox "Tijdvak bekeken"');
    await page.keyboard.press('Space');
    await tabTo(page, 'textbox "Postcode"');
    await page.keyboard.press('Space');
    await expectNoAxeViolations(page, 'orders-list-columns-menu');
    await expect.poll(headers).not.toContain('Postcode');
    await page.reload();
    await table.getByRole('link', { name: 'OP-LONG' }).waitFor();
    expect(await headers()).not.toContain('Postcode');
    expect(await headers()).not.toContain('Tijdvak bekeken');
    expect(await headers()).toContain('Plaats');

    // Narrower, the lowest priority folds away by itself; the page still does not scroll sideways.
    await page.setViewportSize({ width: 1024, height: 900 });
    await expect.poll(() => table.locator('thead th', { hasText: 'Plaats' }).isVisible()).toBe(false);
    expect(await table.locator('thead th', { hasText: 'Monteur' }).isVisible()).toBe(true);
    measured = await widths(page);
    expect(measured.page).toBeLessThanOrEqual(measured.window);
    expect(measured.table, measured.columns.join(', ')).toBeLessThanOrEqual(measured.box);
    await context.close();

    const french = await open(FRENCH, '/admin/orders?from=2026-11-24&technician=B7002');
    await french.page.locator('.orders-table').getByRole('link', { name: 'OP-MARIE' }).waitFor();
    // "Exporter cette sélection": exactly the orders of the filter, in the import format.
    const [download] = await Promise.all([
      french.page.waitForEvent('download'),
      french.page.getByRole('button', { name: textOf(FRENCH, 'admin.ordersList.export') }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('tijdvak-selectie.23-11-2026.csv');
    const file = readFileSync((await download.path()) ?? '', 'utf8');
    const references = file
      .split('\r\n')
      .slice(1)
      .filter((line) => line !== '')
      .map((line) => line.split(';')[0]);
    expect(references).toEqual(['OP-BRUNO', 'OP-MARIE']);
    await french.page
      .getByText(textOf(FRENCH, 'admin.ordersList.exported', { file: 'tijdvak-selectie.23-11-2026.csv', count: 2 }))
      .waitFor();
    await french.page.getByRole('button', { name: textOf(FRENCH, 'admin.ordersList.columns') }).click();
    await french.page.getByRole('group', { name: textOf(FRENCH, 'admin.ordersList.columnsLegend') }).waitFor();
    const frenchWidths = await widths(french.page);
    expect(frenchWidths.page).toBeLessThanOrEqual(frenchWidths.window);
    expect(frenchWidths.table, frenchWidths.columns.join(', ')).toBeLessThanOrEqual(frenchWidths.box);
    await expectNoAxeViolations(french.page, 'orders-list-columns-menu-fr');
    await french.context.close();
  });

  it('puts the customer who asked to be called first on the call list, with the "Bel mij" badge', async () => {
    for (const [site, first, other] of [
      [DUTCH, 'Petra Vos', 'Anna Jansen'],
      [FRENCH, 'Marie Lambert', 'Bruno Claes'],
    ] as const) {
      const { page, context } = await open(site, '/admin/call-list');
      const rows = page.locator('.call-list tbody tr');
      await rows.filter({ hasText: other }).waitFor();
      const firstRow = rows.first();
      expect(await firstRow.innerText()).toContain(first);
      // Later on the day than others, yet first: a customer waiting for our call comes before those we chase.
      expect(await firstRow.locator('.call-list-window').innerText()).toMatch(/^13/);
      const badge = textOf(site, 'admin.ordersList.reply.CALL_ME');
      expect(await firstRow.locator('.badge-reply-call_me').textContent()).toBe(badge);
      expect(await rows.locator('.badge-reply-call_me').count()).toBe(1);
      await expectNoAxeViolations(page, `call-list-call-me-${site.language}`);
      await context.close();
    }
  });
});
