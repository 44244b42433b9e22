import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAdmin } from '../utils/factories.js';
import { startAppProcess, type AppProcess } from './utils/app-process.js';
import { expectNoAxeViolations } from './utils/accessibility.js';
import { appTokens, openWithStorage, pageSettled, withDatabase } from './utils/arrange.js';
import { launchBrowser, saveScreenshot, type E2EBrowser } from './utils/browser.js';

describe('applications screen (built app in Chromium)', () => {
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

  /** A call with the key, as an integrator makes it: its answer's code, or 'OK'. */
  const callWith = async (key: string): Promise<string> => {
    const response = await fetch(`${app.url}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${key}` },
      body: JSON.stringify({ query: '{ orders(first: 1) { totalCount } }' }),
    });
    const body = (await response.json()) as { errors?: { extensions?: { code?: string } }[] };
    return body.errors?.[0]?.extensions?.code ?? 'OK';
  };

  it('creates an application, shows its key once with a warning, copies it, and revokes it', async () => {
    const { page, context } = await browser.newPage();
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: app.url });
    await openWithStorage(page, app, { adminToken }, '/admin/main');
    await pageSettled(page);
    await page.getByRole('navigation', { name: 'Beheermenu' }).getByRole('link', { name: 'Applicaties (API)' }).click();
    await page.waitForURL('**/admin/applications');
    await page.getByRole('heading', { level: 1, name: 'Applicaties (API)' }).waitFor();
    await page.getByText('Er zijn nog geen applicaties.').waitFor();

    await page.getByLabel('Naam').fill('Planning Koppeling');
    await page.getByLabel('orders:write').check();
    await page.getByLabel('België').check();
    await page.getByRole('button', { name: 'Aanmaken' }).click();

    // The key takes the focus, with the warning that it is shown this once.
    const keyHeading = page.getByRole('heading', { level: 2, name: 'De sleutel van Planning Koppeling' });
    await keyHeading.waitFor();
    await expect.poll(() => keyHeading.evaluate((node) => node === document.activeElement)).toBe(true);
    await page.getByText('hij wordt maar één keer getoond', { exact: false }).waitFor();
    const key = await page.getByLabel('Sleutel', { exact: true }).inputValue();
    expect(key).toMatch(/^tvk_[0-9a-f]{8}_[A-Za-z0-9_-]{43}$/);
    await expectNoAxeViolations(page, 'admin-applications-key');
    await saveScreenshot(page, 'admin-applications-key');

    // Copied by keyboard: the button is reached with Tab and pressed with Enter.
    await page.getByRole('button', { name: 'Sleutel kopiëren' }).focus();
    await page.keyboard.press('Enter');
    await page.getByText('De sleutel is gekopieerd.').waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(key);
    expect(await callWith(key)).toBe('OK');

    // Once put away, the key is gone from the page; the list shows its prefix only.
    await page.getByRole('button', { name: 'Ik heb de sleutel bewaard' }).click();
    const row = page.getByRole('row', { name: /Planning Koppeling/ });
    await row.waitFor();
    expect(await row.locator('td').allTextContents()).toEqual([
      'Planning Koppeling',
      `tvk_${key.slice(4, 12)}_… `,
      'orders:read, orders:write',
      'NL, BE',
      // Listed before the key's first call.
      'Nog niet',
      'Nieuwe sleutelWebhooksIntrekken',
    ]);
    expect(await page.content()).not.toContain(key.slice(13));

    await page.getByRole('button', { name: 'Intrekken: Planning Koppeling' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByText('Alle sleutels van deze applicatie worden meteen geweigerd.', { exact: false }).waitFor();
    await dialog.getByRole('button', { name: 'Intrekken' }).click();
    await page.getByText('Planning Koppeling is ingetrokken.').waitFor();
    await row.getByText('Ingetrokken').waitFor();
    expect(await callWith(key)).toBe('UNAUTHENTICATED');
    await expectNoAxeViolations(page, 'admin-applications');
    await context.close();
  });
});
