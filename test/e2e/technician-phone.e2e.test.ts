import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Country } from '../../server/common/locale.js';
import { VisitOutcome, VisitStage, VisitStatus } from '../../server/visits/visit-status.entity.js';
import { instantOf } from '../../shared/zoned-time.js';
import { formatHour } from '../../shared/clock-time.js';
import { createAdmin, createOrder, createTechnician } from '../utils/factories.js';
import { expectNoAxeViolations } from './utils/accessibility.js';
import { startAppProcess, type AppProcess } from './utils/app-process.js';
import { appTokens, withDatabase } from './utils/arrange.js';
import { launchBrowser, saveScreenshot, type E2EBrowser } from './utils/browser.js';
import { clockTimesSince } from './utils/arrival.js';
import { openOnSite, SITES, textOf, type Site } from './utils/sites.js';

/** Monday 23 November 2026, 09:00 in Amsterdam and Brussels: a working morning. Tuesday is the planner's day. */
const NOW = '2026-11-23T09:00:00+01:00';
const PHONE = { width: 390, height: 844 };
const PASSWORD = 'monteur-telefoon';

describe("the technician's phone: where the work is, one thumb (built app in Chromium, 390 px)", () => {
  let app: AppProcess;
  let browser: E2EBrowser;

  let appStartedAt = 0;

  beforeAll(async () => {
    appStartedAt = Date.now();
    app = await startAppProcess({ CLOCK_NOW: NOW });
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await app?.stop();
  });

  const zoneOf = (site: Site) => (site.country === 'BE' ? 'Europe/Brussels' : 'Europe/Amsterdam');
  const countryOf = (site: Site) => (site.country === 'BE' ? Country.BE : Country.NL);

  /**
   * Anna at 07:00 (already finished), Bert at 10:00, Carla at 13:00, Dirk at 16:00 today; Eva tomorrow. A technician
   * without visits today gets only Eva.
   */
  const arrange = (site: Site, withToday = true) =>
    withDatabase(app, async (em) => {
      const country = countryOf(site);
      const zone = zoneOf(site);
      const email = `phone-${site.language}-${withToday ? 'day' : 'free'}-${Date.now()}@example.test`;
      const technician = await createTechnician(em, { firstname: 'Sam', country, email, password: PASSWORD });
      const common = { technician, country, zipcode: country === Country.BE ? '9000' : '3511 CD', city: 'Gent' };
      const today = (hour: number) => instantOf('2026-11-23', hour, 0, zone);
      if (withToday) {
        const anna = await createOrder(em, { ...common, appointment: today(7), name: 'Anna Jansen' });
        // The next stop has a street, and a number typed as people type them at import.
        await createOrder(em, {
          ...common,
          appointment: today(10),
          name: 'Bert Bakker',
          ...(country === Country.BE
            ? { street: 'Veldstraat', houseNumber: '62', phone: '0477/00.04.69' }
            : { street: 'Oudegracht', houseNumber: '12', houseNumberAddition: 'a', phone: '06-12345678' }),
        });
        await createOrder(em, { ...common, appointment: today(13), name: 'Carla de Boer' });
        await createOrder(em, { ...common, appointment: today(16), name: 'Dirk Peeters' });
        em.create(VisitStatus, {
          order: anna,
          stage: VisitStage.FINISHED,
          steppedBack: false,
          arrivedAt: today(7),
          finishedAt: today(8),
          outcome: VisitOutcome.REPAIRED,
          updatedAt: today(8),
        });
        await em.flush();
      }
      await createOrder(em, { ...common, appointment: instantOf('2026-11-24', 9, 0, zone), name: 'Eva Smit' });
      return { technician, email };
    });

  const signIn = async (page: Page, site: Site, email: string) => {
    await page.getByLabel(textOf(site, 'staff.email')).fill(email);
    await page.getByLabel(textOf(site, 'staff.password'), { exact: true }).fill(PASSWORD);
    await page.getByRole('button', { name: textOf(site, 'staff.signIn'), exact: true }).click();
  };

  const card = (page: Page, name: string) =>
    page.locator('li.visit-card').filter({ has: page.locator('h2', { hasText: name }) });
  const button = (scope: Page | Locator, site: Site, key: Parameters<typeof textOf>[1], params = {}) =>
    scope.getByRole('button', { name: textOf(site, key, params), exact: true });

  /** Wholly inside the viewport and above the tab bar: visible without scrolling, in thumb reach. */
  const expectInThumbReach = async (page: Page, target: Locator) => {
    const box = await target.boundingBox();
    const tabs = await page.locator('nav.technician-tabs').boundingBox();
    expect(box).not.toBeNull();
    expect(tabs).not.toBeNull();
    if (!box || !tabs) return;
    expect(box.y).toBeGreaterThanOrEqual(0);
    expect(box.y + box.height).toBeLessThanOrEqual(tabs.y);
    expect(box.height).toBeGreaterThanOrEqual(44);
  };

  for (const site of SITES) {
    it(`${site.language}: signs in to today on a visit day, next stop first, feedback on the card`, async () => {
      const { email } = await arrange(site);
      const { page, context } = await openOnSite(browser, app, site, '/technician/login', { viewport: PHONE });
      await signIn(page, site, email);
      await page.waitForURL('**/technician/today');
      await page.getByRole('heading', { level: 1, name: textOf(site, 'technician.today.pageTitle') }).waitFor();

      // The tab bar sits at the bottom edge, with big targets and the current tab marked.
      const tabs = page.getByRole('navigation', { name: textOf(site, 'technician.nav.label') });
      const bar = await tabs.boundingBox();
      expect(bar && Math.round(bar.y + bar.height)).toBe(PHONE.height);
      for (const key of ['technician.nav.today', 'technician.nav.planner'] as const) {
        const tab = tabs.getByRole('link', { name: textOf(site, key) });
        expect((await tab.boundingBox())?.height).toBeGreaterThanOrEqual(44);
      }
      expect(
        await tabs.getByRole('link', { name: textOf(site, 'technician.nav.today') }).getAttribute('aria-current'),
      ).toBe('page');
      // Signing out is in the menu, not a big button above the first visit.
      expect(await page.getByRole('button', { name: textOf(site, 'common.logout') }).isVisible()).toBe(false);

      // The day in one line; the next stop on top, with its buttons visible without scrolling.
      expect(await page.getByTestId('today-summary').textContent()).toBe(
        textOf(site, 'technician.today.dayCount', { count: 4, time: formatHour(19, site.language) }),
      );
      const first = page.locator('li.visit-card').first();
      expect(await first.locator('h2').textContent()).toContain('Bert Bakker');
      expect(await first.textContent()).toContain(textOf(site, 'technician.today.next'));
      await expectInThumbReach(page, button(first, site, 'technician.today.action.onTheWay'));
      await expectInThumbReach(page, button(first, site, 'technician.today.action.arrived'));
      // The route link names the street; the number shows in the national notation and dials in E.164.
      const route = decodeURIComponent(
        (await first.locator('a[href^="https://www.google.com/maps/"]').getAttribute('href')) ?? '',
      );
      expect(route).toContain(site.country === 'BE' ? 'Veldstraat 62' : 'Oudegracht 12a');
      const call = first.locator('a[href^="tel:"]');
      expect(await call.getAttribute('href')).toBe(site.country === 'BE' ? 'tel:+32477000469' : 'tel:+31612345678');
      expect(await call.textContent()).toContain(site.country === 'BE' ? '0477 00 04 69' : '06 12 34 56 78');

      // The finished visit is folded into one line at the end, which opens.
      const fold = button(page, site, 'technician.today.finishedSummary', { finished: 1, total: 4 });
      expect(await fold.getAttribute('aria-expanded')).toBe('false');
      expect(await card(page, 'Anna Jansen').isVisible()).toBe(false);
      await expectNoAxeViolations(page, `technician-phone-${site.language}-today-folded`);
      await saveScreenshot(page, `technician-phone-${site.language}-today`);
      await fold.click();
      expect(await fold.getAttribute('aria-expanded')).toBe('true');
      await card(page, 'Anna Jansen').waitFor();
      await expectNoAxeViolations(page, `technician-phone-${site.language}-today-unfolded`);
      await fold.click();

      // Onderweg asks when: the keyboard (and a screen reader) goes to that question.
      await button(card(page, 'Bert Bakker'), site, 'technician.today.action.onTheWay').click();
      await expect
        .poll(() =>
          page.evaluate(() => {
            const active = document.activeElement;
            return active?.tagName === 'FIELDSET' ? active.querySelector('legend')?.textContent : null;
          }),
        )
        .toBe(textOf(site, 'technician.today.arrivalQuestion'));
      await button(card(page, 'Bert Bakker'), site, 'technician.today.inMinutes', { minutes: 30 }).click();
      await expect
        .poll(() => card(page, 'Bert Bakker').locator('[data-status]').textContent())
        .toBeOneOf(
          clockTimesSince(appStartedAt, 30, site.language).map((time) =>
            textOf(site, 'visit.status.onTheWay', { time }),
          ),
        );

      // A refused tap says why on its own card, in an alert there (read out by screen readers).
      const carla = card(page, 'Carla de Boer');
      await button(carla, site, 'technician.today.action.onTheWay').click();
      await button(carla, site, 'technician.today.inMinutes', { minutes: 15 }).click();
      // The card's other alert (its visit record's) stays empty: the refusal is said once, in the tap's own.
      const carlaAlert = carla.getByRole('alert').filter({ hasText: /\S/ });
      await expect.poll(() => carlaAlert.textContent()).toMatch(/Bert Bakker/);
      expect(await carlaAlert.textContent()).toContain(
        site.language === 'nl' ? 'U bent al onderweg naar Bert Bakker' : 'Vous êtes déjà en route vers Bert Bakker',
      );
      await expect.poll(() => carla.locator('[data-status]').textContent()).toBe(textOf(site, 'visit.status.planned'));
      await expectNoAxeViolations(page, `technician-phone-${site.language}-card-error`);
      await saveScreenshot(page, `technician-phone-${site.language}-card-error`);

      // Aangekomen at Bert, then Aangekomen at Carla while still at Bert: refused, with the reason on Carla's card.
      await button(card(page, 'Bert Bakker'), site, 'technician.today.action.arrived').click();
      // The server's clock runs on from 09:00 since the app started: the arrival is whatever minute it is now.
      const arrivedAt = clockTimesSince(appStartedAt, 0, site.language);
      await expect
        .poll(() => card(page, 'Bert Bakker').locator('[data-status]').textContent())
        .toBeOneOf(arrivedAt.map((time) => textOf(site, 'visit.status.arrived', { time })));
      const arrivedText = await card(page, 'Bert Bakker').locator('[data-status]').textContent();
      // Exact, not contained: in French "9 h" is the start of "9 h 01".
      const arrived = arrivedAt.find((time) => arrivedText === textOf(site, 'visit.status.arrived', { time }));
      await button(carla, site, 'technician.today.action.arrived').click();
      await expect
        .poll(() => carlaAlert.textContent())
        .toBe(
          site.language === 'nl'
            ? `U bent nog bij Bert Bakker (aangekomen om ${arrived}). Meld daar eerst "Afgerond", of corrigeer "Aangekomen" daar.`
            : `Vous êtes encore chez Bert Bakker (arrivé à ${arrived}). Indiquez d'abord «\u00a0Terminée\u00a0» là-bas, ou corrigez «\u00a0Arrivé\u00a0».`,
        );
      await expect.poll(() => carla.locator('[data-status]').textContent()).toBe(textOf(site, 'visit.status.planned'));
      await expectInThumbReach(page, carlaAlert);

      // The outcome choices are whole rows to tap.
      await button(card(page, 'Bert Bakker'), site, 'technician.today.action.finished').click();
      const outcomes = card(page, 'Bert Bakker').locator('label.visit-outcome');
      expect(await outcomes.count()).toBe(4);
      for (const height of await outcomes.evaluateAll((labels) =>
        labels.map((label) => label.getBoundingClientRect().height),
      )) {
        expect(height).toBeGreaterThanOrEqual(44);
      }
      await card(page, 'Bert Bakker').getByLabel(textOf(site, 'visit.outcome.REPAIRED')).check();
      await button(card(page, 'Bert Bakker'), site, 'technician.today.save').click();
      // Bert folds away with Anna; Carla is the next stop now, on top.
      await button(page, site, 'technician.today.finishedSummary', { finished: 2, total: 4 }).waitFor();
      expect(await page.locator('li.visit-card').first().locator('h2').textContent()).toContain('Carla de Boer');
      expect(await page.locator('li.visit-card').first().textContent()).toContain(
        textOf(site, 'technician.today.next'),
      );
      await context.close();
    });

    it(`${site.language}: signs in to the planner on a day without visits; the confirm asks in the page`, async () => {
      const { email } = await arrange(site, false);
      const { page, context } = await openOnSite(browser, app, site, '/technician/login', { viewport: PHONE });
      await signIn(page, site, email);
      await page.waitForURL('**/technician/manage');
      expect(await page.getByTestId('planner-summary').textContent()).toBe(
        `${textOf(site, 'technician.manage.summary', { count: 1, first: formatHour(9, site.language), last: formatHour(12, site.language) })} · ${textOf(
          site,
          'technician.manage.summaryOpen',
        )}`,
      );
      const confirm = button(page, site, 'technician.manage.confirm');
      await expectInThumbReach(page, confirm);
      await confirm.click();
      const dialog = page.getByRole('dialog');
      await dialog.waitFor();
      expect(await dialog.textContent()).toContain(
        textOf(site, 'technician.manage.confirmBody', {
          count: 1,
          first: formatHour(9, site.language),
          last: formatHour(12, site.language),
        }),
      );
      await expectNoAxeViolations(page, `technician-phone-${site.language}-confirm-dialog`);
      await saveScreenshot(page, `technician-phone-${site.language}-confirm-dialog`);
      await button(dialog, site, 'technician.manage.confirm').click();
      await page.getByText(textOf(site, 'technician.manage.confirmed')).waitFor();
      expect(await page.getByTestId('planner-summary').textContent()).toContain(
        textOf(site, 'technician.manage.summaryConfirmed'),
      );

      // The sign-out, from the menu.
      await button(page, site, 'technician.menu.open').click();
      await expectNoAxeViolations(page, `technician-phone-${site.language}-menu`);
      await button(page, site, 'common.logout').click();
      await page.waitForURL('**/technician/login');
      await context.close();
    });
  }

  it("clears the last technician's copies of their day when another technician opens the area on the phone", async () => {
    const site = SITES[0];
    const first = await arrange(site);
    const second = await arrange(site);
    const admin = await withDatabase(app, (em) => createAdmin(em));
    const tokens = appTokens(app);
    const keysOf = (page: Page) =>
      page.evaluate(() =>
        Object.keys(localStorage)
          .filter((key) => key.startsWith('tijdvak.technician.'))
          .sort(),
      );
    // An admin works as the first technician: the day is copied onto the phone.
    const { page, context } = await openOnSite(browser, app, site, '/technician/today', {
      viewport: PHONE,
      storage: { accessToken: tokens.signTechnician(first.technician, admin), adminToken: tokens.signAdmin(admin) },
    });
    await card(page, 'Bert Bakker').waitFor();
    await expect.poll(() => keysOf(page)).toEqual([`tijdvak.technician.${first.technician.id}.today`]);

    // Then opens the area as the second one without going back first: only the second one's day stays.
    await page.evaluate(
      (token) => localStorage.setItem('accessToken', token),
      tokens.signTechnician(second.technician, admin),
    );
    await page.goto(`http://${site.host}:${app.port}/technician/today`);
    await card(page, 'Bert Bakker').waitFor();
    await expect.poll(() => keysOf(page)).toEqual([`tijdvak.technician.${second.technician.id}.today`]);

    // A copy left without a session (the phone handed over) goes when the next technician signs in.
    await page.evaluate(() => localStorage.removeItem('accessToken'));
    await page.goto(`http://${site.host}:${app.port}/technician/login`);
    await signIn(page, site, first.email);
    await page.waitForURL('**/technician/today');
    await expect.poll(() => keysOf(page)).toEqual([`tijdvak.technician.${first.technician.id}.today`]);
    await context.close();
  });
});
