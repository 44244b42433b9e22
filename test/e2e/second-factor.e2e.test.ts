import { generate } from 'otplib';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAdmin } from '../utils/factories.js';
import { expectNoAxeViolations } from './utils/accessibility.js';
import { startAppProcess, type AppProcess } from './utils/app-process.js';
import { pageSettled, withDatabase } from './utils/arrange.js';
import { launchBrowser, type E2EBrowser } from './utils/browser.js';
import { openOnSite, SITES, textOf, type Site } from './utils/sites.js';

const NOW = '2026-11-23T10:00:00+01:00';
const PASSWORD = 'tweestaps-wachtwoord-2026';
const EMAIL = { nl: 'tweestaps@second.example', fr: 'deuxetapes@second.example' } as const;

describe('two-step verification in Chromium, Dutch and French', () => {
  let app: AppProcess;
  let browser: E2EBrowser;

  beforeAll(async () => {
    app = await startAppProcess({ CLOCK_NOW: NOW });
    browser = await launchBrowser();
    await withDatabase(app, async (em) => {
      for (const site of SITES) await createAdmin(em, { email: EMAIL[site.language], password: PASSWORD });
    });
  });
  afterAll(async () => {
    await browser?.close();
    await app?.stop();
  });

  /**
   * The code the app shows at the server's "now", or `ahead` steps later: a step either side is accepted, and a code
   * one step ahead is always later than one used moments before (a code is accepted once).
   */
  const codeAt = async (secret: string, ahead: 0 | 1) => {
    const response = await fetch(`${app.url}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ query: '{ serverInfo { now } }' }),
    });
    const { data } = (await response.json()) as { data: { serverInfo: { now: string } } };
    return generate({ secret, epoch: Math.floor(Date.parse(data.serverInfo.now) / 1000) + 30 * ahead });
  };
  const signIn = async (page: Page, site: Site) => {
    await page.getByLabel(textOf(site, 'staff.email')).fill(EMAIL[site.language]);
    await page.getByLabel(textOf(site, 'staff.password')).fill(PASSWORD);
    await page.getByRole('button', { name: textOf(site, 'staff.signIn') }).click();
  };

  for (const site of SITES) {
    it(`${site.language}: sets up an authenticator app, signs out, and signs in with the password and a code`, async () => {
      const { page, context } = await openOnSite(browser, app, site, '/admin/login');
      await signIn(page, site);
      await page.waitForURL('**/admin/main');
      await pageSettled(page);
      const nav = page.getByRole('navigation', { name: textOf(site, 'admin.nav.label') });
      await nav.getByRole('link', { name: textOf(site, 'admin.menu.devices') }).click();
      const section = page.getByRole('region', { name: textOf(site, 'staff.twoStep.heading') });
      await section.getByText(textOf(site, 'staff.twoStep.off')).waitFor();

      // Set up: the QR code with its text alternative, and the key in groups of four to type.
      await section.getByRole('button', { name: textOf(site, 'staff.twoStep.setUp') }).click();
      await section.getByRole('img', { name: textOf(site, 'staff.twoStep.qrAlt') }).waitFor();
      const shown = section.locator('code.totp-secret');
      const secret = (await shown.textContent())!.replace(/ /g, '');
      expect(await shown.textContent()).toMatch(/^([A-Z2-7]{4} ){7}[A-Z2-7]{4}$/);
      await expectNoAxeViolations(page, `second-factor-setup-${site.language}`);
      await section.getByLabel(textOf(site, 'staff.twoStep.firstCode')).fill(await codeAt(secret, 0));
      await section.getByRole('button', { name: textOf(site, 'staff.twoStep.turnOn') }).click();
      const codes = section.getByRole('list', { name: textOf(site, 'staff.twoStep.codesTitle') });
      await expect.poll(() => codes.getByRole('listitem').count()).toBe(10);
      await section.getByText(textOf(site, 'staff.twoStep.on', { count: 10 })).waitFor();
      // The focus stays in the section, on its heading, once the pressed button is gone.
      expect(await page.evaluate(() => document.activeElement?.id)).toBe('second-factor-title');
      await expectNoAxeViolations(page, `second-factor-codes-${site.language}`);

      // Sign out this device, then sign in again: the password alone no longer does.
      await page
        .getByRole('button', {
          name: textOf(site, 'staff.devices.signOutNamed', { device: textOf(site, 'staff.devices.thisDevice') }),
        })
        .click();
      await page.waitForURL('**/admin/login');
      await signIn(page, site);
      await page.getByRole('heading', { name: textOf(site, 'staff.twoStep.title') }).waitFor();
      await expectNoAxeViolations(page, `second-factor-sign-in-${site.language}`);
      const field = page.getByLabel(textOf(site, 'staff.twoStep.code'));
      await field.fill('000000');
      await page.getByRole('button', { name: textOf(site, 'staff.twoStep.verify') }).click();
      await page.getByText(textOf(site, 'staff.twoStep.title')).waitFor();
      await page.getByRole('alert').filter({ hasText: /\S/ }).waitFor();
      await field.fill(await codeAt(secret, 1));
      await field.press('Enter');
      await page.waitForURL('**/admin/main');
      await context.close();
    });
  }
});
