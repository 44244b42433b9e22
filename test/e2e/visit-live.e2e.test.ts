import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { formatHour } from '../../shared/clock-time.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Country } from '../../server/common/locale.js';
import { instantOf } from '../../shared/zoned-time.js';
import { personalLinkToken } from '../../server/consumer-links/personal-link.js';
import { createAdmin, createOrder, createTechnician } from '../utils/factories.js';
import { expectNoAxeViolations } from './utils/accessibility.js';
import { startAppProcess, type AppProcess } from './utils/app-process.js';
import { appTokens, openWithStorage, withDatabase } from './utils/arrange.js';
import { launchBrowser, type E2EBrowser } from './utils/browser.js';
import { openOnSite, SITES, textOf } from './utils/sites.js';

/** Monday 23 November 2026, 09:00: the visits of the day are under way. */
const NOW = '2026-11-23T09:00:00+01:00';
const TODAY = '2026-11-23';
const PHONE = { width: 390, height: 844 };

describe("the consumer's page and the office's board follow the technician's visit live (built app in Chromium)", () => {
  let app: AppProcess;
  let browser: E2EBrowser;
  let secret: string;

  beforeAll(async () => {
    app = await startAppProcess({ CLOCK_NOW: NOW });
    secret = readFileSync(join(app.dataDir, 'jwt-secret'), 'utf8').trim();
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await app?.stop();
  });

  const card = (page: Page, name: string) =>
    page.locator('li.visit-card').filter({ has: page.locator('h2', { hasText: name }) });

  for (const site of SITES) {
    it(`shows Onderweg, then Afgerond with the outcome, on the consumer's page and the office's board, without a reload; then the rating (${site.language})`, async () => {
      const country = site.language === 'fr' ? Country.BE : Country.NL;
      const zone = country === Country.BE ? 'Europe/Brussels' : 'Europe/Amsterdam';
      const { technician, order, adminToken } = await withDatabase(app, async (em) => {
        const technician = await createTechnician(em, { firstname: 'Jan', lastname: 'Verbeek', country });
        const order = await createOrder(em, {
          technician,
          country,
          name: `Klant ${site.language}`,
          appointment: instantOf(TODAY, 10, 0, zone),
          ...(country === Country.BE ? { phone: '0470 99 88 77' } : {}),
        });
        const admin = await createAdmin(em);
        return { technician, order, adminToken: appTokens(app).signAdmin(admin) };
      });
      const link = `/v/${personalLinkToken({ jwtSecret: secret }, order)}`;
      const consumer = await openOnSite(browser, app, site, link, { viewport: PHONE });
      const technicianPage = await browser.newPage({ viewport: PHONE });
      // The office, on the same site: the board of the site's country in its language.
      const office = await openOnSite(browser, app, site, '/admin/board', { storage: { adminToken } });
      const boardRow = office.page.getByRole('row').filter({ hasText: order.referenceNumber });
      const boardCell = async (column: number) => (await boardRow.getByRole('cell').nth(column).textContent())?.trim();
      try {
        await office.page.getByRole('heading', { level: 1, name: textOf(site, 'admin.board.title') }).waitFor();
        await office.page.getByRole('heading', { level: 3, name: /^Jan Verbeek/ }).waitFor();
        // Columns: window, city, status, expected arrival, outcome (the reference is the row's header).
        expect(await boardCell(0)).toBe(`${formatHour(10, site.language)}–${formatHour(13, site.language)}`);
        expect(await boardCell(2)).toBe(textOf(site, 'visit.stage.PLANNED'));
        await expectNoAxeViolations(office.page, `visit-live-board-planned-${site.language}`);

        const status = consumer.page.getByRole('status').filter({ hasText: /\S/ });
        await consumer.page
          .getByRole('heading', { name: textOf(site, 'consumer.details.greeting', { name: order.name }) })
          .waitFor();
        await consumer.page.getByText(textOf(site, 'consumer.details.callAhead'), { exact: true }).waitFor();

        await openWithStorage(
          technicianPage.page,
          app,
          { accessToken: appTokens(app).signTechnician(technician) },
          '/technician/today',
        );
        const technicianCard = card(technicianPage.page, order.name);
        await technicianCard.getByRole('button', { name: 'Onderweg' }).click();
        await technicianCard.getByRole('button', { name: 'Over 30 min' }).click();
        const tapped = Date.now();
        // The server's clock started at 09:00 and runs on while the test does: "in 30 minutes" is 09:30 or a bit later.
        const [before, after] = textOf(site, 'consumer.progress.onTheWay', { name: 'Jan', time: '\u0000' })
          .split('\u0000')
          .map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));
        const onTheWay = new RegExp(`^${before}(9(?:\\.|\u00a0h\u00a0)[3-5]\\d)${after}$`);
        await expect.poll(() => status.textContent(), { timeout: 2_000 }).toMatch(onTheWay);
        expect(Date.now() - tapped).toBeLessThan(2_000);
        const expectedArrival = onTheWay.exec((await status.textContent()) ?? '')?.[1];
        expect(await consumer.page.getByText(textOf(site, 'consumer.details.callAhead'), { exact: true }).count()).toBe(
          0,
        );
        expect(await consumer.page.getByText('Verbeek').count()).toBe(0);
        await expectNoAxeViolations(consumer.page, `visit-live-on-the-way-${site.language}`);
        await expect.poll(() => boardCell(2), { timeout: 2_000 }).toBe(textOf(site, 'visit.stage.ON_THE_WAY'));
        expect(await boardCell(3)).toBe(expectedArrival);
        await expectNoAxeViolations(office.page, `visit-live-board-on-the-way-${site.language}`);

        await technicianCard.getByRole('button', { name: 'Aangekomen' }).click();
        const arrived = textOf(site, 'consumer.progress.arrived', { name: 'Jan' });
        await expect.poll(() => status.textContent(), { timeout: 2_000 }).toBe(arrived);

        await technicianCard.getByRole('button', { name: 'Afgerond' }).click();
        await technicianCard.getByLabel('Gerepareerd').check();
        await technicianCard.getByRole('button', { name: 'Opslaan' }).click();
        const finished = `${textOf(site, 'consumer.progress.finished')} ${textOf(site, 'consumer.progress.outcome.REPAIRED')}`;
        await expect.poll(() => status.textContent(), { timeout: 2_000 }).toBe(finished);
        expect(await status.getAttribute('aria-live')).toBe('polite');
        await expect.poll(() => boardCell(2), { timeout: 2_000 }).toBe(textOf(site, 'visit.stage.FINISHED'));
        expect(await boardCell(4)).toBe(textOf(site, 'visit.outcome.REPAIRED'));
        // The board says what changed, in its polite live region (the last change, or a count of them).
        const said = office.page.locator('p[role="status"][aria-live="polite"]');
        await expect.poll(() => said.textContent(), { timeout: 15_000 }).toMatch(new RegExp(order.referenceNumber));
        await expectNoAxeViolations(office.page, `visit-live-board-finished-${site.language}`);

        // Finished while the page was open: the rating form shows at once.
        const rating = consumer.page.getByRole('group', { name: textOf(site, 'consumer.rating.title') });
        await rating.waitFor();
        await expectNoAxeViolations(consumer.page, `visit-live-finished-${site.language}`);
        await rating.locator('input[type="radio"][value="4"]').check();
        await consumer.page.getByLabel(textOf(site, 'consumer.rating.commentLabel')).fill('Vriendelijk en snel.');
        await consumer.page.getByRole('button', { name: textOf(site, 'consumer.rating.send') }).click();
        await consumer.page.getByText(textOf(site, 'consumer.rating.thanks')).waitFor();
        await consumer.page.getByRole('button', { name: textOf(site, 'consumer.rating.change') }).waitFor();
        await expectNoAxeViolations(consumer.page, `visit-live-rated-${site.language}`);
        const stored = await withDatabase(app, (em) =>
          em
            .getConnection()
            .execute<{ score: number; comment: string }[]>(
              'select score, comment from visit_ratings where order_id = ?',
              [order.id],
            ),
        );
        expect(stored).toEqual([{ score: 4, comment: 'Vriendelijk en snel.' }]);
      } finally {
        await consumer.context.close();
        await technicianPage.context.close();
        await office.context.close();
      }
      // Three pages and four axe runs: room for a loaded machine.
    }, 180_000);
  }
});
