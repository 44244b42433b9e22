import { generate } from 'otplib';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Country } from '../../server/common/locale.js';
import { createAdmin, createTechnician } from '../utils/factories.js';
import { expectNoAxeViolations, expectNoHorizontalScroll } from './utils/accessibility.js';
import { startAppProcess, type AppProcess } from './utils/app-process.js';
import { pageSettled, withDatabase } from './utils/arrange.js';
import { launchBrowser, type E2EBrowser } from './utils/browser.js';
import { openOnSite, SITES, textOf, type Site } from './utils/sites.js';

const NOW = '2026-11-23T10:00:00+01:00';
const PASSWORD = 'tweestaps-wachtwoord-2026';
const EMAIL = { nl: 'tweestaps@second.example', fr: 'deuxetapes@second.example' } as const;
const TECHNICIAN_EMAIL = { nl: 'monteur@second.example', fr: 'technicien@second.example' } as const;
/** The technician's phone. */
const PHONE = { width: 390, height: 844 };

describe('two-step verification in Chromium, Dutch and French', () => {
  let app: AppProcess;
  let browser: E2EBrowser;

  beforeAll(async () => {
    app = await startAppProcess({ CLOCK_NOW: NOW });
    browser = await launchBrowser();
    await withDatabase(app, async (em) => {
      for (const site of SITES) {
        await createAdmin(em, { email: EMAIL[site.language], password: PASSWORD });
        const country = site.country === 'BE' ? Country.BE : Country.NL;
        await createTechnician(em, { email: TECHNICIAN_EMAIL[site.language], password: PASSWORD, country });
      }
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
  const signIn = async (page: Page, site: Site, email: string = EMAIL[site.language]) => {
    await page.getByLabel(textOf(site, 'staff.email')).fill(email);
    await page.getByLabel(textOf(site, 'staff.password')).fill(PASSWORD);
    await page.getByRole('button', { name: textOf(site, 'staff.signIn'), exact: true }).click();
  };

  for (const site of SITES) {
    it(`${site.language}: sets up an authenticator app, signs in with the password and a code, and sets who must use one`, async () => {
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
      const recoveryCode = (await codes.getByRole('listitem').first().textContent())!.trim();
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

      // Security and privacy settings, by keyboard: who must use a second factor, how long data is kept.
      await pageSettled(page);
      await page.goto(`${new URL(page.url()).origin}/admin/settings/security`);
      await page.getByRole('heading', { level: 1, name: textOf(site, 'admin.security.title') }).waitFor();
      await expectNoAxeViolations(page, `security-settings-${site.language}`);
      const country = page.locator('form').filter({
        has: page.getByRole('heading', { level: 2, name: textOf(site, `common.country.${site.country}`) }),
      });
      const dispatchers = country.getByLabel(textOf(site, 'admin.security.dispatchers'));
      expect(await dispatchers.isChecked()).toBe(false);
      await dispatchers.focus();
      await page.keyboard.press('Space');
      const months = country.getByLabel(textOf(site, 'admin.security.retentionMonths'));
      await months.fill('36');
      await months.press('Enter');
      await country
        .getByText(textOf(site, 'admin.security.saved', { country: textOf(site, `common.country.${site.country}`) }))
        .waitFor();
      await page.reload();
      await expect
        .poll(() => country.getByLabel(textOf(site, 'admin.security.retentionMonths')).inputValue())
        .toBe('36');
      expect(await country.getByLabel(textOf(site, 'admin.security.dispatchers')).isChecked()).toBe(true);

      // A recovery code signs in and says how many are left, with the way to make new ones.
      await page.goto(`${new URL(page.url()).origin}/admin/devices`);
      await page
        .getByRole('button', {
          name: textOf(site, 'staff.devices.signOutNamed', { device: textOf(site, 'staff.devices.thisDevice') }),
        })
        .click();
      await page.waitForURL('**/admin/login');
      await signIn(page, site);
      await page.getByRole('button', { name: textOf(site, 'staff.twoStep.useRecoveryCode') }).click();
      await page.getByLabel(textOf(site, 'staff.twoStep.recoveryCode')).fill(recoveryCode);
      await page.getByLabel(textOf(site, 'staff.twoStep.recoveryCode')).press('Enter');
      const recovered = page.getByRole('heading', { name: textOf(site, 'staff.twoStep.recoveredTitle') });
      await recovered.waitFor();
      // The heading takes the focus, so a screen reader reads the new step from its start.
      expect(await recovered.evaluate((heading) => heading === document.activeElement)).toBe(true);
      await page.getByText(textOf(site, 'staff.twoStep.codesLeft', { count: 9 })).waitFor();
      expect(
        await page.getByRole('link', { name: textOf(site, 'staff.twoStep.toSecurity') }).getAttribute('href'),
      ).toBe('/admin/devices');
      await expectNoAxeViolations(page, `second-factor-recovered-${site.language}`);
      await page.screenshot({ path: `test-artifacts/second-factor-recovered-${site.language}.png` });
      await page.getByRole('button', { name: textOf(site, 'staff.twoStep.continueSignedIn') }).click();
      await page.waitForURL('**/admin/main');
      await context.close();
    });
    it(`${site.language}: a technician sets it up on the phone and signs in with a recovery code, once`, async () => {
      const { page, context } = await openOnSite(browser, app, site, '/technician/login', { viewport: PHONE });
      await signIn(page, site, TECHNICIAN_EMAIL[site.language]);
      await page.waitForURL(/\/technician\/(manage|today)$/);
      await page.getByRole('button', { name: textOf(site, 'technician.menu.open') }).click();
      await page.getByRole('link', { name: textOf(site, 'staff.devices.title') }).click();
      await page.waitForURL('**/technician/devices');
      const section = page.getByRole('region', { name: textOf(site, 'staff.twoStep.heading') });
      await section.getByRole('button', { name: textOf(site, 'staff.twoStep.setUp') }).click();
      const secret = (await section.locator('code.totp-secret').textContent())!.replace(/ /g, '');
      await section.getByLabel(textOf(site, 'staff.twoStep.firstCode')).fill(await codeAt(secret, 0));
      await section.getByRole('button', { name: textOf(site, 'staff.twoStep.turnOn') }).click();
      const codes = section.getByRole('list', { name: textOf(site, 'staff.twoStep.codesTitle') });
      await expect.poll(() => codes.getByRole('listitem').count()).toBe(10);
      const recoveryCode = (await codes.getByRole('listitem').first().textContent())!.trim();
      await expectNoAxeViolations(page, `second-factor-phone-${site.language}`);
      await expectNoHorizontalScroll(page, `second-factor-phone-${site.language}`);

      // The phone with the app is lost: a recovery code signs in, and only once.
      for (const attempt of ['first', 'again'] as const) {
        await page
          .getByRole('button', {
            name: textOf(site, 'staff.devices.signOutNamed', { device: textOf(site, 'staff.devices.thisDevice') }),
          })
          .click();
        await page.waitForURL('**/technician/login');
        await signIn(page, site, TECHNICIAN_EMAIL[site.language]);
        await page.getByRole('button', { name: textOf(site, 'staff.twoStep.useRecoveryCode') }).click();
        const field = page.getByLabel(textOf(site, 'staff.twoStep.recoveryCode'));
        await field.fill(recoveryCode);
        await field.press('Enter');
        if (attempt === 'again') {
          await page.getByRole('alert').filter({ hasText: /\S/ }).waitFor();
          expect(page.url()).toMatch(/\/technician\/login$/);
          await expectNoAxeViolations(page, `second-factor-phone-recovery-refused-${site.language}`);
          break;
        }
        // Signed in: how many codes are left, and the link to the page that makes new ones.
        await page.getByText(textOf(site, 'staff.twoStep.codesLeft', { count: 9 })).waitFor();
        await expectNoAxeViolations(page, `second-factor-phone-recovered-${site.language}`);
        await expectNoHorizontalScroll(page, `second-factor-phone-recovered-${site.language}`);
        await page.getByRole('link', { name: textOf(site, 'staff.twoStep.toSecurity') }).click();
        await page.waitForURL('**/technician/devices');
        await section.getByText(textOf(site, 'staff.twoStep.on', { count: 9 })).waitFor();
      }
      await context.close();
    });
  }
});
