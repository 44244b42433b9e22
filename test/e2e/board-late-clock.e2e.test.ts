import { randomUUID } from 'node:crypto';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Country } from '../../server/common/locale.js';
import { formatClock } from '../../shared/clock-time.js';
import { addDays, instantOf, localDateOf } from '../../shared/zoned-time.js';
import { createAdmin, createOrder, createTechnician } from '../utils/factories.js';
import { postGraphQL } from '../utils/http.js';
import { writeVisitStatus } from '../utils/visit-day.js';
import { expectNoAxeViolations } from './utils/accessibility.js';
import { startAppProcess, type AppProcess } from './utils/app-process.js';
import { appTokens, openWithStorage, withDatabase } from './utils/arrange.js';
import { launchBrowser, type E2EBrowser } from './utils/browser.js';
import { focused, tabTo } from './utils/keyboard.js';
import { openOnSite, SITES, textOf, type Site } from './utils/sites.js';
import type { MessageKey } from '../../client/src/i18n/parts.js';

/**
 * Monday 2 March 2026, 12:30: months away from the machine's own date, so a screen that reads the machine's clock
 * instead of the server's shows another day and another hour.
 */
const NOW = '2026-03-02T12:30:00+01:00';
const TODAY = '2026-03-02';
const PHONE = { width: 390, height: 844 };
const SET = `mutation ($input: SetVisitStatusInput!) { setVisitStatus(input: $input) { id } }`;

describe("the board, today's progress and the server's clock (built app in Chromium, CLOCK_NOW far from the machine's)", () => {
  let app: AppProcess;
  let browser: E2EBrowser;

  beforeAll(async () => {
    // The machine's date must be another day than the server's, or the clock checks below would prove nothing.
    expect(localDateOf(new Date(), 'Europe/Amsterdam')).not.toBe(TODAY);
    app = await startAppProcess({ CLOCK_NOW: NOW });
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await app?.stop();
  });

  /**
   * A technician's day in the site's country at 12:30: one visit finished in time, one reached 45 minutes after its
   * window (the customer confirmed), one whose window ended while the technician is still on the way, and one to
   * come (the customer asked to be called).
   */
  const arrange = (site: Site) =>
    withDatabase(app, async (em) => {
      const country = site.country === 'BE' ? Country.BE : Country.NL;
      const zone = country === Country.BE ? 'Europe/Brussels' : 'Europe/Amsterdam';
      const at = (hour: number, minute = 0) => instantOf(TODAY, hour, minute, zone);
      const phone = country === Country.BE ? { phone: '0470 99 88 77' } : {};
      const technician = await createTechnician(em, {
        firstname: site.language === 'fr' ? 'Luc' : 'Anna',
        lastname: site.language === 'fr' ? 'Peeters' : 'Bakker',
        country,
      });
      const order = (name: string, hour: number) =>
        createOrder(em, { technician, country, name, appointment: at(hour), ...phone });
      const done = await order('Dirk Klaar', 6);
      const arrivedLate = await order('Eva Laat', 7);
      const onTheWay = await order('Fons Onderweg', 8);
      const toCome = await order('Gert Straks', 11);
      await writeVisitStatus(em, done, {
        stage: 'FINISHED',
        arrivedAt: at(7),
        finishedAt: at(8),
        outcome: 'REPAIRED',
      });
      await writeVisitStatus(em, arrivedLate, { stage: 'ARRIVED', arrivedAt: at(10, 45) });
      await writeVisitStatus(em, onTheWay, {
        stage: 'ON_THE_WAY',
        onTheWayAt: at(10, 50),
        expectedArrival: at(12, 50),
      });
      for (const [reply, answer] of [
        [arrivedLate, 'AT_HOME'],
        [toCome, 'CALL_ME'],
      ] as const) {
        await em.execute(
          'insert into consumer_replies (order_id, answer, created_at, updated_at) values (?, ?, ?, ?)',
          [reply.id, answer, at(9), at(9)],
        );
      }
      const admin = await createAdmin(em);
      return {
        technician,
        name: `${technician.firstname} ${technician.lastname}`,
        orders: { done, arrivedLate, onTheWay, toCome },
        adminToken: appTokens(app).signAdmin(admin),
        technicianToken: appTokens(app).signTechnician(technician),
      };
    });

  const tap = async (token: string, orderId: number, stage: 'ON_THE_WAY' | 'ARRIVED' | 'FINISHED') => {
    // "On the way" carries the technician's estimate: later than the server's now (12:30 and a bit), as the phone gives.
    const estimate =
      stage === 'ON_THE_WAY'
        ? { expectedArrival: new Date(Date.parse(NOW) + 3_600_000).toISOString() }
        : stage === 'FINISHED'
          ? { outcome: 'REPAIRED' }
          : {};
    const { body } = await postGraphQL(
      app.url,
      SET,
      { input: { requestId: randomUUID(), orderId, stage, ...estimate } },
      { token },
    );
    expect(body.errors).toBeUndefined();
  };

  /** A text of the catalogue as a pattern, its parameters given as patterns. */
  const pattern = (site: Site, key: MessageKey, params: Record<string, string>) => {
    const names = Object.keys(params);
    const marked = textOf(site, key, Object.fromEntries(names.map((name, index) => [name, `@@${index}@@`])));
    const escaped = marked.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    return escaped.replace(/@@(\d+)@@/g, (_, index: string) => `(?:${params[names[Number(index)]]})`);
  };

  for (const site of SITES) {
    it(`marks late by the one rule on the board, with names, replies and a timeline; the overview's today follows live (${site.language})`, async () => {
      const day = await arrange(site);
      const clock = (hour: number, minute: number) => formatClock({ hour, minute }, site.language);
      const window = (from: number) => `${clock(from, 0)}–${clock(from + 3, 0)}`;
      const office = await openOnSite(browser, app, site, '/admin/board', { storage: { adminToken: day.adminToken } });
      const page = office.page;
      try {
        await page.getByRole('heading', { level: 3, name: new RegExp(`^${day.name}`) }).waitFor();
        const section = page.getByRole('region', { name: new RegExp(`^${day.name}`) });
        const row = (name: string) => section.getByRole('row').filter({ hasText: name });
        const cells = (name: string) => row(name).getByRole('cell').allTextContents();

        // Reached 45 minutes after its window: late, said with the arrival in the reader's notation.
        const arrivedLate = textOf(site, 'admin.board.late.ARRIVED_LATE', { time: clock(10, 45), minutes: 45 });
        const notArrived = textOf(site, 'admin.board.late.NOT_ARRIVED');
        expect(await page.locator('.board-summary').textContent()).toBe(
          textOf(site, 'admin.board.summary', { count: 4, late: 2 }),
        );
        expect(await cells('Eva Laat')).toEqual([
          window(7),
          'Eva LaatUtrecht',
          `${textOf(site, 'visit.stage.ARRIVED')}${arrivedLate}`,
          '—',
          '—',
          textOf(site, 'admin.board.reply.CONFIRMED'),
        ]);
        expect((await cells('Fons Onderweg'))[2]).toBe(`${textOf(site, 'visit.stage.ON_THE_WAY')}${notArrived}`);
        expect(await cells('Gert Straks')).toEqual([
          window(11),
          'Gert StraksUtrecht',
          textOf(site, 'visit.stage.PLANNED'),
          '—',
          '—',
          textOf(site, 'admin.board.reply.CALL_ME'),
        ]);
        expect((await cells('Dirk Klaar'))[2]).toBe(textOf(site, 'visit.stage.FINISHED'));

        // The timeline: a list in window order, every block in words.
        const timeline = section.getByRole('list', { name: textOf(site, 'admin.board.timeline', { name: day.name }) });
        expect(await timeline.getByRole('listitem').allInnerTexts()).toEqual([
          `${textOf(site, 'admin.board.timelineVisit', { window: window(6), customer: 'Dirk Klaar' })}\n${textOf(site, 'visit.stage.FINISHED')}`,
          `${textOf(site, 'admin.board.timelineVisit', { window: window(7), customer: 'Eva Laat' })}\n${textOf(site, 'visit.stage.ARRIVED')}\n${arrivedLate}`,
          `${textOf(site, 'admin.board.timelineVisit', { window: window(8), customer: 'Fons Onderweg' })}\n${textOf(site, 'visit.stage.ON_THE_WAY')}\n${notArrived}`,
          `${textOf(site, 'admin.board.timelineVisit', { window: window(11), customer: 'Gert Straks' })}\n${textOf(site, 'visit.stage.PLANNED')}`,
        ]);
        // Blocks sit at their windows: later windows further right.
        const lefts = await timeline
          .getByRole('listitem')
          .evaluateAll((items) => items.map((item) => item.getBoundingClientRect().left));
        expect([...lefts].sort((a, b) => a - b)).toEqual(lefts);
        expect(lefts[3]).toBeGreaterThan(lefts[0]);
        // Reached with the keyboard, from the country choice before it.
        await page.locator('.board-toolbar select').focus();
        const firstBlock = textOf(site, 'admin.board.timelineVisit', { window: window(6), customer: 'Dirk Klaar' });
        await tabTo(page, `link "${firstBlock.replace(/\s+/g, ' ')}"`, 10);
        expect((await focused(page)).visible).toBe(true);
        await expectNoAxeViolations(page, `board-late-${site.language}`);

        // Eva's visit is finished: reached late it stays, with its arrival. Then Fons arrives now, long after the
        // window: still late, now as arrived late; both live.
        await tap(day.technicianToken, day.orders.arrivedLate.id, 'FINISHED');
        await expect
          .poll(async () => (await cells('Eva Laat'))[2], { timeout: 5_000 })
          .toBe(`${textOf(site, 'visit.stage.FINISHED')}${arrivedLate}`);
        await tap(day.technicianToken, day.orders.onTheWay.id, 'ARRIVED');
        await expect
          .poll(async () => (await cells('Fons Onderweg'))[2], { timeout: 5_000 })
          .toMatch(
            new RegExp(
              `^${textOf(site, 'visit.stage.ARRIVED')}${pattern(site, 'admin.board.late.ARRIVED_LATE', {
                time: site.language === 'fr' ? '12\u00a0h\u00a0[3-5]\\d' : '12\\.[3-5]\\d',
                minutes: '\\d+',
              })}$`,
            ),
          );
        expect(await page.locator('.board-summary').textContent()).toBe(
          textOf(site, 'admin.board.summary', { count: 4, late: 2 }),
        );
        await expectNoAxeViolations(page, `board-arrived-late-live-${site.language}`);

        // The landing page's today: finished 2, under way 1, to come 1, late 2 in the site's country.
        await page.goto(page.url().replace('/admin/board', '/admin/main'));
        const today = page.getByRole('region', { name: textOf(site, 'admin.overview.today') });
        const countryColumn = site.country === 'BE' ? 2 : 1;
        const progress = async () => {
          const figures: Record<string, string> = {};
          for (const key of ['finished', 'underWay', 'toCome', 'late'] as const) {
            const cellsOfRow = await today
              .getByRole('row')
              .filter({
                has: page.getByRole('rowheader', { name: textOf(site, `admin.overview.${key}`), exact: true }),
              })
              .locator('td, th')
              .allTextContents();
            figures[key] = cellsOfRow[countryColumn];
          }
          return figures;
        };
        await today.waitFor();
        expect(await progress()).toEqual({ finished: '2', underWay: '1', toCome: '1', late: '2' });
        await expectNoAxeViolations(page, `overview-progress-${site.language}`);
        // A tap on the other side of the country: the figures follow within seconds, not at the next minute's read.
        await tap(day.technicianToken, day.orders.onTheWay.id, 'FINISHED');
        await tap(day.technicianToken, day.orders.toCome.id, 'ON_THE_WAY');
        await expect
          .poll(progress, { timeout: 10_000 })
          .toEqual({ finished: '3', underWay: '1', toCome: '0', late: '2' });
      } finally {
        await office.context.close();
      }
    }, 180_000);
  }

  it("reads the figures' period and the offline banner from the server's clock, not the machine's", async () => {
    const day = await arrange(SITES[0]);
    for (const site of SITES) {
      const office = await openOnSite(browser, app, site, '/admin/statistics/figures', {
        storage: { adminToken: day.adminToken },
      });
      try {
        const from = office.page.getByLabel(textOf(site, 'admin.figures.from'));
        await from.waitFor();
        expect(await from.inputValue()).toBe(addDays(TODAY, -6));
        expect(await office.page.getByLabel(textOf(site, 'admin.figures.to')).inputValue()).toBe(TODAY);
        await expectNoAxeViolations(office.page, `figures-server-clock-${site.language}`);
      } finally {
        await office.context.close();
      }
    }

    // The technician's page on 127.0.0.1 (a secure origin, so its service worker runs), in each site's language.
    const banner = {
      nl: /^Offline — bijgewerkt om 12\.[34]\d$/,
      fr: /^Hors ligne — mis à jour à 12\u00a0h\u00a0[34]\d$/,
    };
    for (const site of SITES) {
      const technicianDay = site === SITES[0] ? day : await arrange(site);
      const { page, context } = await browser.newPage({ viewport: PHONE });
      try {
        const locale = `?country=${site.country}&lang=${site.language}`;
        await openWithStorage(page, app, { accessToken: technicianDay.technicianToken }, `/technician/manage${locale}`);
        await page.getByRole('heading', { level: 1 }).waitFor();
        await page.getByRole('link', { name: textOf(site, 'technician.nav.today') }).click();
        await page.getByRole('heading', { name: 'Gert Straks' }).waitFor();
        await waitForOfflineCopy(page);
        await context.setOffline(true);
        await page.reload();
        // The copy was loaded at 12:30 and a bit by the server's clock, whatever the machine's says.
        await page.getByText(banner[site.language]).waitFor();
        await expectNoAxeViolations(page, `technician-offline-server-clock-${site.language}`);
      } finally {
        await context.close();
      }
    }
  }, 180_000);
});

/** The technician area's service worker has kept the pages, so a reload without network still opens them. */
async function waitForOfflineCopy(page: Page): Promise<void> {
  await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
  await expect
    .poll(() =>
      page.evaluate(async () => {
        const cache = await caches.open('tijdvak-technician-v1');
        const paths = (await cache.keys()).map((request) => new URL(request.url).pathname);
        return paths.includes('/technician/manage') && paths.some((path) => path.startsWith('/assets/'));
      }),
    )
    .toBe(true);
  await expect
    .poll(() => page.evaluate(() => Object.keys(localStorage).some((key) => key.endsWith('.today'))))
    .toBe(true);
}
