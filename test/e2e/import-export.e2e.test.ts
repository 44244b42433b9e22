import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Order } from '../../server/orders/order.entity.js';
import { createAdmin, createTechnician } from '../utils/factories.js';
import { startAppProcess, type AppProcess } from './utils/app-process.js';
import { appTokens, openWithStorage, withDatabase } from './utils/arrange.js';
import { launchBrowser, saveScreenshot, type E2EBrowser } from './utils/browser.js';

const HEADER = 'reference_number;name;email;phone;zipcode;house_number;city;date;time;technician;flag';

const GOOD = [
  HEADER,
  'E2E-1;"Jansen; Anna";anna@example.test;06 12345678;1234 AB;12;Utrecht;24-11-2026;09:30;N100;1',
  'E2E-2;Piet Bakker;piet@example.test;030 2345678;3511 CD;4;Utrecht;24-11-2026;13:00;;0',
  'E2E-3;Els Smit;els@example.test;06 23456789;5611 JK;150;Eindhoven;25-11-2026;08:00/11:00;;0',
].join('\r\n');

const BAD = [
  HEADER,
  'E2E-4;Kees Mulder;kees@example.test;050 4567890;9711 LM;3;Groningen;24-11-2026;09:00;;0',
  'E2E-5;Sanne Visser;sanne-at-example;06 34567890;2511 EF;88;Den Haag;24-11-2026;09:00;;0',
].join('\r\n');

describe('data in and out (built app in Chromium)', () => {
  let app: AppProcess;
  let browser: E2EBrowser;
  let adminToken: string;

  beforeAll(async () => {
    app = await startAppProcess({ BRAND: 'acme' });
    browser = await launchBrowser();
    const admin = await withDatabase(app, async (em) => {
      await createTechnician(em, { personalNumber: 'N100' });
      return createAdmin(em);
    });
    adminToken = appTokens(app).signAdmin(admin);
  });
  afterAll(async () => {
    await browser?.close();
    await app?.stop();
  });

  const chooseFile = (page: Page, name: string, content: string) =>
    page.getByLabel('CSV-bestand').setInputFiles({ name, mimeType: 'text/csv', buffer: Buffer.from(content) });

  it('uploads a small file, shows the progress and the summary', async () => {
    const { page, context } = await browser.newPage();
    await openWithStorage(page, app, { adminToken }, '/admin/import');
    await expect.poll(() => page.locator('h1').textContent()).toBe('Gegevens inladen');
    await chooseFile(page, 'orders.csv', GOOD);
    await page.getByRole('button', { name: 'Database gegevens inladen' }).click();

    const success = page.locator('.message-success');
    await success.waitFor();
    expect(await success.textContent()).toBe('Import voltooid. 3 regels: 3 nieuw, 0 bijgewerkt, 0 ongewijzigd.');
    expect(await page.getByRole('progressbar', { name: 'Bestand verzonden' }).getAttribute('value')).toBe('100');
    expect(await page.locator('.progress-counts').textContent()).toBe('Gecontroleerd: 3 regelsOpgeslagen: 3 regels');
    await saveScreenshot(page, 'import-success');
    const stored = await withDatabase(app, (em) => em.count(Order, { referenceNumber: { $like: 'E2E-%' } }));
    expect(stored).toBe(3);
    await context.close();
  });

  it('shows the row report of a bad file and writes nothing (also at phone width)', async () => {
    const { page, context } = await browser.newPage({ viewport: { width: 375, height: 800 } });
    await openWithStorage(page, app, { adminToken }, '/admin/import');
    await chooseFile(page, 'bad.csv', BAD);
    await page.getByRole('button', { name: 'Database gegevens inladen' }).click();

    const alert = page.getByRole('alert');
    await expect
      .poll(() => alert.textContent())
      .toBe('Het bestand bevat 1 fout; er is niets ingeladen. Pas het bestand aan en laad het opnieuw in.');
    const row = page.locator('.import-report tbody tr');
    expect(await row.count()).toBe(1);
    expect(await row.locator('td').allTextContents()).toEqual([
      '3',
      'email',
      'sanne-at-example',
      'Dit is geen geldig e-mailadres.',
    ]);
    const pageWidth = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(pageWidth).toBeLessThanOrEqual(375);
    await saveScreenshot(page, 'import-row-report-phone');
    const stored = await withDatabase(app, (em) => em.count(Order, { referenceNumber: 'E2E-4' }));
    expect(stored).toBe(0);
    await context.close();
  });

  it('downloads the export with its name and the CSV header as first line', async () => {
    const { page, context } = await browser.newPage();
    await openWithStorage(page, app, { adminToken }, '/admin/export');
    await expect.poll(() => page.locator('h1').textContent()).toBe('Gegevens downloaden');
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Download' }).click(),
    ]);
    // The export is named after the server's day in Amsterdam.
    const info = (await (
      await fetch(`${app.url}/graphql`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ query: '{ serverInfo { now } }' }),
      })
    ).json()) as { data: { serverInfo: { now: string } } };
    const [day, month, year] = new Intl.DateTimeFormat('en-GB', {
      timeZone: 'Europe/Amsterdam',
      day: '2-digit',
      month: '2-digit',
      year: 'numeric',
    })
      .format(new Date(info.data.serverInfo.now))
      .split('/');
    expect(download.suggestedFilename()).toBe(`acme-export.${day}-${month}-${year}.csv`);
    const content = readFileSync(await download.path(), 'utf8');
    expect(content.charCodeAt(0)).toBe(0xfeff);
    const lines = content.slice(1).split('\r\n');
    expect(lines[0]).toBe(
      'reference_number;name;email;phone;zipcode;house_number;city;country;date;time;technician;flag;external',
    );
    expect(lines[1]).toBe(
      'E2E-1;"Jansen; Anna";anna@example.test;06 12345678;1234AB;12;Utrecht;NL;24-11-2026;08:00/11:00;N100;1;',
    );
    await page.locator('.message-success').waitFor();
    await saveScreenshot(page, 'export-done');
    await context.close();
  });

  it('edits the import windows and refuses a set with a gap, naming the rule', async () => {
    const { page, context } = await browser.newPage();
    await openWithStorage(page, app, { adminToken }, '/admin/settings');
    const firstRule = page.getByRole('group', { name: 'Regel 1: vóór' });
    await firstRule.getByLabel('Gepland vóór').selectOption('9');
    await page.getByRole('button', { name: 'Opslaan' }).click();
    await expect
      .poll(() => page.getByRole('alert').textContent())
      .toBe(
        "Geplande tijden van 09:00 tot 10:00 vallen onder geen enkele regel: de regel '10:00/12:00' sluit niet aan op de regel '<09:00'.",
      );
    await saveScreenshot(page, 'settings-gap');

    const secondRule = page.getByRole('group', { name: 'Regel 2: tussen' });
    await secondRule.getByLabel('Gepland vanaf').selectOption('9');
    await page.getByRole('button', { name: 'Opslaan' }).click();
    await expect.poll(() => page.locator('.message-success').textContent()).toBe('Importvensters opgeslagen.');
    await page.reload();
    await expect
      .poll(() => page.getByRole('group', { name: 'Regel 2: tussen' }).getByLabel('Gepland vanaf').inputValue())
      .toBe('9');
    await context.close();
  });
});
