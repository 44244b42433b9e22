import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Country } from '../../server/common/locale.js';
import { Holiday } from '../../server/holidays/holiday.entity.js';
import { createAdmin } from '../utils/factories.js';
import { startAppProcess, type AppProcess } from './utils/app-process.js';
import { expectNoAxeViolations } from './utils/accessibility.js';
import { appTokens, openWithStorage, withDatabase } from './utils/arrange.js';
import { launchBrowser, saveScreenshot, type E2EBrowser } from './utils/browser.js';

describe('holiday screens (built app in Chromium)', () => {
  let app: AppProcess;
  let browser: E2EBrowser;
  let adminToken: string;

  beforeAll(async () => {
    app = await startAppProcess();
    browser = await launchBrowser();
    adminToken = await withDatabase(app, async (em) => appTokens(app).signAdmin(await createAdmin(em)));
  });
  afterAll(async () => {
    await browser?.close();
    await app?.stop();
  });

  const datesOf = (page: Page, country: 'NL' | 'BE') =>
    page.locator(`section[aria-labelledby="holidays-${country}"] tbody tr td:first-child`).allTextContents();

  const create = async (page: Page, country: 'NL' | 'BE', date: string) => {
    await page.getByRole('link', { name: 'Aanmaken', exact: true }).click();
    await page.locator('h1', { hasText: 'Feestdag aanmaken' }).waitFor();
    expect(await page.getByLabel('Land').inputValue()).toBe('NL');
    await page.getByLabel('Land').selectOption(country);
    await page.getByLabel('Datum').fill(date);
    await page.getByRole('button', { name: 'Aanmaken' }).click();
    await page.waitForURL('**/admin/holiday/index');
    // The list says what was saved, in the page (no browser dialog).
    const [year, month, day] = date.split('-');
    await page.getByText(`Feestdag ${day}-${month}-${year} (${country}) opgeslagen.`).waitFor();
  };

  it('creates holidays per country and lists them as day-month-year', async () => {
    const { page, context } = await browser.newPage();
    await openWithStorage(page, app, { adminToken }, '/admin/holiday');
    await page.waitForURL('**/admin/holiday/index');
    await page.locator('h1', { hasText: 'Feestdagen' }).waitFor();
    await page.getByText('Er staan nog geen feestdagen in de lijst.').nth(1).waitFor();

    await create(page, 'NL', '2027-12-25');
    await create(page, 'BE', '2027-07-21');
    await create(page, 'NL', '2027-04-27');
    await page.locator('td', { hasText: '27-04-2027' }).waitFor();
    expect(await datesOf(page, 'NL')).toEqual(['27-04-2027', '25-12-2027']);
    expect(await datesOf(page, 'BE')).toEqual(['21-07-2027']);
    expect(await page.locator('section[aria-labelledby="holidays-BE"] tbody td').nth(1).textContent()).toBe('woensdag');
    await saveScreenshot(page, 'holidays');
    await context.close();
  });

  it('refuses a date that is already listed, next to the date field', async () => {
    const { page, context } = await browser.newPage();
    await openWithStorage(page, app, { adminToken }, '/admin/holiday/create');
    await page.getByLabel('Datum').fill('2027-12-25');
    await page.getByRole('button', { name: 'Aanmaken' }).click();
    await page.getByText('Op 25-12-2027 staat al een feestdag voor Nederland.').waitFor();
    expect(await page.getByLabel('Datum').getAttribute('aria-invalid')).toBe('true');
    expect(new URL(page.url()).pathname).toBe('/admin/holiday/create');
    await context.close();
  });

  it('deletes a holiday after confirmation, and keeps it when the admin cancels', async () => {
    const { page, context } = await browser.newPage();
    await openWithStorage(page, app, { adminToken }, '/admin/holiday/index');
    const deleteButton = page.getByRole('button', { name: 'Verwijderen: 25-12-2027 (NL)' });
    await deleteButton.waitFor();

    // The question is an in-page dialog, never the browser's: Escape cancels it and the focus returns.
    let nativeDialogs = 0;
    page.on('dialog', (dialog) => {
      nativeDialogs++;
      void dialog.dismiss();
    });
    const question = page.getByRole('dialog', { name: '25-12-2027 (NL) verwijderen?' });
    await deleteButton.click();
    await question.getByText('Dit kan niet ongedaan worden gemaakt.').waitFor();
    await expectNoAxeViolations(page, 'holiday-delete-dialog');
    await page.keyboard.press('Escape');
    await question.waitFor({ state: 'hidden' });
    expect(await deleteButton.evaluate((button) => button === document.activeElement)).toBe(true);
    expect(await datesOf(page, 'NL')).toEqual(['27-04-2027', '25-12-2027']);

    await deleteButton.click();
    await question.getByRole('button', { name: 'Verwijderen' }).click();
    await page.getByText('Feestdag 25-12-2027 (NL) verwijderd.').waitFor();
    expect(await datesOf(page, 'NL')).toEqual(['27-04-2027']);
    expect(nativeDialogs).toBe(0);
    const left = await withDatabase(app, (em) => em.count(Holiday, { country: Country.NL, date: '2027-12-25' }));
    expect(left).toBe(0);

    await page.reload();
    await page.locator('td', { hasText: '27-04-2027' }).waitFor();
    expect(await datesOf(page, 'NL')).toEqual(['27-04-2027']);
    await context.close();
  });
});
