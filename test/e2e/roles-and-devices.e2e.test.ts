import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Role } from '../../server/common/auth/role.js';
import { Country } from '../../server/common/locale.js';
import { createAdmin, createOrder, createTechnician } from '../utils/factories.js';
import { expectNoAxeViolations, expectNoHorizontalScroll } from './utils/accessibility.js';
import { startAppProcess, type AppProcess } from './utils/app-process.js';
import { appTokens, pageSettled, withDatabase } from './utils/arrange.js';
import { launchBrowser, type E2EBrowser } from './utils/browser.js';
import { focused, tabTo } from './utils/keyboard.js';
import { openOnSite, SITES, textOf, type Site } from './utils/sites.js';

const NOW = '2026-11-23T10:00:00+01:00';
const PASSWORD = 'planner-wachtwoord-2026';
/** The technician's phone. */
const PHONE = { width: 390, height: 844 };

/** Who signs in on each site: a dispatcher and a viewer in the office, a technician on the phone. */
const PEOPLE = {
  nl: {
    admin: 'beheer@roles.example',
    dispatcher: 'planner@roles.example',
    viewer: 'kijker@roles.example',
    technician: 'jan@roles.example',
    lostPhone: 'piet@roles.example',
  },
  fr: {
    admin: 'gestion@roles.example',
    dispatcher: 'planif@roles.example',
    viewer: 'lecteur@roles.example',
    technician: 'luc@roles.example',
    lostPhone: 'marc@roles.example',
  },
} as const;
/** The order each site's viewer opens. */
const ORDER = { nl: 'ROLES-NL-1', fr: 'ROLES-FR-1' } as const;

describe('office roles and my devices in Chromium, Dutch and French', () => {
  let app: AppProcess;
  let browser: E2EBrowser;
  /** A token of another device of each technician, signed in earlier (its session arranged in the database). */
  const otherDevice: Record<string, string> = {};
  /** Per site a technician who lost his phone: his id, and the token that phone still holds. */
  const lostPhone: Record<string, { id: number; token: string }> = {};

  beforeAll(async () => {
    app = await startAppProcess({ CLOCK_NOW: NOW });
    browser = await launchBrowser();
    await withDatabase(app, async (em) => {
      const tokens = appTokens(app);
      for (const site of SITES) {
        const people = PEOPLE[site.language];
        await createAdmin(em, { email: people.dispatcher, password: PASSWORD, role: Role.DISPATCHER });
        await createAdmin(em, { email: people.viewer, password: PASSWORD, role: Role.VIEWER });
        const country = site.country === 'BE' ? Country.BE : Country.NL;
        const technician = await createTechnician(em, { email: people.technician, password: PASSWORD, country });
        await createOrder(em, {
          referenceNumber: ORDER[site.language],
          country,
          zipcode: country === Country.BE ? '1000' : '1234 AB',
          technician,
          appointment: new Date('2026-11-24T08:00:00+01:00'),
          createdAt: new Date(NOW),
        });
        const id = `tablet-${site.language}-0123456789ab`;
        const now = new Date(NOW);
        // As a sign-in on that device made it (the test loads no resolver code, so no entity of the accounts domain).
        await em.execute(
          `insert into staff_sessions (id, technician_id, browser, os, created_at, last_seen_at, expires_at)
           values (?, ?, 'Firefox', 'Windows', ?, ?, ?)`,
          [id, technician.id, now, now, new Date(now.getTime() + 12 * 3600_000)],
        );
        otherDevice[site.language] = tokens.signTechnician(technician, undefined, id);

        await createAdmin(em, { email: people.admin, password: PASSWORD, role: Role.ADMIN });
        const lost = await createTechnician(em, { email: people.lostPhone, password: PASSWORD, country });
        const lostSession = `phone-${site.language}-0123456789ab`;
        await em.execute(
          `insert into staff_sessions (id, technician_id, browser, os, created_at, last_seen_at, expires_at)
           values (?, ?, 'Chrome', 'Android', ?, ?, ?)`,
          [lostSession, lost.id, now, now, new Date(now.getTime() + 12 * 3600_000)],
        );
        lostPhone[site.language] = { id: lost.id, token: tokens.signTechnician(lost, undefined, lostSession) };
      }
    });
  });
  afterAll(async () => {
    await browser?.close();
    await app?.stop();
  });

  const signIn = async (page: Page, site: Site, email: string) => {
    await page.getByLabel(textOf(site, 'staff.email')).fill(email);
    await page.getByLabel(textOf(site, 'staff.password')).fill(PASSWORD);
    await page.getByRole('button', { name: textOf(site, 'staff.signIn'), exact: true }).click();
  };
  const codeOf = async (token: string) => {
    const response = await fetch(`${app.url}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify({ query: '{ myDevices { id } }' }),
    });
    const body = (await response.json()) as { errors?: { extensions?: { code?: string } }[] };
    return body.errors?.[0]?.extensions?.code ?? 'OK';
  };

  for (const site of SITES) {
    const people = PEOPLE[site.language];

    it(`${site.language}: a dispatcher's console holds no staff accounts, settings, imports or exports`, async () => {
      const { page, context } = await openOnSite(browser, app, site, '/admin/login');
      await signIn(page, site, people.dispatcher);
      await page.waitForURL('**/admin/main');
      await pageSettled(page);
      const nav = page.getByRole('navigation', { name: textOf(site, 'admin.nav.label') });
      await expect
        .poll(() => nav.getByRole('link').allTextContents())
        .toEqual(
          (
            [
              'admin.overview.title',
              'admin.board.title',
              'admin.menu.orders',
              'admin.menu.manageOrders',
              'admin.menu.createOrder',
              'admin.menu.callList',
              'admin.figures.title',
              'admin.failedMessages.title',
              'admin.menu.devices',
            ] as const
          ).map((key) => textOf(site, key)),
        );
      await expectNoAxeViolations(page, `roles-dispatcher-console-${site.language}`);

      // My devices: this browser, marked; signing it out ends the session and goes to the sign-in page.
      await nav.getByRole('link', { name: textOf(site, 'admin.menu.devices') }).click();
      await page.getByRole('heading', { level: 1, name: textOf(site, 'staff.devices.title') }).waitFor();
      const list = page.getByRole('list', { name: textOf(site, 'staff.devices.title') });
      await expect.poll(() => list.getByRole('listitem').count()).toBe(1);
      expect(await list.getByText(textOf(site, 'staff.devices.thisDevice')).count()).toBe(1);
      await expectNoAxeViolations(page, `roles-admin-devices-${site.language}`);
      const token = await page.evaluate(() => localStorage.getItem('adminToken'));
      await page
        .getByRole('button', {
          name: textOf(site, 'staff.devices.signOutNamed', { device: textOf(site, 'staff.devices.thisDevice') }),
        })
        .click();
      await page.waitForURL('**/admin/login');
      expect(await codeOf(token!)).toBe('UNAUTHENTICATED');
      await context.close();
    });

    it(`${site.language}: a technician on the phone signs another device out by keyboard`, async () => {
      const { page, context } = await openOnSite(browser, app, site, '/technician/login', { viewport: PHONE });
      await signIn(page, site, people.technician);
      await page.waitForURL(/\/technician\/(manage|today)$/);
      await page.getByRole('button', { name: textOf(site, 'technician.menu.open') }).click();
      await page.getByRole('link', { name: textOf(site, 'staff.devices.title') }).click();
      await page.waitForURL('**/technician/devices');
      const list = page.getByRole('list', { name: textOf(site, 'staff.devices.title') });
      await expect.poll(() => list.getByRole('listitem').count()).toBe(2);
      // This device first, marked; the other one named by its browser and system.
      expect(await list.getByRole('listitem').first().getByText(textOf(site, 'staff.devices.thisDevice')).count()).toBe(
        1,
      );
      const tablet = textOf(site, 'staff.devices.device', { browser: 'Firefox', os: 'Windows' });
      await list.getByText(tablet).waitFor();
      await expectNoAxeViolations(page, `roles-technician-devices-${site.language}`);
      await expectNoHorizontalScroll(page, `roles-technician-devices-${site.language}`);
      expect(await codeOf(otherDevice[site.language])).toBe('OK');

      const signOutTablet = textOf(site, 'staff.devices.signOutNamed', { device: tablet });
      await tabTo(page, `button "${signOutTablet}"`);
      await page.keyboard.press('Enter');
      await page.getByText(textOf(site, 'staff.devices.signedOut', { device: tablet })).waitFor();
      await expect.poll(() => list.getByRole('listitem').count()).toBe(1);
      // The pressed button went with its device: the focus is on the list, not lost to the page.
      expect((await focused(page)).name).toBe(`ul "${textOf(site, 'staff.devices.title')}"`);
      expect(await codeOf(otherDevice[site.language])).toBe('UNAUTHENTICATED');
      await expectNoAxeViolations(page, `roles-technician-devices-signed-out-${site.language}`);

      // Signing out from the menu ends this phone's session too: a copy of its token is refused from then on.
      const token = await page.evaluate(() => localStorage.getItem('accessToken'));
      expect(await codeOf(token!)).toBe('OK');
      await page.getByRole('button', { name: textOf(site, 'technician.menu.open') }).click();
      await page.getByRole('button', { name: textOf(site, 'common.logout') }).click();
      await page.waitForURL('**/technician/login');
      expect(await page.evaluate(() => localStorage.getItem('accessToken'))).toBeNull();
      expect(await codeOf(token!)).toBe('UNAUTHENTICATED');
      await context.close();
    });

    it(`${site.language}: a page the menu hides from the role says so when its address is typed`, async () => {
      const { page, context } = await openOnSite(browser, app, site, '/admin/login');
      await signIn(page, site, people.dispatcher);
      await page.waitForURL('**/admin/main');
      const notForRole = page.getByRole('heading', { level: 1, name: textOf(site, 'admin.notForRole.title') });
      for (const path of ['/admin/settings', '/admin/users/overview']) {
        await page.goto(page.url().replace(/\/admin\/.*$/, path));
        await notForRole.waitFor();
        expect((await focused(page)).name).toBe(`heading "${textOf(site, 'admin.notForRole.title')}"`);
        expect(await page.getByText(textOf(site, 'admin.notForRole.body')).count()).toBe(1);
      }
      await pageSettled(page);
      await expectNoAxeViolations(page, `roles-not-for-role-${site.language}`);
      await page.getByRole('link', { name: textOf(site, 'admin.notForRole.back') }).click();
      await page.waitForURL('**/admin/main');
      await page.getByRole('heading', { level: 1, name: textOf(site, 'admin.overview.title') }).waitFor();

      // The console's sign-out ends this browser's session: the token it held is refused from then on.
      const token = await page.evaluate(() => localStorage.getItem('adminToken'));
      expect(await codeOf(token!)).toBe('OK');
      await page.getByRole('button', { name: textOf(site, 'common.logout') }).click();
      await page.waitForURL('**/admin/login');
      expect(await codeOf(token!)).toBe('UNAUTHENTICATED');
      await context.close();
    });

    it(`${site.language}: a viewer reads an order without its change buttons and creates nothing`, async () => {
      const { page, context } = await openOnSite(browser, app, site, '/admin/login');
      await signIn(page, site, people.viewer);
      await page.waitForURL('**/admin/main');
      await page.goto(page.url().replace(/\/admin\/.*$/, '/admin/appointment/create'));
      await page.getByRole('heading', { level: 1, name: textOf(site, 'admin.notForRole.title') }).waitFor();

      await page.goto(
        page.url().replace(/\/admin\/.*$/, `/admin/appointment/manage?reference=${ORDER[site.language]}`),
      );
      const title = textOf(site, 'admin.orders.orderTitle', { reference: ORDER[site.language] });
      await page.getByRole('heading', { level: 1, name: title }).waitFor();
      await page.getByRole('region', { name: textOf(site, 'admin.history.title') }).waitFor();
      await pageSettled(page);
      const order = page.getByRole('article', { name: title });
      for (const key of [
        'admin.orders.reschedule',
        'admin.orders.editAddress',
        'common.delete',
        'common.save',
      ] as const) {
        expect(await order.getByRole('button', { name: textOf(site, key), exact: true }).count()).toBe(0);
      }
      expect(await order.getByLabel(textOf(site, 'admin.orders.changeTechnician')).count()).toBe(0);
      await expectNoAxeViolations(page, `roles-viewer-order-${site.language}`);

      await page.goto(page.url().replace(/\/admin\/.*$/, '/admin/orders'));
      await page.getByRole('heading', { level: 1, name: textOf(site, 'admin.ordersList.title') }).waitFor();
      await page.getByRole('link', { name: ORDER[site.language] }).waitFor();
      expect(await page.getByRole('link', { name: textOf(site, 'admin.menu.createOrder') }).count()).toBe(0);
      expect(await page.getByRole('button', { name: textOf(site, 'admin.ordersList.export') }).count()).toBe(0);
      await context.close();
    });
    it(`${site.language}: an admin signs a technician with a lost phone out everywhere from his page`, async () => {
      const lost = lostPhone[site.language];
      expect(await codeOf(lost.token)).toBe('OK');
      const { page, context } = await openOnSite(browser, app, site, '/admin/login');
      await signIn(page, site, people.admin);
      await page.waitForURL('**/admin/main');
      await page.goto(page.url().replace(/\/admin\/.*$/, `/admin/technicians/edit/${lost.id}`));
      await page.getByRole('heading', { level: 1, name: textOf(site, 'admin.technicians.editTitle') }).waitFor();
      await pageSettled(page);
      const action = textOf(site, 'admin.users.signOutEverywhere');
      await page.getByRole('button', { name: action, exact: true }).click();
      const dialog = page.getByRole('dialog', { name: action });
      await dialog.getByText(textOf(site, 'admin.users.signOutEverywhereBody')).waitFor();
      await expectNoAxeViolations(page, `roles-admin-technician-sign-out-${site.language}`);
      await dialog.getByRole('button', { name: action, exact: true }).click();
      await page.getByText(textOf(site, 'admin.users.signedOutEverywhere')).waitFor();
      expect(await codeOf(lost.token)).not.toBe('OK');
      await expectNoAxeViolations(page, `roles-admin-technician-signed-out-${site.language}`);
      await context.close();
    });
  }
});
