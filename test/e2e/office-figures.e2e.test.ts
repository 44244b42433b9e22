import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Country } from '../../server/common/locale.js';
import { createAdmin, createOrder, createTechnician } from '../utils/factories.js';
import { writeRating, writeVisitStatus } from '../utils/visit-day.js';
import { expectNoAxeViolations } from './utils/accessibility.js';
import { startAppProcess, type AppProcess } from './utils/app-process.js';
import { appTokens, withDatabase } from './utils/arrange.js';
import { launchBrowser, saveScreenshot, type E2EBrowser } from './utils/browser.js';
import { openOnSite, SITES, textOf } from './utils/sites.js';

const at = (text: string) => new Date(text);
const FIGURES_PATH = '/admin/statistics/figures?from=2026-11-02&to=2026-11-04&by=TECHNICIAN';

describe("the office's figures (built app in Chromium, Dutch and French)", () => {
  let app: AppProcess;
  let browser: E2EBrowser;
  let adminToken: string;
  const references = { onTime: 'FIG-ON-TIME', late: 'FIG-LATE', notHome: 'FIG-NOT-HOME' };

  beforeAll(async () => {
    app = await startAppProcess();
    browser = await launchBrowser();
    adminToken = await withDatabase(app, async (em) => {
      const admin = await createAdmin(em);
      const anna = await createTechnician(em, { firstname: 'Anna', lastname: 'Aalders', country: Country.NL });
      const bert = await createTechnician(em, { firstname: 'Bert', lastname: 'Bakker', country: Country.NL });
      const onTime = await createOrder(em, {
        referenceNumber: references.onTime,
        technician: anna,
        appointment: at('2026-11-02T08:00:00+01:00'),
        zipcode: '1111 AA',
        houseNumber: '1',
      });
      await writeVisitStatus(em, onTime, {
        stage: 'FINISHED',
        arrivedAt: at('2026-11-02T09:30:00+01:00'),
        finishedAt: at('2026-11-02T10:00:00+01:00'),
        outcome: 'REPAIRED',
      });
      await writeRating(em, onTime, 5, at('2026-11-02T12:00:00+01:00'));
      const late = await createOrder(em, {
        referenceNumber: references.late,
        technician: anna,
        appointment: at('2026-11-03T11:00:00+01:00'),
        zipcode: '2222 BB',
        houseNumber: '2',
      });
      await writeVisitStatus(em, late, {
        stage: 'FINISHED',
        arrivedAt: at('2026-11-03T14:30:00+01:00'),
        finishedAt: at('2026-11-03T15:00:00+01:00'),
        outcome: 'FOLLOW_UP_PARTS',
      });
      const notHome = await createOrder(em, {
        referenceNumber: references.notHome,
        technician: bert,
        appointment: at('2026-11-04T08:00:00+01:00'),
        zipcode: '3333 CC',
        houseNumber: '3',
      });
      await writeVisitStatus(em, notHome, {
        stage: 'FINISHED',
        finishedAt: at('2026-11-04T09:00:00+01:00'),
        outcome: 'NOT_HOME',
      });
      return appTokens(app).signAdmin(admin);
    });
  });
  afterAll(async () => {
    await browser?.close();
    await app?.stop();
  });

  for (const site of SITES) {
    it(`shows the figures as a chart and a table, and a figure's link lists exactly its orders (${site.language})`, async () => {
      const { page, context } = await openOnSite(browser, app, site, FIGURES_PATH, { storage: { adminToken } });
      await page.getByRole('heading', { level: 1, name: textOf(site, 'admin.figures.title') }).waitFor();
      const chart = page.locator('.stats-chart-canvas');
      await chart.locator('svg').waitFor();
      // The summary names the totals: 1 of 2 reached visits on time, 1 of 2 first visits at home repaired.
      expect(await chart.getAttribute('aria-label')).toBe(
        textOf(site, 'admin.figures.summary', {
          title: textOf(site, 'admin.figures.chartTitle'),
          onTime: '67 %',
          firstTimeFix: '50 %',
          notHome: '33 %',
        }),
      );
      expect(await chart.locator('svg text').allTextContents()).toContain('Anna Aalders');
      await expectNoAxeViolations(page, `office-figures-chart-${site.language}`);

      await page.getByRole('button', { name: textOf(site, 'admin.figures.asTable'), exact: true }).click();
      const annasRow = page.getByRole('row', { name: /^Anna Aalders/ });
      await annasRow.waitFor();
      const cells = await annasRow.locator('td').allTextContents();
      expect(cells[0]).toBe('2');
      expect(cells[1]).toBe(`50 % (1 ${textOf(site, 'admin.figures.of')} 2)`);
      expect(cells[4]).toBe('1');
      await expectNoAxeViolations(page, `office-figures-table-${site.language}`);
      await saveScreenshot(page, `office-figures-table-${site.language}`);

      const onTimeName = textOf(site, 'admin.figures.countLink', {
        value: 1,
        figure: textOf(site, 'admin.figures.onTime'),
        place: 'Anna Aalders',
      });
      await page.getByRole('link', { name: onTimeName, exact: true }).click();
      await page.getByRole('heading', { level: 1, name: textOf(site, 'admin.ordersList.title') }).waitFor();
      await page.getByText(textOf(site, 'admin.ordersList.count', { count: 1 }), { exact: true }).waitFor();
      expect(await page.getByRole('link', { name: references.onTime, exact: true }).count()).toBe(1);
      expect(await page.getByRole('link', { name: references.late, exact: true }).count()).toBe(0);
      const url = new URL(page.url());
      expect(Object.fromEntries(url.searchParams)).toMatchObject({
        from: '2026-11-02',
        to: '2026-11-04',
        arrival: 'ON_TIME',
      });
      // The list says what it is narrowed by, the new filter included.
      await page
        .getByText(
          textOf(site, 'admin.ordersList.chip', {
            filter: textOf(site, 'admin.ordersList.arrival'),
            value: textOf(site, 'admin.ordersList.arrival.ON_TIME'),
          }),
        )
        .waitFor();
      await context.close();
    });
  }

  it('explains a period that is too long, in the field', async () => {
    const { page, context } = await openOnSite(browser, app, SITES[1], FIGURES_PATH, { storage: { adminToken } });
    await page.locator('.stats-chart-canvas svg').waitFor();
    await page.getByLabel(textOf(SITES[1], 'admin.figures.from')).fill('2026-01-01');
    await page.getByRole('button', { name: textOf(SITES[1], 'admin.figures.apply') }).click();
    await page.locator('[role=alert]', { hasText: 'Choisissez une période de 92 jours au plus.' }).waitFor();
    expect(await page.getByLabel(textOf(SITES[1], 'admin.figures.to')).getAttribute('aria-invalid')).toBe('true');
    await expectNoAxeViolations(page, 'office-figures-error-fr');
    await context.close();
  });
});
