import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ConsumerMessage,
  MessageChannel,
  MessageKind,
  MessageStatus,
} from '../../server/messages/consumer-message.entity.js';
import { MessageFailureCode } from '../../server/messages/message-failure.js';
import { Country } from '../../server/common/locale.js';
import type { Order } from '../../server/orders/order.entity.js';
import { createAdmin, createOrder, createTechnician } from '../utils/factories.js';
import { expectNoAxeViolations } from './utils/accessibility.js';
import { startAppProcess, type AppProcess } from './utils/app-process.js';
import { appTokens, withDatabase } from './utils/arrange.js';
import { launchBrowser, saveScreenshot, type E2EBrowser } from './utils/browser.js';
import { openOnSite, SITES, textOf } from './utils/sites.js';

/**
 * Tuesday 1 December 2026 after 13:30: Wednesday's windows are shown, so a failed window message for Wednesday is what
 * the planner itself would have written, and nothing newer replaces it (a failed message of a day not shown yet reads
 * as a visit moved since, which the planner tells anew, and that newer message refuses the resend).
 */
const NOW = new Date('2026-12-01T14:00:00+01:00');
const wednesday = (hour: number) => new Date(`2026-12-02T${String(hour).padStart(2, '0')}:00:00+01:00`);

describe("the office's smaller tools in Chromium (failed messages, technicians' countries, website visits)", () => {
  let app: AppProcess;
  let browser: E2EBrowser;
  let adminToken: string;
  let nlOrder: Order;
  let beOrder: Order;

  beforeAll(async () => {
    app = await startAppProcess({ CLOCK_NOW: NOW.toISOString() });
    browser = await launchBrowser();
    adminToken = await withDatabase(app, async (em) => appTokens(app).signAdmin(await createAdmin(em)));
    // One transaction: the app's planner sees the orders with their messages, never the orders alone.
    await withDatabase(app, (outer) =>
      outer.transactional(async (em) => {
        nlOrder = await createOrder(em, {
          referenceNumber: 'FAIL-NL',
          appointment: wednesday(9),
          email: 'jan.jansen@example.nl',
          phone: '06 12345678',
        });
        beOrder = await createOrder(em, {
          referenceNumber: 'FAIL-BE',
          country: Country.BE,
          zipcode: '1000',
          appointment: wednesday(10),
          email: 'marie@example.be',
          phone: '0470 12 34 56',
        });
        const failed = (order: Order, channel: MessageChannel, minutesAgo: number, code: MessageFailureCode) =>
          em.create(ConsumerMessage, {
            order,
            kind: MessageKind.WINDOW,
            channel,
            windowStart: order.appointment,
            windowSeconds: 10_800,
            recipient: channel === MessageChannel.EMAIL ? order.email : '+32470123456',
            language: order.country === Country.BE ? 'fr' : 'nl',
            status: MessageStatus.FAILED,
            tries: 1,
            lastError: '550 5.1.1 <recipient>: mailbox unavailable',
            failureCode: code,
            failedAt: new Date(NOW.getTime() - minutesAgo * 60_000),
            createdAt: new Date(NOW.getTime() - 60 * 60_000),
          });
        failed(nlOrder, MessageChannel.EMAIL, 30, MessageFailureCode.SMTP_RECIPIENT_REFUSED);
        failed(beOrder, MessageChannel.SMS, 10, MessageFailureCode.SMS_INVALID_NUMBER);
        await em.flush();
        await createTechnician(em, { firstname: 'Piet', lastname: 'Landman', country: Country.NL });
        await createTechnician(em, { firstname: 'Luc', lastname: 'Landman', country: Country.BE });
      }),
    );
  });
  afterAll(async () => {
    await browser?.close();
    await app?.stop();
  });

  const rowsOf = (page: Page) =>
    page
      .locator('.failed-messages-table tbody tr')
      .evaluateAll((rows) => rows.map((row) => row.querySelector('td:nth-child(2)')?.textContent ?? ''));

  it('lists the failed messages across orders, newest first, by reason, and sends one again', async () => {
    const { page, context } = await openOnSite(browser, app, SITES[0], '/admin/main', { storage: { adminToken } });
    const nav = page.getByRole('navigation', { name: 'Beheermenu' });
    await nav.getByRole('link', { name: 'Mislukte berichten' }).click();
    await page.waitForURL('**/admin/messages/failed');
    await page.getByRole('heading', { level: 1, name: 'Mislukte berichten' }).waitFor();
    await page.locator('.failed-messages-table').waitFor();
    expect(await nav.locator('[aria-current="page"]').allTextContents()).toEqual(['Mislukte berichten']);
    expect(await rowsOf(page)).toEqual(['FAIL-BE', 'FAIL-NL']);
    expect(await page.getByText('Mislukte berichten: 2').count()).toBe(1);
    const nlRow = page.locator('.failed-messages-table tbody tr', { hasText: 'FAIL-NL' });
    expect(await nlRow.textContent()).toContain('j•••@example.nl');
    expect(await nlRow.textContent()).toContain('De mailserver van de klant weigert dit e-mailadres');
    expect(await nlRow.getByRole('link', { name: 'FAIL-NL' }).getAttribute('href')).toBe(
      '/admin/appointment/manage?reference=FAIL-NL',
    );
    await expectNoAxeViolations(page, 'failed-messages');
    await saveScreenshot(page, 'failed-messages');

    // The reason is a filter in the URL.
    await page.getByLabel('Reden').selectOption('SMS_INVALID_NUMBER');
    await page.waitForURL('**/admin/messages/failed?reason=SMS_INVALID_NUMBER');
    await expect.poll(() => rowsOf(page)).toEqual(['FAIL-BE']);
    await page.getByLabel('Reden').selectOption('');
    await expect.poll(() => rowsOf(page)).toEqual(['FAIL-BE', 'FAIL-NL']);

    // Sent again after the question: it waits to be sent, so it leaves the list, and the order's history has it.
    await nlRow.getByRole('button', { name: /^Opnieuw versturen/ }).click();
    const question = page.getByRole('dialog', { name: 'Bericht opnieuw versturen?' });
    await question.waitFor();
    await expectNoAxeViolations(page, 'failed-messages-resend');
    await question.getByRole('button', { name: 'Opnieuw versturen' }).click();
    await page
      .getByText(
        'Tijdvak per E-mail aan j•••@example.nl (opdracht FAIL-NL): staat klaar om opnieuw te worden verstuurd.',
      )
      .waitFor();
    await expect.poll(() => rowsOf(page)).toEqual(['FAIL-BE']);
    const status = await withDatabase(
      app,
      async (em) =>
        (await em.findOneOrFail(ConsumerMessage, { order: nlOrder.id, channel: MessageChannel.EMAIL })).status,
    );
    expect(status).not.toBe(MessageStatus.FAILED);
    await context.close();
  });

  it('speaks French on the Belgian site, and refuses a resend with the reason in the same place', async () => {
    // Switched off for Belgium: the order log's rule refuses, and the screen says why.
    await withDatabase(app, (em) =>
      em.getConnection().execute(`update message_settings set enabled = false where country = 'BE'`),
    );
    const { page, context } = await openOnSite(browser, app, SITES[1], '/admin/messages/failed', {
      storage: { adminToken },
    });
    await page.getByRole('heading', { level: 1, name: 'Messages en échec' }).waitFor();
    await page.locator('.failed-messages-table').waitFor();
    expect(await rowsOf(page)).toEqual(['FAIL-BE']);
    expect(await page.locator('.failed-messages-table thead').textContent()).toContain('Mission');
    await expectNoAxeViolations(page, 'failed-messages-fr');
    await page.getByRole('button', { name: /^Renvoyer/ }).click();
    await page
      .getByRole('dialog', { name: 'Renvoyer le message\u00a0?' })
      .getByRole('button', { name: 'Renvoyer' })
      .click();
    await page.getByText('Les messages aux consommateurs sont désactivés pour', { exact: false }).waitFor();
    expect(await rowsOf(page)).toEqual(['FAIL-BE']);
    await context.close();
  });

  it("shows each technician's country in the list, in the site's language", async () => {
    for (const site of SITES) {
      const { page, context } = await openOnSite(browser, app, site, '/admin/technicians/index', {
        storage: { adminToken },
      });
      await page.getByPlaceholder(textOf(site, 'admin.technicians.searchPlaceholder')).fill('landman');
      await expect.poll(() => page.locator('tbody tr').count()).toBe(2);
      expect(await page.locator('thead th').allTextContents()).toContain(textOf(site, 'admin.technicians.country'));
      const countryOf = (name: string) =>
        page.locator('tbody tr', { hasText: name }).locator('.technician-country').textContent();
      expect(await countryOf('Piet Landman')).toBe(site.language === 'nl' ? 'Nederland' : 'Pays-Bas');
      expect(await countryOf('Luc Landman')).toBe(site.language === 'nl' ? 'België' : 'Belgique');
      await expectNoAxeViolations(page, `technicians-country-${site.language}`);
      await context.close();
    }
  });

  it('calls the page views of the statistics website visits, not visits', async () => {
    for (const site of SITES) {
      const { page, context } = await openOnSite(browser, app, site, '/admin/statistics', { storage: { adminToken } });
      await page.locator('.stats-averages dt').first().waitFor();
      const terms = await page.locator('.stats-averages dt').allTextContents();
      expect(terms).toContain(site.language === 'nl' ? 'Websitebezoeken in totaal' : 'Visites du site au total');
      await page.locator('.stats-chart h2').first().waitFor();
      expect(await page.locator('.stats-chart h2').first().textContent()).toBe(
        site.language === 'nl' ? 'Websitebezoeken per uur' : 'Visites du site par heure',
      );
      await context.close();
    }
  });
});
