import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Country } from '../../server/common/locale.js';
import { personalLinkToken } from '../../server/consumer-links/personal-link.js';
import { Holiday } from '../../server/holidays/holiday.entity.js';
import { ScheduleConfirmation } from '../../server/schedule/schedule-confirmation.entity.js';
import { SiteVisit } from '../../server/statistics/site-visit.entity.js';
import { createAdmin, createOrder, createTechnician } from '../utils/factories.js';
import { expectNoAxeViolations, expectNoHorizontalScroll, expectTextScales } from './utils/accessibility.js';
import { startAppProcess, type AppProcess } from './utils/app-process.js';
import { appTokens, withDatabase } from './utils/arrange.js';
import { launchBrowser, type E2EBrowser } from './utils/browser.js';
import { focused } from './utils/keyboard.js';
import { openOnSite, SITES, siteUrl, textOf, type Site } from './utils/sites.js';

/**
 * Every screen of the three areas, in the states a user can bring it to, checked against WCAG 2.1 A and AA
 * (axe-core, plus what axe leaves out: control borders, reflow at 320 px, text at 200 %, focus after a press)
 * on the Dutch site and on the French (Belgian) one. A new screen or state gets its check here.
 */

/** Monday 23 November 2026, 14:00: Tuesday's windows are shown; Tuesday is the technicians' next working day. */
const NOW = '2026-11-23T14:00:00+01:00';
const TOMORROW = '2026-11-24';
const at = (hour: number) => new Date(`${TOMORROW}T${String(hour).padStart(2, '0')}:00:00+01:00`);
const PASSWORD = 'a11y-wachtwoord';
/** Phone width: 320 CSS px is the width WCAG 1.4.10 (reflow) asks pages to work at without scrolling sideways. */
const NARROW = { width: 320, height: 720 };

/** What each site's customer types, and who works where. */
const PEOPLE = {
  nl: {
    lookup: { zipcode: '1234 AB', houseNumber: '12' },
    preparing: { zipcode: '5678 CD', houseNumber: '3' },
    external: { zipcode: '9999 ZZ', houseNumber: '1' },
    unknown: { zipcode: '4321 ZZ', houseNumber: '99' },
    technician: 'jan@a11y.example',
    empty: 'leeg@a11y.example',
    locked: 'lotte@a11y.example',
  },
  fr: {
    lookup: { phone: '0470 12 34 56' },
    preparing: { phone: '0472 34 56 78' },
    external: { phone: '0471 23 45 67' },
    unknown: { phone: '0499 00 00 00' },
    technician: 'luc@a11y.example',
    empty: 'lea@a11y.example',
    locked: 'louis@a11y.example',
  },
} as const;

describe('accessibility: every screen against WCAG 2.1 AA, Dutch and French (built app in Chromium)', () => {
  let app: AppProcess;
  let browser: E2EBrowser;
  let adminToken: string;
  let adminTechnicianToken: string;
  const technicianTokens: Record<string, string> = {};

  beforeAll(async () => {
    app = await startAppProcess({ CLOCK_NOW: NOW, RATE_LIMIT_LOOKUP_PER_CLIENT: '500/900' });
    browser = await launchBrowser();
    await withDatabase(app, async (em) => {
      const tokens = appTokens(app);
      const admin = await createAdmin(em, { firstname: 'Ada', lastname: 'Beheer', email: 'ada@a11y.example' });
      adminToken = tokens.signAdmin(admin);
      const jan = await createTechnician(em, {
        firstname: 'Jan',
        lastname: 'de Vries',
        email: PEOPLE.nl.technician,
        personalNumber: 'N1001',
        password: PASSWORD,
      });
      const luc = await createTechnician(em, {
        firstname: 'Luc',
        lastname: 'Peeters',
        email: PEOPLE.fr.technician,
        personalNumber: 'N2001',
        country: Country.BE,
        password: PASSWORD,
      });
      for (const [email, country] of [
        [PEOPLE.nl.empty, Country.NL],
        [PEOPLE.fr.empty, Country.BE],
      ] as const) {
        technicianTokens[email] = tokens.signTechnician(await createTechnician(em, { email, country }));
      }
      for (const [email, country] of [
        [PEOPLE.nl.locked, Country.NL],
        [PEOPLE.fr.locked, Country.BE],
      ] as const) {
        const technician = await createTechnician(em, { email, country });
        await createOrder(em, { technician, country, appointment: at(9), name: 'Vera Vastgezet', zipcode: '1000' });
        em.create(ScheduleConfirmation, { technician, date: TOMORROW, confirmedAt: new Date(NOW) });
        technicianTokens[email] = tokens.signTechnician(technician);
      }
      technicianTokens[PEOPLE.nl.technician] = tokens.signTechnician(jan);
      technicianTokens[PEOPLE.fr.technician] = tokens.signTechnician(luc);
      adminTechnicianToken = tokens.signTechnician(jan, admin);

      const anna = await createOrder(em, {
        name: 'Anna Jansen',
        referenceNumber: 'A11Y-NL-1',
        technician: jan,
        appointment: at(8),
        ...PEOPLE.nl.lookup,
      });
      await createOrder(em, {
        name: 'Anna Jansen',
        referenceNumber: 'A11Y-NL-2',
        technician: jan,
        appointment: at(14),
        ...PEOPLE.nl.lookup,
      });
      // Today's visits, for the technicians' "Vandaag" screen.
      await createOrder(em, {
        name: 'Dirk de Vries',
        technician: jan,
        appointment: new Date('2026-11-23T16:00:00+01:00'),
      });
      await createOrder(em, {
        name: 'Eline Dubois',
        country: Country.BE,
        zipcode: '1000',
        technician: luc,
        appointment: new Date('2026-11-23T16:00:00+01:00'),
      });
      // A visit of today whose window (10:30-13:30) is over without the technician: the office's board marks it late.
      for (const country of [Country.NL, Country.BE]) {
        await createOrder(em, {
          name: 'Frank Laat',
          country,
          zipcode: '1000',
          technician: null,
          appointment: new Date('2026-11-23T10:30:00+01:00'),
        });
      }
      await createOrder(em, {
        name: 'Bert Bakker',
        referenceNumber: 'A11Y-NL-3',
        technician: jan,
        special: true,
        appointment: at(11),
      });
      await createOrder(em, { appointment: new Date('2026-11-26T09:00:00+01:00'), ...PEOPLE.nl.preparing });
      await createOrder(em, { externalCompany: 1, appointment: at(9), ...PEOPLE.nl.external });
      await createOrder(em, {
        name: 'Marie Lambert',
        referenceNumber: 'A11Y-BE-1',
        country: Country.BE,
        zipcode: '1000',
        technician: luc,
        appointment: at(13),
        ...PEOPLE.fr.lookup,
      });
      await createOrder(em, {
        country: Country.BE,
        zipcode: '4000',
        appointment: new Date('2026-11-26T09:00:00+01:00'),
        ...PEOPLE.fr.preparing,
      });
      await createOrder(em, {
        country: Country.BE,
        zipcode: '2000',
        externalCompany: 1,
        appointment: at(9),
        ...PEOPLE.fr.external,
      });
      await createOrder(em, {
        name: 'Dirk Weg',
        referenceNumber: 'A11Y-DELETED',
        appointment: at(10),
        deletedAt: new Date(NOW),
      }).then((order) => {
        order.deletedByName = 'Ada Beheer';
      });
      for (const country of [Country.NL, Country.BE]) em.create(Holiday, { country, date: '2026-12-25' });
      for (const [browserName, os, count] of [
        ['Chrome', 'Android', 3],
        ['Mobile Safari', 'iOS', 2],
      ] as const) {
        for (let i = 0; i < count; i++) {
          em.create(SiteVisit, {
            visitedAt: new Date(`2026-11-20T1${i}:15:00+01:00`),
            order: anna,
            userAgent: `${browserName} on ${os}`,
            browser: browserName,
            os,
          });
        }
      }
      await em.flush();
    });
  });
  afterAll(async () => {
    await browser?.close();
    await app?.stop();
  });

  /** Every check of one site runs; the test then fails with all violations found, not only the first. */
  const collect = () => {
    const problems: string[] = [];
    return {
      check: async (run: () => Promise<void>) => {
        try {
          await run();
        } catch (caught) {
          problems.push(caught instanceof Error ? caught.message : String(caught));
        }
      },
      done: () => {
        if (problems.length) throw new Error(`${problems.length} screen(s) failed:\n\n${problems.join('\n\n')}`);
      },
    };
  };

  const open = (
    site: Site,
    path: string,
    storage?: Record<string, string>,
    viewport?: { width: number; height: number },
  ) => openOnSite(browser, app, site, path, { storage, viewport });

  const lookUp = async (page: Page, site: Site, who: { zipcode: string; houseNumber: string } | { phone: string }) => {
    if ('phone' in who) {
      await page.getByLabel(textOf(site, 'consumer.index.phoneNumber')).fill(who.phone);
    } else {
      await page.getByLabel(textOf(site, 'consumer.index.zipcode')).fill(who.zipcode);
      await page.getByLabel(textOf(site, 'consumer.index.houseNumber')).fill(who.houseNumber);
    }
    await page.getByRole('button', { name: textOf(site, 'consumer.index.submit') }).click();
  };

  /** The name and e-mail fields of the admin's and the technician's forms. */
  const fillPerson = async (page: Page, site: Site, email: string) => {
    await page.getByLabel(textOf(site, 'admin.person.firstname'), { exact: true }).fill('Noor');
    await page.getByLabel(textOf(site, 'admin.person.lastname'), { exact: true }).fill('Vermeer');
    await page.getByLabel(textOf(site, 'admin.person.email'), { exact: true }).fill(email);
  };

  const alertWithText = (page: Page) => page.getByRole('alert').filter({ hasText: /\S/ }).first().waitFor();

  for (const site of SITES) {
    const label = (name: string) => `${name}-${site.language}`;
    const people = PEOPLE[site.language];

    it(`${site.language}: consumer screens`, { timeout: 120_000 }, async () => {
      const { check, done } = collect();
      let context: BrowserContext;
      let page: Page;
      ({ page, context } = await open(site, '/'));
      await page.waitForURL('**/index');
      await page.getByRole('button', { name: textOf(site, 'consumer.index.submit') }).waitFor();
      await check(() => expectNoAxeViolations(page, label('consumer-index')));
      await check(() => expectTextScales(page, label('consumer-index')));

      await page.getByRole('button', { name: textOf(site, 'consumer.index.submit') }).click();
      await page.getByText(textOf(site, 'consumer.index.required')).first().waitFor();
      await check(() => expectNoAxeViolations(page, label('consumer-index-required')));

      await lookUp(page, site, people.unknown);
      await alertWithText(page);
      await check(() => expectNoAxeViolations(page, label('consumer-index-not-found')));

      // Before 13:30 the lookup opens the details page, which says when the window appears.
      await lookUp(page, site, people.preparing);
      await page.waitForURL('**/details');
      await page
        .getByText(/13(\.|\u00a0h\u00a0)30/)
        .first()
        .waitFor();
      await check(() => expectNoAxeViolations(page, label('consumer-details-preparing')));
      await context.close();

      ({ page, context } = await open(site, '/index'));
      await lookUp(page, site, people.lookup);
      await page.waitForURL('**/details');
      const atHome = page.getByRole('button', { name: textOf(site, 'reply.answer.AT_HOME') }).first();
      await atHome.waitFor();
      await check(() => expectNoAxeViolations(page, label('consumer-details')));
      await check(() => expectTextScales(page, label('consumer-details')));

      // A pressed answer keeps the keyboard focus while it is saved.
      await atHome.focus();
      await page.keyboard.press('Enter');
      await page.getByText(textOf(site, 'consumer.reply.savedAtHome')).first().waitFor();
      await check(async () => expect(await atHome.evaluate((button) => button === document.activeElement)).toBe(true));
      const note = page.getByLabel(textOf(site, 'consumer.reply.noteLabel')).first();
      await note.fill('x'.repeat(301));
      await page
        .getByText(textOf(site, 'consumer.reply.noteTooLong', { max: 300 }))
        .first()
        .waitFor();
      await check(() => expectNoAxeViolations(page, label('consumer-details-replied-note-too-long')));
      await context.close();

      ({ page, context } = await open(site, '/index', undefined, NARROW));
      await lookUp(page, site, people.lookup);
      await page
        .getByRole('button', { name: textOf(site, 'reply.answer.AT_HOME') })
        .first()
        .waitFor();
      await check(() => expectNoHorizontalScroll(page, label('consumer-details-320')));
      await check(() => expectTextScales(page, label('consumer-details-320')));
      await check(() => expectNoAxeViolations(page, label('consumer-details-320')));
      await context.close();

      ({ page, context } = await open(site, '/index', undefined, NARROW));
      await check(() => expectNoHorizontalScroll(page, label('consumer-index-320')));
      await check(() => expectTextScales(page, label('consumer-index-320')));
      await lookUp(page, site, people.external);
      await page.waitForURL('**/external');
      await page.locator('#external-title').waitFor();
      await check(() => expectNoAxeViolations(page, label('consumer-external')));
      await check(() => expectNoHorizontalScroll(page, label('consumer-external-320')));
      await check(() => expectTextScales(page, label('consumer-external-320')));
      await context.close();

      ({ page, context } = await open(site, '/no-such-page'));
      await page.waitForURL('**/404');
      await page.getByRole('link', { name: textOf(site, 'notFound.home') }).waitFor();
      await check(() => expectNoAxeViolations(page, label('not-found')));
      await context.close();
      done();
    });

    it(`${site.language}: technician screens`, { timeout: 240_000 }, async () => {
      const { check, done } = collect();
      let context: BrowserContext;
      let page: Page;
      ({ page, context } = await open(site, '/technician/login'));
      const signIn = page.getByRole('button', { name: textOf(site, 'staff.signIn'), exact: true });
      await signIn.waitFor();
      await check(() => expectNoAxeViolations(page, label('technician-login')));
      await page.getByLabel(textOf(site, 'staff.email')).fill(people.technician);
      await page.getByLabel(textOf(site, 'staff.password'), { exact: true }).fill('not-the-password');
      await signIn.focus();
      await page.keyboard.press('Enter');
      await alertWithText(page);
      // The pressed button keeps the focus through the sign-in attempt and its error.
      await check(async () => expect(await signIn.evaluate((button) => button === document.activeElement)).toBe(true));
      await check(() => expectNoAxeViolations(page, label('technician-login-error')));
      await context.close();

      // The server ended the session while a status tap waited on the phone: the sign-in page says so.
      const waitingTap = {
        requestId: 'a11y',
        orderId: 1,
        kind: 'set',
        stage: 'ARRIVED',
        tappedAt: new Date().toISOString(),
      };
      ({ page, context } = await open(site, '/technician/login', {
        'tijdvak.technician.endedSession': '999999',
        'tijdvak.technician.999999.waiting': JSON.stringify([waitingTap]),
      }));
      await page.getByText(textOf(site, 'technician.login.waitingTaps', { count: 1 })).waitFor();
      await check(() => expectNoAxeViolations(page, label('technician-login-waiting-taps')));

      await page.getByRole('link', { name: textOf(site, 'staff.forgotLink') }).click();
      const request = page.getByRole('button', { name: textOf(site, 'staff.forgot.submit') });
      await request.waitFor();
      await check(() => expectNoAxeViolations(page, label('technician-forgot')));
      await page.getByLabel(textOf(site, 'staff.email')).fill('nobody@a11y.example');
      await request.click();
      await alertWithText(page);
      await check(() => expectNoAxeViolations(page, label('technician-forgot-unknown')));
      await page.getByLabel(textOf(site, 'staff.email')).fill(people.technician);
      await request.click();
      await page.getByText(textOf(site, 'staff.forgot.sent')).waitFor();
      await check(() => expectNoAxeViolations(page, label('technician-forgot-sent')));

      await page.goto(siteUrl(app, site, '/technician/newpassword/not-a-real-token'));
      const reset = page.getByRole('button', { name: textOf(site, 'staff.newPassword.submit') });
      await reset.waitFor();
      await check(() => expectNoAxeViolations(page, label('technician-new-password')));
      await page.getByLabel(textOf(site, 'staff.newPassword.password')).fill('one-password');
      await page.getByLabel(textOf(site, 'staff.newPassword.repeat')).fill('other-password');
      await reset.click();
      await page.getByText(textOf(site, 'staff.newPassword.notEqual')).waitFor();
      await check(() => expectNoAxeViolations(page, label('technician-new-password-error')));
      await context.close();

      ({ page, context } = await open(site, '/technician/manage', {
        accessToken: technicianTokens[people.technician],
      }));
      const confirm = page.getByRole('button', { name: textOf(site, 'technician.manage.confirm') });
      await confirm.waitFor();
      await check(() => expectNoAxeViolations(page, label('technician-planner')));
      await check(() => expectTextScales(page, label('technician-planner')));
      await page.getByLabel(textOf(site, 'technician.manage.start')).first().selectOption('20');
      await confirm.click();
      await alertWithText(page);
      await check(() => expectNoAxeViolations(page, label('technician-planner-too-late')));
      await context.close();

      ({ page, context } = await open(
        site,
        '/technician/manage',
        { accessToken: technicianTokens[people.technician] },
        NARROW,
      ));
      await page.getByRole('button', { name: textOf(site, 'technician.manage.confirm') }).waitFor();
      await check(() => expectNoHorizontalScroll(page, label('technician-planner-320')));
      await check(() => expectTextScales(page, label('technician-planner-320')));
      await check(() => expectNoAxeViolations(page, label('technician-planner-320')));
      await context.close();

      // Today, visit by visit, at phone width: the card, the arrival question, the outcome question.
      ({ page, context } = await open(
        site,
        '/technician/today',
        { accessToken: technicianTokens[people.technician] },
        NARROW,
      ));
      const onTheWay = page.getByRole('button', {
        name: textOf(site, 'technician.today.action.onTheWay'),
        exact: true,
      });
      await onTheWay.waitFor();
      await check(() => expectNoAxeViolations(page, label('technician-today-320')));
      await check(() => expectNoHorizontalScroll(page, label('technician-today-320')));
      await check(() => expectTextScales(page, label('technician-today-320')));
      await onTheWay.click();
      const inFifteen = page.getByRole('button', { name: textOf(site, 'technician.today.inMinutes', { minutes: 15 }) });
      await inFifteen.waitFor();
      await check(() => expectNoAxeViolations(page, label('technician-today-arrival')));
      await inFifteen.click();
      await page.getByRole('button', { name: textOf(site, 'technician.today.action.arrived'), exact: true }).click();
      await page.getByRole('button', { name: textOf(site, 'technician.today.action.finished'), exact: true }).click();
      await page.getByRole('radio').first().waitFor();
      await check(() => expectNoAxeViolations(page, label('technician-today-outcome')));
      await context.close();

      // My devices on the phone (a token arranged without a session lists none).
      ({ page, context } = await open(
        site,
        '/technician/devices',
        { accessToken: technicianTokens[people.technician] },
        NARROW,
      ));
      await page.getByRole('heading', { level: 1, name: textOf(site, 'staff.devices.title') }).waitFor();
      await page.getByText(textOf(site, 'staff.devices.empty')).waitFor();
      await check(() => expectNoAxeViolations(page, label('technician-devices-320')));
      await check(() => expectNoHorizontalScroll(page, label('technician-devices-320')));
      await context.close();

      ({ page, context } = await open(site, '/technician/manage', { accessToken: technicianTokens[people.empty] }));
      await page.locator('.planner-empty').waitFor();
      await check(() => expectNoAxeViolations(page, label('technician-planner-empty')));
      await context.close();

      ({ page, context } = await open(
        site,
        '/technician/manage',
        { accessToken: technicianTokens[people.locked] },
        NARROW,
      ));
      await page.locator('.planner-banner').waitFor();
      await check(() => expectNoAxeViolations(page, label('technician-planner-locked')));
      await check(() => expectNoHorizontalScroll(page, label('technician-planner-locked-320')));
      await check(() => expectTextScales(page, label('technician-planner-locked-320')));
      await context.close();

      // The planner's confirm question, in the page; and the header menu with the sign-out.
      ({ page, context } = await open(site, '/technician/manage', {
        accessToken: technicianTokens[people.technician],
      }));
      await page.getByRole('button', { name: textOf(site, 'technician.manage.confirm') }).click();
      await page.getByRole('dialog').waitFor();
      await check(() => expectNoAxeViolations(page, label('technician-planner-confirm-dialog')));
      await page.keyboard.press('Escape');
      await page.getByRole('button', { name: textOf(site, 'technician.menu.open') }).click();
      await page.getByRole('button', { name: textOf(site, 'common.logout') }).waitFor();
      await check(() => expectNoAxeViolations(page, label('technician-menu-open')));
      await context.close();

      if (site.language === 'nl') {
        // An admin who opened the planner as the technician: the acting-as bar above the technician's own page.
        ({ page, context } = await open(site, '/technician/manage', {
          accessToken: adminTechnicianToken,
          adminToken,
        }));
        await page.getByRole('region', { name: textOf(site, 'technician.actingAs.label') }).waitFor();
        await page.getByRole('button', { name: textOf(site, 'technician.manage.confirm') }).waitFor();
        await check(() => expectNoAxeViolations(page, label('technician-planner-acting-as')));
        await context.close();
      }
      done();
    });

    it(`${site.language}: admin screens`, { timeout: 600_000 }, async () => {
      const { check, done } = collect();
      let context: BrowserContext;
      let page: Page;
      ({ page, context } = await open(site, '/admin/login'));
      const signIn = page.getByRole('button', { name: textOf(site, 'staff.signIn'), exact: true });
      await signIn.waitFor();
      await check(() => expectNoAxeViolations(page, label('admin-login')));
      await page.getByLabel(textOf(site, 'staff.email')).fill('ada@a11y.example');
      await page.getByLabel(textOf(site, 'staff.password'), { exact: true }).fill('not-the-password');
      await signIn.click();
      await alertWithText(page);
      await check(() => expectNoAxeViolations(page, label('admin-login-error')));
      await page.goto(siteUrl(app, site, '/admin/forgot'));
      await page.getByRole('button', { name: textOf(site, 'staff.forgot.submit') }).waitFor();
      await check(() => expectNoAxeViolations(page, label('admin-forgot')));
      await page.goto(siteUrl(app, site, '/admin/newpassword/not-a-real-token'));
      await page.getByRole('button', { name: textOf(site, 'staff.newPassword.submit') }).waitFor();
      await check(() => expectNoAxeViolations(page, label('admin-new-password')));
      await context.close();

      ({ page, context } = await open(site, '/admin/main', { adminToken }));
      const heading = (key: Parameters<typeof textOf>[1]) =>
        page.getByRole('heading', { level: 1, name: textOf(site, key) }).waitFor();
      const visit = async (path: string, key: Parameters<typeof textOf>[1], name: string) => {
        await page.goto(siteUrl(app, site, path));
        await heading(key);
        await page.waitForLoadState('networkidle');
        await check(() => expectNoAxeViolations(page, label(name)));
      };

      // The console: its sidebar, and the landing page's figures of the next working day and today.
      await page.getByRole('navigation', { name: textOf(site, 'admin.nav.label') }).waitFor();
      await page.getByRole('heading', { level: 2, name: textOf(site, 'admin.overview.nextWorkingDay') }).waitFor();
      await page.getByRole('heading', { level: 2, name: textOf(site, 'admin.overview.today') }).waitFor();
      await check(() => expectNoAxeViolations(page, label('admin-main')));
      await check(() => expectTextScales(page, label('admin-main')));

      // The office's board of today: per technician a table, a late visit marked in words.
      // (Its stream stays open, so the network never goes idle: the page is ready when the late mark shows.)
      await page.goto(siteUrl(app, site, '/admin/board'));
      await heading('admin.board.title');
      await page.getByText(textOf(site, 'admin.board.late.NOT_ARRIVED')).first().waitFor();
      await check(() => expectNoAxeViolations(page, label('admin-board')));

      await visit('/admin/technicians/index', 'admin.technicians.title', 'admin-technicians');
      await visit('/admin/technicians/create', 'admin.technicians.createTitle', 'admin-technician-create');
      await fillPerson(page, site, people.technician);
      await page.getByLabel(textOf(site, 'admin.technicians.personalNumber')).fill('N1001');
      await page.getByRole('button', { name: textOf(site, 'common.create') }).click();
      await alertWithText(page);
      await check(() => expectNoAxeViolations(page, label('admin-technician-create-errors')));
      await page.goto(siteUrl(app, site, '/admin/technicians/index'));
      await page
        .getByRole('link', { name: new RegExp(`^${textOf(site, 'common.edit')}`) })
        .first()
        .click();
      await heading('admin.technicians.editTitle');
      await page.waitForLoadState('networkidle');
      await check(() => expectNoAxeViolations(page, label('admin-technician-edit')));

      await visit('/admin/users/overview', 'admin.users.title', 'admin-users');
      await visit('/admin/users/create', 'admin.users.createTitle', 'admin-user-create');
      await fillPerson(page, site, 'ada@a11y.example');
      await page.getByRole('button', { name: textOf(site, 'common.create') }).click();
      await alertWithText(page);
      await check(() => expectNoAxeViolations(page, label('admin-user-create-errors')));
      await page.goto(siteUrl(app, site, '/admin/users/overview'));
      await page.getByRole('cell', { name: 'ada@a11y.example' }).click();
      await heading('admin.users.editTitle');
      await page.waitForLoadState('networkidle');
      await check(() => expectNoAxeViolations(page, label('admin-user-edit')));

      await visit('/admin/settings', 'admin.menu.settings', 'admin-settings');
      // Removing a rule removes its button: the focus goes on to adding one, and saving the gap shows the error.
      await page.getByRole('button', { name: textOf(site, 'admin.settings.remove', { n: 2 }) }).press('Enter');
      await check(async () =>
        expect((await focused(page)).name).toBe(`button "${textOf(site, 'admin.settings.add')}"`),
      );
      await page.getByRole('button', { name: textOf(site, 'common.save') }).click();
      await alertWithText(page);
      await check(() => expectNoAxeViolations(page, label('admin-settings-gap')));
      await visit('/admin/settings/messages', 'admin.messageSettings.title', 'admin-message-settings');
      await visit('/admin/settings/self-move', 'admin.selfMove.title', 'admin-self-move-settings');
      await visit('/admin/appointment/create', 'admin.menu.createOrder', 'admin-order-create');
      await page.getByRole('button', { name: textOf(site, 'common.create') }).click();
      await page.getByText(textOf(site, 'admin.orders.dateRequired')).waitFor();
      await check(() => expectNoAxeViolations(page, label('admin-order-create-no-date')));
      await page.getByLabel(textOf(site, 'admin.orders.field.date')).fill(TOMORROW);
      await page.getByRole('button', { name: textOf(site, 'common.create') }).click();
      await alertWithText(page);
      await check(() => expectNoAxeViolations(page, label('admin-order-create-errors')));

      await visit('/admin/appointment/manage', 'admin.menu.manageOrders', 'admin-order-manage');
      const reference = page.getByLabel(textOf(site, 'admin.orders.field.referenceNumber'));
      await reference.fill('A11Y-NL-1');
      await reference.press('Enter');
      await page.getByRole('heading', { name: textOf(site, 'admin.history.title') }).waitFor();
      // The window's messages, written when the app started (Tuesday's windows are published), are listed.
      await page.locator('.order-messages-table').waitFor();
      await page.waitForLoadState('networkidle');
      await check(() => expectNoAxeViolations(page, label('admin-order-found')));
      // The order page's in-page dialogs, each checked open, then closed by Escape (nothing changes).
      const inDialog = async (name: string, open: () => Promise<void>) => {
        await open();
        const dialog = page.getByRole('dialog');
        await dialog.waitFor();
        await page.waitForLoadState('networkidle');
        await check(() => expectNoAxeViolations(page, label(name)));
        await page.keyboard.press('Escape');
        await dialog.waitFor({ state: 'hidden' });
      };
      await inDialog('admin-order-reschedule-dialog', () =>
        page.getByRole('button', { name: textOf(site, 'admin.orders.reschedule') }).click(),
      );
      await inDialog('admin-order-address-dialog', () =>
        page.getByRole('button', { name: textOf(site, 'admin.orders.editAddress') }).click(),
      );
      await inDialog('admin-order-delete-dialog', () =>
        page.getByRole('button', { name: textOf(site, 'common.delete'), exact: true }).click(),
      );
      await inDialog('admin-order-reassign-dialog', async () => {
        const technician = page.getByLabel(textOf(site, 'admin.orders.changeTechnician'));
        const other = await technician
          .locator('option')
          .evaluateAll((options) =>
            options.map((option) => (option as HTMLOptionElement).value).find((value) => value && value !== 'N1001'),
          );
        await technician.selectOption(other ?? '');
        await page.getByRole('button', { name: textOf(site, 'common.save'), exact: true }).click();
      });
      // The order page has no search box: another order is opened by its address.
      await page.goto(siteUrl(app, site, '/admin/appointment/manage?reference=A11Y-DELETED'));
      await page
        .getByRole('heading', { name: textOf(site, 'admin.orders.orderTitle', { reference: 'A11Y-DELETED' }) })
        .waitFor();
      await page.waitForLoadState('networkidle');
      await check(() => expectNoAxeViolations(page, label('admin-order-deleted')));
      await inDialog('admin-order-restore-dialog', () =>
        page.getByRole('button', { name: textOf(site, 'admin.orders.restore') }).click(),
      );
      await page.goto(siteUrl(app, site, '/admin/appointment/manage?reference=NO-SUCH-ORDER'));
      await alertWithText(page);
      await check(() => expectNoAxeViolations(page, label('admin-order-not-found')));

      await visit('/admin/migrate', 'admin.menu.migrate', 'admin-migrate');
      await page.getByLabel(textOf(site, 'admin.orders.migrate.source')).selectOption('N1001');
      await page.getByLabel(textOf(site, 'admin.orders.field.date')).fill(TOMORROW);
      await page.getByText('Anna Jansen').first().waitFor();
      await check(() => expectNoAxeViolations(page, label('admin-migrate-orders')));
      await page.getByLabel(textOf(site, 'admin.orders.field.date')).fill('2026-12-01');
      await page.getByText(textOf(site, 'admin.orders.migrate.empty')).waitFor();
      await check(() => expectNoAxeViolations(page, label('admin-migrate-none')));

      await visit('/admin/export', 'admin.menu.export', 'admin-export');
      await visit('/admin/import', 'admin.menu.import', 'admin-import');
      await page.getByLabel(textOf(site, 'admin.import.file')).setInputFiles({
        name: 'orders.csv',
        mimeType: 'text/csv',
        buffer: Buffer.from('reference_number;name\nX-1;Alleen een naam\n'),
      });
      await page.getByRole('button', { name: textOf(site, 'admin.import.submit') }).click();
      await page.getByRole('heading', { name: textOf(site, 'admin.import.report') }).waitFor();
      await check(() => expectNoAxeViolations(page, label('admin-import-report')));

      await visit('/admin/statistics', 'admin.statistics.title', 'admin-statistics');
      await page.locator('.stats-chart-canvas svg').nth(3).waitFor();
      await page.getByText(textOf(site, 'admin.statistics.asTable')).first().click();
      // The table of the consumer mails, with its four columns and the total row.
      await page.getByText(textOf(site, 'admin.statistics.asTable')).last().click();
      await check(() => expectNoAxeViolations(page, label('admin-statistics-table')));

      await visit('/admin/data-requests', 'admin.dataRequests.title', 'admin-data-requests');
      await page.getByLabel(textOf(site, 'admin.dataRequests.search')).fill('12');
      await page.getByRole('button', { name: textOf(site, 'admin.dataRequests.find'), exact: true }).click();
      await alertWithText(page);
      await check(() => expectNoAxeViolations(page, label('admin-data-requests-refused')));
      await visit('/admin/statistics/figures', 'admin.figures.title', 'admin-office-figures');
      await page.locator('.stats-chart-canvas svg').waitFor();
      await page.getByRole('button', { name: textOf(site, 'admin.figures.asTable'), exact: true }).click();
      await page.locator('.figures-table').waitFor();
      await check(() => expectNoAxeViolations(page, label('admin-office-figures-table')));

      await visit('/admin/call-list', 'admin.menu.callList', 'admin-call-list');
      await visit('/admin/devices', 'staff.devices.title', 'admin-devices');
      await visit('/admin/applications', 'admin.applications.title', 'admin-applications');
      // A new application's key, shown once with its warning and copy button.
      await page.getByLabel(textOf(site, 'admin.applications.name')).fill('A11y');
      await page.getByRole('button', { name: textOf(site, 'common.create') }).click();
      await page
        .getByRole('heading', { level: 2, name: textOf(site, 'admin.applications.keyTitle', { name: 'A11y' }) })
        .waitFor();
      await check(() => expectNoAxeViolations(page, label('admin-applications-key')));
      await visit('/admin/holiday/index', 'admin.holidays.title', 'admin-holidays');
      await visit('/admin/holiday/create', 'admin.holidays.createTitle', 'admin-holiday-create');
      await page.getByLabel(textOf(site, 'admin.holidays.date')).fill(TOMORROW);
      await page.getByRole('button', { name: textOf(site, 'common.create') }).click();
      await page.getByRole('heading', { name: textOf(site, 'admin.holidays.guard.title') }).waitFor();
      await check(() => expectNoAxeViolations(page, label('admin-holiday-guard')));
      await context.close();

      for (const path of [
        '/admin/main',
        '/admin/technicians/index',
        '/admin/users/overview',
        '/admin/appointment/create',
        '/admin/migrate',
        '/admin/settings',
        '/admin/import',
        '/admin/statistics',
        '/admin/statistics/figures',
        '/admin/data-requests',
        '/admin/call-list',
        '/admin/holiday/index',
        '/admin/devices',
        '/admin/applications',
      ]) {
        const name = `admin${path.replace(/^\/admin/, '').replace(/\//g, '-')}-320`;
        ({ page, context } = await open(site, path, { adminToken }, NARROW));
        await page.getByRole('heading', { level: 1 }).waitFor();
        // The landing page follows the board's stream, so its network never goes idle: it is ready with its figures.
        if (path === '/admin/main') {
          await page.getByRole('heading', { level: 2, name: textOf(site, 'admin.overview.today') }).waitFor();
        } else {
          await page.waitForLoadState('networkidle');
        }
        await check(() => expectNoHorizontalScroll(page, label(name)));
        await check(() => expectTextScales(page, label(name)));
        await context.close();
      }

      // On a phone the console's navigation folds into a disclosure button; opened, it is checked as well.
      ({ page, context } = await open(site, '/admin/main', { adminToken }, NARROW));
      const menuButton = page.getByRole('button', { name: textOf(site, 'admin.nav.menu'), exact: true });
      await menuButton.waitFor();
      const consoleNav = page.getByRole('navigation', { name: textOf(site, 'admin.nav.label') });
      expect(await consoleNav.isVisible()).toBe(false);
      await menuButton.click();
      expect(await menuButton.getAttribute('aria-expanded')).toBe('true');
      await consoleNav.waitFor();
      await check(() => expectNoAxeViolations(page, label('admin-console-menu-open-320')));
      await check(() => expectNoHorizontalScroll(page, label('admin-console-menu-open-320')));
      await context.close();
      done();
    });
  }
});

/** Tuesday 24 November 2026, 10:00: Thursday's windows are not shown yet; Monday's visits are over. */
const MESSAGE_PAGES_NOW = '2026-11-24T10:00:00+01:00';

describe('accessibility: the pages a consumer message leads to, Dutch and French (built app in Chromium)', () => {
  let app: AppProcess;
  let browser: E2EBrowser;
  let secret: string;
  const links: Record<string, Record<'pending' | 'expired' | 'revoked' | 'current', string>> = {};

  beforeAll(async () => {
    app = await startAppProcess({ CLOCK_NOW: MESSAGE_PAGES_NOW });
    secret = readFileSync(join(app.dataDir, 'jwt-secret'), 'utf8').trim();
    const linkOf = (order: { id: number; linkGeneration: number }) =>
      `/v/${personalLinkToken({ jwtSecret: secret }, order)}`;
    await withDatabase(app, async (em) => {
      for (const site of SITES) {
        const country = site.country === 'BE' ? Country.BE : Country.NL;
        const phone = site.country === 'BE' ? '0470 99 88 77' : '06 1234 5678';
        const email = `klant-${site.language}@example.${site.language === 'fr' ? 'be' : 'nl'}`;
        const pending = await createOrder(em, {
          country,
          phone,
          email,
          appointment: new Date('2026-11-26T09:00:00+01:00'),
        });
        const past = await createOrder(em, {
          country,
          phone,
          email,
          appointment: new Date('2026-11-23T09:00:00+01:00'),
        });
        const today = await createOrder(em, {
          country,
          phone,
          email,
          appointment: new Date('2026-11-24T15:00:00+01:00'),
        });
        // deleted and restored once: the links made before the delete stay dead
        today.linkGeneration = 1;
        await em.flush();
        links[site.language] = {
          pending: linkOf(pending),
          expired: linkOf(past),
          revoked: linkOf({ id: today.id, linkGeneration: 0 }),
          current: linkOf(today),
        };
      }
    });
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await app?.stop();
  });

  for (const site of SITES) {
    it(`before 13:30: when the window appears and where it will be sent, masked (${site.language})`, async () => {
      const { page, context } = await openOnSite(browser, app, site, links[site.language].pending, {
        viewport: NARROW,
      });
      try {
        await page
          .getByText(site.language === 'fr' ? /13\u00a0h\u00a030/ : /13\.30/)
          .first()
          .waitFor();
        await page.getByText(/•••@example/).waitFor();
        await expectNoAxeViolations(page, `message-link-pending-${site.language}`);
        await expectNoHorizontalScroll(page, `message-link-pending-${site.language}`);
        await expectTextScales(page, `message-link-pending-${site.language}`);
      } finally {
        await context.close();
      }
    });

    for (const reason of ['expired', 'revoked'] as const) {
      it(`${reason === 'expired' ? 'an expired' : 'a revoked'} link says so and offers the lookup (${site.language})`, async () => {
        const { page, context } = await openOnSite(browser, app, site, links[site.language][reason], {
          viewport: NARROW,
        });
        try {
          await page.getByRole('heading', { name: textOf(site, 'consumer.link.refusedTitle') }).waitFor();
          await page
            .getByText(textOf(site, reason === 'expired' ? 'consumer.link.EXPIRED' : 'consumer.link.REVOKED'))
            .waitFor();
          await expectNoAxeViolations(page, `message-link-${reason}-${site.language}`);
          await expectNoHorizontalScroll(page, `message-link-${reason}-${site.language}`);
        } finally {
          await context.close();
        }
      });
    }

    it(`the unsubscribe page and its confirmation (${site.language})`, async () => {
      const { page, context } = await openOnSite(browser, app, site, `${links[site.language].current}/afmelden`, {
        viewport: NARROW,
      });
      try {
        await page.getByRole('heading', { name: textOf(site, 'consumer.unsubscribe.title') }).waitFor();
        await expectNoAxeViolations(page, `message-unsubscribe-${site.language}`);
        await page.getByRole('button', { name: textOf(site, 'consumer.unsubscribe.submit') }).click();
        await page.getByText(/•••@example/).waitFor();
        await expectNoAxeViolations(page, `message-unsubscribed-${site.language}`);
        await expectNoHorizontalScroll(page, `message-unsubscribed-${site.language}`);
      } finally {
        await context.close();
      }
    });
  }
});
