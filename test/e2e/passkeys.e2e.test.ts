import type { CDPSession, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Country } from '../../server/common/locale.js';
import { findFreePort } from '../../server/db/free-port.js';
import { createAdmin, createTechnician } from '../utils/factories.js';
import { expectNoAxeViolations, expectNoHorizontalScroll } from './utils/accessibility.js';
import { startAppProcess, type AppProcess } from './utils/app-process.js';
import { pageSettled, withDatabase } from './utils/arrange.js';
import { launchBrowser, type E2EBrowser } from './utils/browser.js';
import { openOnSite, SITES, textOf, type Site } from './utils/sites.js';

const NOW = '2026-11-23T10:00:00+01:00';
const PASSWORD = 'sleutel-wachtwoord-2026';
/** The technician's phone. */
const PHONE = { width: 390, height: 844 };
/** Who adds a passkey on each site: an admin in the Dutch console, a technician on a Belgian phone. */
const PEOPLE = { nl: 'lies@passkeys.example', fr: 'luc@passkeys.example' } as const;
const KEY_NAME = { nl: 'Laptop kantoor', fr: 'Téléphone de service' } as const;

describe('passkeys in Chromium with its virtual authenticator, Dutch and French', () => {
  let app: AppProcess;
  let browser: E2EBrowser;

  beforeAll(async () => {
    // Each site is its own relying party; the test's plain-HTTP hosts are treated as secure, as HTTPS sites are.
    const port = await findFreePort();
    const origins = SITES.map((site) => `http://${site.host}:${port}`).join(',');
    app = await startAppProcess({ CLOCK_NOW: NOW, PASSKEY_ORIGINS: origins }, { port });
    browser = await launchBrowser({ args: [`--unsafely-treat-insecure-origin-as-secure=${origins}`] });
    await withDatabase(app, async (em) => {
      await createAdmin(em, { email: PEOPLE.nl, password: PASSWORD });
      await createTechnician(em, { email: PEOPLE.fr, password: PASSWORD, country: Country.BE });
    });
  });
  afterAll(async () => {
    await browser?.close();
    await app?.stop();
  });

  /** A platform authenticator that verifies its user (a fingerprint), as a laptop or phone has. */
  const addAuthenticator = async (page: Page): Promise<{ cdp: CDPSession; authenticatorId: string }> => {
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('WebAuthn.enable');
    const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
      options: {
        protocol: 'ctap2',
        transport: 'internal',
        hasResidentKey: true,
        hasUserVerification: true,
        isUserVerified: true,
      },
    });
    return { cdp, authenticatorId };
  };
  const signInWithPassword = async (page: Page, site: Site, email: string) => {
    await page.getByLabel(textOf(site, 'staff.email')).fill(email);
    await page.getByLabel(textOf(site, 'staff.password')).fill(PASSWORD);
    await page.getByRole('button', { name: textOf(site, 'staff.signIn'), exact: true }).click();
  };
  /** Names and adds a passkey on the devices page, by keyboard: the name field, then Enter. */
  const addPasskey = async (page: Page, site: Site) => {
    const name = KEY_NAME[site.language];
    const field = page.getByLabel(textOf(site, 'staff.passkeys.name'));
    await field.fill(name);
    await field.press('Enter');
    await page.getByText(textOf(site, 'staff.passkeys.added', { name })).waitFor();
    const list = page.getByRole('list', { name: textOf(site, 'staff.passkeys.title') });
    await expect.poll(() => list.getByRole('listitem').allTextContents()).toHaveLength(1);
    expect(await list.getByText(name).count()).toBe(1);
    expect(await list.getByText(textOf(site, 'staff.passkeys.neverUsed')).count()).toBe(1);
  };
  const signOutThisDevice = async (page: Page, site: Site) => {
    await page
      .getByRole('button', {
        name: textOf(site, 'staff.devices.signOutNamed', { device: textOf(site, 'staff.devices.thisDevice') }),
      })
      .click();
  };

  const nl = SITES.find((site) => site.language === 'nl')!;
  const fr = SITES.find((site) => site.language === 'fr')!;

  it('nl: an admin adds a passkey in the console, signs out, and signs in with it alone', async () => {
    const { page, context } = await openOnSite(browser, app, nl, '/admin/login');
    await addAuthenticator(page);
    await signInWithPassword(page, nl, PEOPLE.nl);
    await page.waitForURL('**/admin/main');
    await pageSettled(page);
    const nav = page.getByRole('navigation', { name: textOf(nl, 'admin.nav.label') });
    await nav.getByRole('link', { name: textOf(nl, 'admin.menu.devices') }).click();
    await page.getByRole('heading', { level: 2, name: textOf(nl, 'staff.passkeys.title') }).waitFor();
    await page.getByText(textOf(nl, 'staff.passkeys.empty')).waitFor();
    await addPasskey(page, nl);
    await expectNoAxeViolations(page, 'passkeys-admin-devices-nl');

    await signOutThisDevice(page, nl);
    await page.waitForURL('**/admin/login');
    const passkeyButton = page.getByRole('button', { name: textOf(nl, 'staff.passkeys.signIn') });
    await passkeyButton.waitFor();
    await expectNoAxeViolations(page, 'passkeys-admin-login-nl');
    // No e-mail typed: the browser offers the passkey it holds for this site.
    await passkeyButton.click();
    await page.waitForURL('**/admin/main');
    await pageSettled(page);
    await nav.getByRole('link', { name: textOf(nl, 'admin.menu.devices') }).click();
    const list = page.getByRole('list', { name: textOf(nl, 'staff.passkeys.title') });
    await list.getByText(KEY_NAME.nl).waitFor();
    await expect.poll(() => list.getByText(textOf(nl, 'staff.passkeys.neverUsed')).count()).toBe(0);

    // Removed, it no longer signs in: the server says so in Dutch.
    await page.getByRole('button', { name: textOf(nl, 'staff.passkeys.removeNamed', { name: KEY_NAME.nl }) }).click();
    await page.getByText(textOf(nl, 'staff.passkeys.removed', { name: KEY_NAME.nl })).waitFor();
    await page.getByText(textOf(nl, 'staff.passkeys.empty')).waitFor();
    await signOutThisDevice(page, nl);
    await page.waitForURL('**/admin/login');
    await passkeyButton.click();
    await page.getByText('Deze toegangssleutel is hier niet bekend', { exact: false }).waitFor();
    await expectNoAxeViolations(page, 'passkeys-admin-login-refused-nl');
    await context.close();
  });

  it('fr: a technician adds a passkey on the phone, signs out, and signs in with it alone', async () => {
    const { page, context } = await openOnSite(browser, app, fr, '/technician/login', { viewport: PHONE });
    const { cdp, authenticatorId } = await addAuthenticator(page);
    await signInWithPassword(page, fr, PEOPLE.fr);
    await page.waitForURL(/\/technician\/(manage|today)$/);
    await page.getByRole('button', { name: textOf(fr, 'technician.menu.open') }).click();
    await page.getByRole('link', { name: textOf(fr, 'staff.devices.title') }).click();
    await page.waitForURL('**/technician/devices');
    await page.getByRole('heading', { level: 2, name: textOf(fr, 'staff.passkeys.title') }).waitFor();

    // A name is needed first, said beside the field in French.
    await page.getByRole('button', { name: textOf(fr, 'staff.passkeys.add') }).click();
    await page.getByText(textOf(fr, 'staff.passkeys.nameRequired')).waitFor();
    await addPasskey(page, fr);
    await expectNoAxeViolations(page, 'passkeys-technician-devices-fr');
    await expectNoHorizontalScroll(page, 'passkeys-technician-devices-fr');

    await signOutThisDevice(page, fr);
    await page.waitForURL('**/technician/login');
    const passkeyButton = page.getByRole('button', { name: textOf(fr, 'staff.passkeys.signIn') });
    await passkeyButton.waitFor();
    // The fingerprint is not recognised: the browser refuses, and the form says so in French.
    await cdp.send('WebAuthn.setUserVerified', { authenticatorId, isUserVerified: false });
    await passkeyButton.click();
    await page.getByText(textOf(fr, 'staff.passkeys.cancelled')).waitFor();
    await expectNoAxeViolations(page, 'passkeys-technician-login-refused-fr');
    await cdp.send('WebAuthn.setUserVerified', { authenticatorId, isUserVerified: true });
    await passkeyButton.click();
    await page.waitForURL(/\/technician\/(manage|today)$/);
    await cdp.detach();
    await context.close();
  });
});
